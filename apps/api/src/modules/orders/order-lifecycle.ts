import {
  canTransitionOrder,
  type DeliveryType,
  fillMessage,
  messages,
  type OrderActor,
  type OrderMoveFacts,
  type OrderRole,
  type OrderStatus,
  orderMoveRefusal,
  orderStatusListLabel,
  type PharmacistOrderMove,
  type CustomerOrderMove,
} from '@farmacia/contract';
import { nowIso } from '../../db/column.js';
import { conflict } from '../../errors.js';
import { awardOrderPoints } from '../loyalty/index.js';
import { notifyUser } from '../notifications/index.js';
import { releaseOrderVoucher } from '../vouchers/index.js';
import type { Executor } from '../../db/database.js';
import { raiseLive } from '../../live/index.js';
import * as repo from './orders.repository.js';
import type { OrderRow, OrderTable } from './orders.table.js';

/** Who moves an order: the customer, a pharmacist or admin of its shop, or the payment provider. */
export interface OrderActorRef {
  kind: OrderActor;
  /** The user who acted; null for the provider's notification. */
  userId: number | null;
  /** The role recorded in the history (customer, pharmacist, admin, payment). */
  role: string;
}

export const PAYMENT_ACTOR: OrderActorRef = { kind: 'payment', userId: null, role: 'payment' };

export const transitionNotAllowed = () => conflict('ORDER_TRANSITION_NOT_ALLOWED', messages.orders.transitionNotAllowed);

/** What of a stored order the contract's move rule reads. */
export const moveFactsOf = (row: OrderRow): OrderMoveFacts => ({
  status: row.status,
  delivery_type: row.delivery_type as DeliveryType,
  payment: { valid: row.payment_valid },
});

/**
 * Refuses (409) a move the contract's `allowedMoves` does not list for this role and order, with
 * the reason's code and text; the server accepts exactly the moves the app and the console offer.
 */
export function requireMove(row: OrderRow, role: 'pharmacist', move: PharmacistOrderMove): void;
export function requireMove(row: OrderRow, role: 'customer', move: CustomerOrderMove): void;
export function requireMove(row: OrderRow, role: OrderRole, move: PharmacistOrderMove | CustomerOrderMove): void {
  switch (orderMoveRefusal(moveFactsOf(row), role, move)) {
    case null:
      return;
    case 'notShippable':
      throw conflict('ORDER_NOT_SHIPPABLE', messages.orders.shipOnlyAddress);
    case 'notShipped':
      throw conflict('ORDER_NOT_SHIPPED', messages.orders.shipBeforeComplete);
    case 'alreadyPaid':
      throw conflict('ORDER_ALREADY_PAID', messages.orders.alreadyPaid);
    case 'wrongStatus':
      // The customer's code (spec §4: they act only on a finalizing order) is kept as it was.
      throw role === 'customer' ? conflict('ORDER_NOT_FINALIZING', messages.orders.transitionNotAllowed) : transitionNotAllowed();
  }
}

export interface TransitionInput {
  order: OrderRow;
  to: OrderStatus;
  actor: OrderActorRef;
  /** Other columns changed with the status (payment flag, final totals...). */
  changes?: Partial<Omit<OrderTable, 'id' | 'status' | 'updated_at'>>;
  /** Only if payment_valid still is this (a payment must not be counted twice). */
  expectPaymentValid?: number;
  note?: string | null;
  /** The text the customer receives; the status's default when omitted. */
  message?: string;
}

/**
 * Makes one status change the state machine allows for this actor (else 409), atomically: only
 * if the order is still in the status it was read in, recorded in order_events (who, when, from,
 * to), announced to the customer on their channels and, on completion, turned into loyalty
 * points — all in the caller's transaction, so a change never exists without its consequences.
 */
export async function transition(db: Executor, input: TransitionInput): Promise<OrderRow> {
  const { order, to, actor } = input;
  if (!canTransitionOrder(order.status, to, actor.kind)) throw transitionNotAllowed();
  const at = nowIso();
  const updated = await repo.transitionOrder(
    db,
    order.id,
    order.status,
    { ...input.changes, status: to, updated_at: at },
    input.expectPaymentValid === undefined ? {} : { paymentValid: input.expectPaymentValid },
  );
  // Someone else moved it first (a double click, a notification racing a cancel).
  if (!updated) throw transitionNotAllowed();
  await repo.insertOrderEvent(db, {
    order_id: order.id,
    actor_user_id: actor.userId,
    actor_role: actor.role,
    from_status: order.status,
    to_status: to,
    note: input.note ?? null,
    created_at: at,
  });
  // Loyalty points accrue on completion, in the same transaction (idempotent per order).
  if (to === 'completed') await awardOrderPoints(db, { ...updated, medicine_cents: await repo.medicineCents(db, order.id) });
  // A cancelled order gives its voucher's use back, in the same transaction (once: the redemption goes).
  if (to === 'cancelled') await releaseOrderVoucher(db, order.id);
  await announce(db, updated, input.message);
  await raiseLive(db, orderChange(updated, 'changed'));
  return updated;
}

/** Tells the customer what happened to their order (push, sms, email as they chose). */
async function announce(db: Executor, order: OrderRow, message?: string): Promise<void> {
  const status = order.status;
  if (status === 'created') return;
  const body = message ?? fillMessage(messages.orders.statusChanged[status], { id: order.id });
  const subject = fillMessage(messages.orders.mailStatusSubject, { id: order.id, status: orderStatusListLabel(status) });
  const info = status === 'finalizing' && order.info ? `\n\n${fillMessage(messages.orders.mailPharmacyNotes, { info: order.info })}` : '';
  await notifyUser(db, order.user_id, {
    title: subject,
    body,
    url: `/app/orders/${order.id}`,
    tag: `order-${order.id}`,
    email: { subject, text: `${body}${info}\n\n${messages.orders.mailFollowUp}` },
  });
}

/** The first event of an order: created by the customer's checkout. */
export async function recordCreation(db: Executor, order: OrderRow): Promise<void> {
  await repo.insertOrderEvent(db, {
    order_id: order.id,
    actor_user_id: order.user_id,
    actor_role: 'customer',
    from_status: null,
    to_status: 'created',
    note: null,
    created_at: order.created_at,
  });
  await raiseLive(db, orderChange(order, 'created'));
}

/** The live update of an order (decision 0525): its shop's staff and its customer see it. */
export const orderChange = (order: OrderRow, action: 'created' | 'changed') =>
  ({ topic: 'order', action, id: order.id, shopId: order.shop_id, userId: order.user_id }) as const;
