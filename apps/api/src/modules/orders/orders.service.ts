import {
  CART_QUANTITY_MAX,
  type DeliveryType,
  isOnlinePaymentType,
  messages,
  type Order,
  type PaymentMethods,
  type PaymentType,
} from '@farmacia/contract';
import { nowIso } from '../../db/column.js';
import { conflict, notFound, validationFailed } from '../../errors.js';
import { cartOwnerOf } from '../cart/index.js';
import { loadCartState, setProductQuantity } from '../cart/index.js';
import { catalogueProductsByCode } from '../catalogue/index.js';
import { isPaymentTypeAllowed, paymentMethodsOf, shippingConfigurations } from '../payments/index.js';
import { keptOrderList } from './kept-order-lists.js';
import { type OrderActorRef, requireMove, transition } from './order-lifecycle.js';
import { amountDueCents, presentOrder, presentOrders } from './order-view.js';
import * as repo from './orders.repository.js';
import type { OrderRow } from './orders.table.js';
import type { ServiceContext } from '../../context.js';
import type { Executor } from '../../db/database.js';

/** The customer (spec §6: a customer reaches only their own orders). */
export interface OrderCustomer {
  id: number;
  shopId: number;
}

const customerActor = (customer: OrderCustomer): OrderActorRef => ({ kind: 'customer', userId: customer.id, role: 'customer' });

export const orderNotFound = () => notFound(messages.orders.notFound);

/** The customer's own order row; another customer's order is as absent as one nobody has. */
export function findOwnOrder(ctx: ServiceContext, customer: OrderCustomer, id: number): Promise<OrderRow | undefined> {
  return repo.findUserOrder(ctx.db, customer.id, id);
}

/** The customer's own order row, or 404 (another customer's order is not found, never shown). */
export async function ownOrderRow(ctx: ServiceContext, customer: OrderCustomer, id: number): Promise<OrderRow> {
  const row = await findOwnOrder(ctx, customer, id);
  if (!row) throw orderNotFound();
  return row;
}

/** Any order by id, whoever owns it: for the payment side, which finds the order from its payment. */
export function findOrder(db: Executor, id: number): Promise<OrderRow | undefined> {
  return repo.findOrder(db, id);
}

/** `GET /order`: the customer's orders, last updated first. */
export async function listOrders(ctx: ServiceContext, customer: OrderCustomer): Promise<Order[]> {
  // Polled by the app: kept while the customer's order list version stays (decision 0590).
  return keptOrderList(ctx.db, customer.id, (rows, lines) => presentOrders(ctx, rows, lines));
}

export async function getOrder(ctx: ServiceContext, customer: OrderCustomer, id: number): Promise<Order> {
  return presentOrder(ctx, await ownOrderRow(ctx, customer, id));
}

/** `GET /order/{id}/payment-methods`: the types this order may switch to (its delivery type, the settlement rule). */
export async function orderPaymentMethods(ctx: ServiceContext, customer: OrderCustomer, id: number): Promise<PaymentMethods> {
  const row = await ownOrderRow(ctx, customer, id);
  const config = await shippingConfigurations(ctx, row.shop_id);
  return paymentMethodsOf(config, {
    deliveryType: row.delivery_type as DeliveryType,
    offlineOnly: row.requires_pharmacy_settlement === 1,
  });
}

/**
 * `POST /order/{id}/payment-type/{type}` (spec §4: only in finalizing): the type must be one the
 * shop offers for the order's delivery type; an order settled at the pharmacy takes no online
 * type; a paid order keeps its payment.
 */
