import { checkoutMessages } from '@farmacia/contract';
import type { ReactNode } from 'react';
import { Price } from './ui/price';

/**
 * The money of a cart or an order (spec §9): subtotal, delivery (its term and its value as the
 * caller words them), the discount when there is one, and the total due.
 */
export function MoneyTotals({
  subTotal,
  shippingTerm = checkoutMessages.shipping,
  shipping,
  discount,
  total,
}: {
  subTotal: number;
  shippingTerm?: string;
  shipping: ReactNode;
  discount: number;
  total: number;
}) {
  return (
    <dl className="order-totals">
      <dt>{checkoutMessages.subtotal}</dt>
      <dd>
        <Price euro={subTotal} />
      </dd>
      <dt>{shippingTerm}</dt>
      <dd>{shipping}</dd>
      {discount > 0 ? (
        <>
          <dt>{checkoutMessages.discount}</dt>
          <dd>
            − <Price euro={discount} />
          </dd>
        </>
      ) : null}
      <dt className="order-totals__total">{checkoutMessages.total}</dt>
      <dd className="order-totals__total">
        <Price euro={total} />
      </dd>
    </dl>
  );
}
