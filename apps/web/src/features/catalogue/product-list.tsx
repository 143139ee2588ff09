import { catalogueMessages, type ProductHit, productOffer, productThumbnailSrc } from '@farmacia/contract';
import { memo } from 'react';
import { Price } from '../../components/ui/price';
import { AddToCartButton } from './add-to-cart';
import { FullPrice } from './full-price';
import { ProductLink } from './product-link';

/**
 * One product of a result list: picture, name, maker, price, link to its page and add to cart.
 * Memoised, like the list: a keystroke in the search box re-renders the search screen, and on a
 * slow phone re-rendering every result (each with its links and cart button) made each keystroke
 * a long task (issue 22); a page of results is the same objects until the next search answers.
 */
export const ProductListItem = memo(function ProductListItem({ product }: { product: ProductHit }) {
  const offer = productOffer(product);
  return (
    <li className="product-item">
      <img
        className="product-item__image"
        src={productThumbnailSrc(product.immagine)}
        alt=""
        width="72"
        height="72"
        loading="lazy"
        decoding="async"
      />
      <div className="product-item__text">
        <ProductLink code={product.codice_ministeriale} className="product-item__name">
          {product.nome_prodotto}
        </ProductLink>
        {product.descrizione_ditta_1_produttrice ? (
          <span className="product-item__maker">{product.descrizione_ditta_1_produttrice}</span>
        ) : null}
        <span className="product-item__price">
          <Price euro={product.prezzo} />
          <FullPrice euro={product.prezzo_pieno} className="product-item__full-price" />
        </span>
        {offer === 'addToCart' ? null : (
          <span className="product-item__note">{offer === 'prescriptionOnly' ? catalogueMessages.prescriptionOnly : catalogueMessages.unavailable}</span>
        )}
      </div>
      {offer === 'prescriptionOnly' ? null : (
        <AddToCartButton code={product.codice_ministeriale} name={product.nome_prodotto} compact disabled={offer !== 'addToCart'} />
      )}
    </li>
  );
});

/** A list of products (search results, a category's products). */
export const ProductList = memo(function ProductList({ products, label }: { products: readonly ProductHit[]; label: string }) {
  return (
    <ul className="product-list" aria-label={label}>
      {products.map((product) => (
        <ProductListItem key={product.codice_ministeriale} product={product} />
      ))}
    </ul>
  );
});
