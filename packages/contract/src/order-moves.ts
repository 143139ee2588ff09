import { orderShippingTypeOf } from './delivery.js';
import type { OrderStatus } from './order.js';
import type { DeliveryType } from './shop.js';

/**
 * The moves each role may make on an order, given the order (ARCHITECTURE §4, issue 16): the one
 * rule the server (which refuses anything else with 409), the app (which actions the customer
 * sees) and the back office (which buttons the pharmacist sees) consult. Each move is data — the
 * statuses it starts from, the status it reaches, and what of the order may still refuse it — so
 * the three sides cannot drift apart again (decision 0435).
 */

/** What of an order decides its moves: status, delivery type, payment state (`payment.valid` 1 = paid). */
export interface OrderMoveFacts {
  status: OrderStatus;
  delivery_type: DeliveryType | null;
  payment: { valid: number };
}

/** Why a move is refused; each side maps it to its text (the server to its 409 code and message). */
export type OrderMoveRefusal = 'wrongStatus' | 'notShippable' | 'notShipped' | 'alreadyPaid';

interface MoveRule {
  /** The statuses the move starts from. */
  from: readonly OrderStatus[];
  /** The status it reaches (a payment-type change keeps `finalizing`). */
  to: OrderStatus;
  /** What of the order may still refuse it once the status is right. */
  refuse?: (order: OrderMoveFacts) => OrderMoveRefusal | null;
}

/** A delivery to an address (a pickup point is one, decision 0104) ships; a collection in the pharmacy does not. */
function ships(order: OrderMoveFacts): boolean {
  return order.delivery_type !== null && orderShippingTypeOf(order.delivery_type) === 'address';
}

const unlessPaid = (order: OrderMoveFacts): OrderMoveRefusal | null => (order.payment.valid === 1 ? 'alreadyPaid' : null);

/**
 * The pharmacist's moves, named as their URL (`POST /admin/orders/{id}/{move}`): take charge and
 * finalize (prepare), reopen a proposal the customer has not paid, then process, ship (deliveries
 * only), complete (a delivery once shipped, a collection straight from processing) or cancel
 * before shipping.
 */
export const PHARMACIST_ORDER_MOVES = {
  'take-charge': { from: ['created'], to: 'managing' },
  finalize: { from: ['managing'], to: 'finalizing' },
  reopen: { from: ['finalizing'], to: 'managing', refuse: unlessPaid },
  process: { from: ['confirmed'], to: 'processing' },
  ship: { from: ['processing'], to: 'shipped', refuse: (o) => (ships(o) ? null : 'notShippable') },
  complete: { from: ['processing', 'shipped'], to: 'completed', refuse: (o) => (o.status === 'processing' && ships(o) ? 'notShipped' : null) },
  cancel: { from: ['created', 'managing', 'finalizing', 'confirmed', 'processing'], to: 'cancelled' },
} as const satisfies Record<string, MoveRule>;
export type PharmacistOrderMove = keyof typeof PHARMACIST_ORDER_MOVES;

/**
 * The customer's moves (spec §4: only while the order waits for them in `finalizing`), named as
 * their URL (`POST /order/{id}/{move}`): confirm, cancel and change the payment type — the last
 * two only while unpaid. With an online type still to pay, confirming is paying ({@link canPayOnline}):
 * the provider's notification confirms, and `/confirm` answers 409 until then.
 */
export const CUSTOMER_ORDER_MOVES = {
  confirm: { from: ['finalizing'], to: 'confirmed' },
  cancel: { from: ['finalizing'], to: 'cancelled', refuse: unlessPaid },
  'payment-type': { from: ['finalizing'], to: 'finalizing', refuse: unlessPaid },
} as const satisfies Record<string, MoveRule>;
export type CustomerOrderMove = keyof typeof CUSTOMER_ORDER_MOVES;

export type OrderRole = 'pharmacist' | 'customer';
type MoveOf<R extends OrderRole> = R extends 'pharmacist' ? PharmacistOrderMove : CustomerOrderMove;

const RULES: { [R in OrderRole]: Record<MoveOf<R>, MoveRule> } = {
  pharmacist: PHARMACIST_ORDER_MOVES,
  customer: CUSTOMER_ORDER_MOVES,
};

/** Why `role` may not make `move` on `order` now, or null when it may. */
export function orderMoveRefusal<R extends OrderRole>(order: OrderMoveFacts, role: R, move: MoveOf<R>): OrderMoveRefusal | null {
  const rule = (RULES[role] as Record<string, MoveRule>)[move];
  if (!rule) return 'wrongStatus';
  // `ship` from any status names the real reason: only deliveries ship.
  if (role === 'pharmacist' && move === 'ship' && !ships(order)) return 'notShippable';
  if (!rule.from.includes(order.status)) return 'wrongStatus';
  return rule.refuse?.(order) ?? null;
}

/** The moves `role` may make on `order` now, in the table's order (the order the screens show them). */
export function allowedMoves<R extends OrderRole>(order: OrderMoveFacts, role: R): MoveOf<R>[] {
  return (Object.keys(RULES[role]) as MoveOf<R>[]).filter((move) => orderMoveRefusal(order, role, move) === null);
}

/** The status `move` leads to (for the state machine's actor check and the history). */
export function orderMoveTarget<R extends OrderRole>(role: R, move: MoveOf<R>): OrderStatus {
  return (RULES[role] as Record<string, MoveRule>)[move]!.to;
}

/** What the customer may do with an order now (the app's buttons in the order detail). */
export interface CustomerOrderActions {
  changePaymentType: boolean;
  cancel: boolean;
  confirm: boolean;
}

export function customerOrderActions(order: OrderMoveFacts): CustomerOrderActions {
  const moves = allowedMoves(order, 'customer');
  return { changePaymentType: moves.includes('payment-type'), cancel: moves.includes('cancel'), confirm: moves.includes('confirm') };
}
