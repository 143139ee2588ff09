import { type CategoryRef, isInStock, catalogueMessages, scanMessages, type Product, productOffer } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { AfterPaint } from '../../components/ui/after-paint';
import { Collapsible } from '../../components/ui/collapsible';
import { Fact } from '../../components/ui/fact';
import { PlainLink } from '../../components/ui/plain-link';
import { Price } from '../../components/ui/price';
import { AddToCartButton } from './add-to-cart';
import { FullPrice } from './full-price';
import { categoryHref, productQueryOptions } from './catalogue-api';
import { useShopKey } from '../../lib/current-shop';
import { CatalogueQueryState, isMissing } from './page-states';
import { useScreenTitle } from './use-screen-title';
import './catalogue.css';

const routeApi = getRouteApi('/_app/app/product/$code');

/** Where the prescription entry lives (spec §2); linked only once that screen exists. */
const PRESCRIPTION_PATH = '/app/prescription';

/** The category path of a product as links, level 1 first (each link opens that level). */
function CategoryLinks({ categories }: { categories: readonly CategoryRef[] }) {
  const sorted = [...categories].sort((a, b) => a.level - b.level);
  return (
    <ol className="breadcrumb breadcrumb--inline">
      {sorted.map((category, index) => (
        <li key={category.slug}>
          <PlainLink href={categoryHref(sorted.slice(0, index + 1).map((c) => c.slug))}>{category.name}</PlainLink>
        </li>
      ))}
    </ol>
  );
}

/** Buying: the prescription notice for prescription medicines (ARCHITECTURE §7), add to cart otherwise. */
function BuyBox({ product }: { product: Product }) {
  const router = useRouter();
  const offer = productOffer(product);
  if (offer === 'notSold') {
    // Issue 18: this pharmacy does not sell it; the customer may ask for it (product request).
    return (
      <div className="notice notice--info product__not-sold">
        <p>{catalogueMessages.notSoldHereHint}</p>
        <PlainLink href="/app/productPhoto" className="button button--primary button--block">
          {scanMessages.packRequest}
        </PlainLink>
      </div>
    );
  }
  if (offer === 'prescriptionOnly') {
    return (
      <div className="notice notice--info product__prescription">
        <p>
          <strong>{catalogueMessages.prescriptionOnly}</strong>
        </p>
        <p>{catalogueMessages.prescriptionNeeded}</p>
        {PRESCRIPTION_PATH in router.routesByPath ? (
          <PlainLink href={PRESCRIPTION_PATH} className="button button--primary button--block">
            {catalogueMessages.enterPrescription}
          </PlainLink>
        ) : null}
      </div>
    );
  }
  return (
    <>
      <AddToCartButton code={product.codice_ministeriale} name={product.nome_prodotto} withQuantity disabled={offer === 'unavailable'} />
      {offer === 'unavailable' ? <p className="product__hint">{catalogueMessages.unavailableHint}</p> : null}
    </>
  );
}

function ProductDetails({ product }: { product: Product }) {
  const available = isInStock(product);
  const sold = product.in_vendita !== false;
  return (
    <article className="page catalogue product">
      <h1 className="product__name">{product.nome_prodotto}</h1>
      {product.descrizione_ditta_1_produttrice ? <p className="product__maker">{product.descrizione_ditta_1_produttrice}</p> : null}
      <img
        className="product__image"
        src={product.immagine}
        alt={product.nome_prodotto}
        width="280"
        height="280"
        // Above the fold and usually the largest paint: fetched at once, not lazily (Lighthouse LCP).
        fetchPriority="high"
      />
      {sold ? (
        <div className="product__price-row">
          <Price euro={product.prezzo} className="product__price" />
          <FullPrice euro={product.prezzo_pieno} className="product__full-price" />
          {product.promo ? <span className="badge">{catalogueMessages.promo}</span> : null}
        </div>
      ) : null}
      <p className={available ? 'product__stock product__stock--in' : 'product__stock product__stock--out'}>
        {sold ? (available ? catalogueMessages.available : catalogueMessages.unavailable) : catalogueMessages.notSoldHere}
      </p>

      <dl className="product__facts">
        <Fact term={catalogueMessages.code}>{product.codice_ministeriale}</Fact>
        {product.descrizione_pricipio_attivo ? <Fact term={catalogueMessages.activePrinciple}>{product.descrizione_pricipio_attivo}</Fact> : null}
        {product.categorie.length > 0 ? (
          <Fact term={catalogueMessages.categories}>
            <CategoryLinks categories={product.categorie} />
          </Fact>
        ) : null}
      </dl>

      <BuyBox product={product} />

      {/* Below the fold: it renders one frame after the top (AfterPaint, decision 0594), so the
          product's start has no long task of the whole page's commit and layout. */}
      <AfterPaint pendingClassName="product__later">
        <div className="product__info">
          {product.descrizione ? (
            <Collapsible level={2} title={catalogueMessages.description} defaultOpen>
              <p>{product.descrizione}</p>
            </Collapsible>
          ) : null}
          {product.descrizione_ditta_1_produttrice ? (
            <Collapsible level={2} title={catalogueMessages.manufacturer}>
              <p>{product.descrizione_ditta_1_produttrice}</p>
            </Collapsible>
          ) : null}
          {product.descrizione_atc ? (
            <Collapsible level={2} title={catalogueMessages.atc}>
              <p>{product.descrizione_atc}</p>
            </Collapsible>
          ) : null}
          <Collapsible level={2} title={catalogueMessages.otherInfo}>
            <dl className="product__facts">
              {product.descrizione_estesa_degrassi ? <Fact term={catalogueMessages.fullName}>{product.descrizione_estesa_degrassi}</Fact> : null}
              <Fact term={catalogueMessages.code}>{product.codice_ministeriale}</Fact>
            </dl>
          </Collapsible>
        </div>
      </AfterPaint>
    </article>
  );
}

/** Spec §2 Product page (`/app/product/{code}`, the ministerial code). */
export function ProductScreen() {
  const { code } = routeApi.useParams();
  const query = useQuery(productQueryOptions(useShopKey(), code));
  const notFound = isMissing(query.error);
  useScreenTitle(query.data?.nome_prodotto ?? (notFound ? catalogueMessages.productNotFound : undefined));
  if (!query.isSuccess) {
    const missing = { title: catalogueMessages.productNotFound, text: catalogueMessages.productNotFoundText, to: '/app/search', action: catalogueMessages.backToSearch } as const;
    return <CatalogueQueryState query={query} missing={missing} />;
  }
  return <ProductDetails product={query.data} />;
}