export async function changePaymentType(
  ctx: ServiceContext,
  customer: OrderCustomer,
  id: number,
  type: PaymentType,
): Promise<Order> {
  const row = await ownOrderRow(ctx, customer, id);
  requireMove(row, 'customer', 'payment-type');
  const settledAtPharmacy = row.requires_pharmacy_settlement === 1;
  if (settledAtPharmacy && isOnlinePaymentType(type)) {
    throw validationFailed({ paymentType: [messages.orders.pharmacySettlement] });
  }
  const config = await shippingConfigurations(ctx, row.shop_id);
  if (!isPaymentTypeAllowed(config, type, row.delivery_type as DeliveryType, settledAtPharmacy)) {
    throw validationFailed({ paymentType: [messages.orders.paymentTypeNotAllowed] });
  }
  if (type === row.payment_type) return presentOrder(ctx, row);
  const updated = await repo.updateOrderIn(ctx.db, row.id, 'finalizing', { payment_type: type, updated_at: nowIso() });
  if (!updated) throw conflict('ORDER_NOT_FINALIZING', messages.orders.transitionNotAllowed);
  return presentOrder(ctx, updated);
}

/**
 * `POST /order/{id}/confirm` (spec §4): with an offline payment (or nothing left to pay) the
 * order is confirmed now; with an online type it is confirmed by the provider's verified
 * notification, so this answers 409 until the payment arrives.
 */
export async function confirmOrder(ctx: ServiceContext, customer: OrderCustomer, id: number): Promise<Order> {
  const row = await ownOrderRow(ctx, customer, id);
  requireMove(row, 'customer', 'confirm');
  const nothingToPay = amountDueCents(row) === 0;
  if (isOnlinePaymentType(row.payment_type) && row.payment_valid !== 1 && !nothingToPay) {
    throw conflict('ORDER_PAYMENT_REQUIRED', messages.orders.paymentRequired);
  }
  const updated = await ctx.db.transaction().execute((trx) =>
    transition(trx, {
      order: row,
      to: 'confirmed',
      actor: customerActor(customer),
      ...(nothingToPay && isOnlinePaymentType(row.payment_type) ? { changes: { payment_valid: 1, paid_at: nowIso() } } : {}),
    }),
  );
  return presentOrder(ctx, updated);
}

/** `POST /order/{id}/cancel` (spec §4: only in finalizing and unpaid, irreversible). */
export async function cancelOrder(ctx: ServiceContext, customer: OrderCustomer, id: number): Promise<Order> {
  const row = await ownOrderRow(ctx, customer, id);
  requireMove(row, 'customer', 'cancel');
  const updated = await ctx.db.transaction().execute((trx) =>
    transition(trx, { order: row, to: 'cancelled', actor: customerActor(customer), expectPaymentValid: 0 }),
  );
  return presentOrder(ctx, updated);
}

/**
 * `POST /order/{id}/duplicate` ("reorder"): the order's products go back into the cart, added to
 * what is there (up to the cart's maximum of 10 per product). Lines marked unavailable and
 * products no longer sold are skipped; prescriptions are not copied (each is used once).
 */
export async function duplicateOrder(
  ctx: ServiceContext,
  customer: OrderCustomer,
  id: number,
): Promise<{ message: string; data: { added: string[]; skipped: string[] } }> {
  const row = await ownOrderRow(ctx, customer, id);
  const lines = (await repo.listOrderProducts(ctx.db, [row.id])).filter((l) => l.unavailable !== 1 && l.quantity > 0);
  const owner = cartOwnerOf(customer);
  const inCatalogue = await catalogueProductsByCode(ctx.db, owner.shopId, lines.map((l) => l.code));
  const inCart = new Map((await loadCartState(ctx, owner)).lines.map((l) => [l.product_code, l.quantity]));
  const added: string[] = [];
  const skipped: string[] = [];
  for (const line of lines) {
    if (!inCatalogue.has(line.code)) {
      skipped.push(line.code);
      continue;
    }
    const quantity = Math.min(CART_QUANTITY_MAX, (inCart.get(line.code) ?? 0) + line.quantity);
    await setProductQuantity(ctx, owner, line.code, quantity);
    inCart.set(line.code, quantity);
    added.push(line.code);
  }
  if (added.length === 0) throw conflict('ORDER_NOTHING_TO_REORDER', messages.orders.nothingToReorder);
  return { message: messages.cart.productsAdded, data: { added, skipped } };
}
