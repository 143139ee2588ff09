import { fillMessage, checkoutMessages, ordersMessages, type Order, orderPayableTotal } from '@farmacia/contract';
import { MoneyTotals } from '../../components/money-totals';
import { Price } from '../../components/ui/price';

/** The money of an order: subtotal, delivery, discount and the total shown = total − discount (spec §9). */
export function OrderTotals({ order }: { order: Order }) {
  return (
    <MoneyTotals
      subTotal={order.subTotal}
      shippingTerm={order.shippingMethod ? `${checkoutMessages.shipping} (${order.shippingMethod.label})` : checkoutMessages.shipping}
      shipping={order.shippingMethod && order.shippingMethod.price === 0 ? checkoutMessages.free : <Price euro={order.shippingMethod?.price ?? 0} />}
      discount={order.discount_amount}
      total={orderPayableTotal(order)}
    />
  );
}

/** The order's products, with unavailable and prescription-only lines marked. */
export function OrderLines({ order }: { order: Order }) {
  if (order.products.length === 0) return null;
  return (
    <ul className="cart-items">
      {order.products.map((line) => (
        <li key={line.code} className={line.unavailable ? 'cart-item order-line--unavailable' : 'cart-item'}>
          <div className="cart-item__text">
            <span className="cart-item__title">{line.name}</span>
            <span className="cart-item__detail">
              {line.quantity} × <Price euro={line.price} />
            </span>
            {line.prescription_only ? <span className="cart-item__detail">{ordersMessages.prescriptionOnly}</span> : null}
          </div>
          {line.unavailable ? <span className="badge badge--neutral">{ordersMessages.unavailable}</span> : <Price euro={line.total} />}
        </li>
      ))}
    </ul>
  );
}

/** 'Ordine n. 12'. */
export const orderTitle = (id: number) => fillMessage(ordersMessages.number, { id });
