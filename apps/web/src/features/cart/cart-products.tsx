import { CART_QUANTITY_CHOICES, type CartProduct, fillMessage, cartMessages, catalogueMessages, productPagePath, productThumbnailSrc } from '@farmacia/contract';
import { useId } from 'react';
import { Button } from '../../components/ui/button';
import { PlainLink } from '../../components/ui/plain-link';
import { Price } from '../../components/ui/price';
import { showToast } from '../../components/ui/toast';
import { useRemoveProduct, useSetQuantity } from '../../lib/cart-api';

/** One product line: picture, name, unit price, quantity 0–10 (0 removes, spec §5), line total. */
function CartProductLine({ line }: { line: CartProduct }) {
  const selectId = useId();
  const setQuantity = useSetQuantity();
  const remove = useRemoveProduct();
  const busy = setQuantity.isPending || remove.isPending;
  const failed = () => showToast(cartMessages.updateFailed, { tone: 'warning' });

  // A quantity above the choices (never expected) stays selectable rather than silently changing.
  const choices = CART_QUANTITY_CHOICES.includes(line.quantity) ? CART_QUANTITY_CHOICES : [...CART_QUANTITY_CHOICES, line.quantity];
  return (
    <li className={line.unavailable ? 'cart-line cart-line--unavailable' : 'cart-line'} aria-busy={busy || undefined}>
      {line.image ? <img className="cart-line__image" src={productThumbnailSrc(line.image)} alt="" width="64" height="64" loading="lazy" decoding="async" /> : <span className="cart-line__image" />}
      <div className="cart-line__text">
        {line.unavailable && !line.not_sold_here ? (
          <span className="cart-line__name">{line.name}</span>
        ) : (
          // A product this shop does not sell keeps its link: its page offers to request it (issue 18).
          <PlainLink href={productPagePath(line.code)} className="cart-line__name">
            {line.name}
          </PlainLink>
        )}
        {line.unavailable ? (
          <span className="cart-line__note cart-line__note--warning">
            {line.not_sold_here
              ? `${catalogueMessages.notSoldHere}. ${cartMessages.notSoldHereHint}`
              : `${cartMessages.productUnavailable}. ${cartMessages.unavailableHint}`}
          </span>
        ) : (
          <span className="cart-line__unit">
            <Price euro={line.amount} /> <span className="cart-line__each">{cartMessages.each}</span>
            {line.promo ? <span className="badge">{catalogueMessages.promo}</span> : null}
          </span>
        )}
        {line.prescription_only ? <span className="cart-line__note">{cartMessages.prescriptionOnly}</span> : null}
      </div>
      <div className="cart-line__controls">
        <label className="visually-hidden" htmlFor={selectId}>
          {fillMessage(cartMessages.quantityOf, { name: line.name })}
        </label>
        <select
          id={selectId}
          className="cart-line__quantity"
          value={line.quantity}
          disabled={busy}
          onChange={(event) => setQuantity.mutate({ code: line.code, quantity: Number(event.target.value) }, { onError: failed })}
        >
          {choices.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        <Price euro={line.total} className="cart-line__total" />
        <Button variant="link" className="cart-line__remove" disabled={busy} onClick={() => remove.mutate(line.code, { onError: failed })}>
          {cartMessages.remove}
          <span className="visually-hidden"> {line.name}</span>
        </Button>
      </div>
    </li>
  );
}

export function CartProducts({ products }: { products: readonly CartProduct[] }) {
  return (
    <ul className="cart-lines" aria-label={cartMessages.productsLabel}>
      {products.map((line) => (
        <CartProductLine key={line.code} line={line} />
      ))}
    </ul>
  );
}
