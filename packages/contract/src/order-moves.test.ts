import { describe, expect, it } from 'vitest';
import { canTransitionOrder, ORDER_STATUSES, ORDER_TRANSITIONS, type OrderStatus } from './order.js';
import {
  allowedMoves,
  CUSTOMER_ORDER_MOVES,
  customerOrderActions,
  type OrderRole,
  orderMoveRefusal,
  orderMoveTarget,
  PHARMACIST_ORDER_MOVES,
} from './order-moves.js';
import { DELIVERY_TYPES } from './shop.js';

/**
 * The order moves as a table over every status × delivery type × payment state × role, written
 * out by hand from ARCHITECTURE §4 and spec §4 (not computed from the rule it checks).
 */
type Way = 'collected' | 'delivered';
type Paid = 'unpaid' | 'paid';
type Expected = Record<OrderStatus, Record<Way, Record<Paid, string[]>>>;

const same = (moves: string[]) => ({ unpaid: moves, paid: moves });
const everywhere = (moves: string[]) => ({ collected: same(moves), delivered: same(moves) });

const PHARMACIST: Expected = {
  created: everywhere(['take-charge', 'cancel']),
  managing: everywhere(['finalize', 'cancel']),
  // A proposal the customer paid is not reopened for changes.
  finalizing: {
    collected: { unpaid: ['reopen', 'cancel'], paid: ['cancel'] },
    delivered: { unpaid: ['reopen', 'cancel'], paid: ['cancel'] },
  },
  confirmed: everywhere(['process', 'cancel']),
  // A collection is completed from processing; a delivery ships first.
  processing: { collected: same(['complete', 'cancel']), delivered: same(['ship', 'cancel']) },
  shipped: everywhere(['complete']),
  completed: everywhere([]),
  cancelled: everywhere([]),
};

const CUSTOMER: Expected = {
  created: everywhere([]),
  managing: everywhere([]),
  finalizing: {
    collected: { unpaid: ['confirm', 'cancel', 'payment-type'], paid: ['confirm'] },
    delivered: { unpaid: ['confirm', 'cancel', 'payment-type'], paid: ['confirm'] },
  },
  confirmed: everywhere([]),
  processing: everywhere([]),
  shipped: everywhere([]),
  completed: everywhere([]),
  cancelled: everywhere([]),
};

const WAY = { inShop: 'collected', vendingMachine: 'collected', pickupPoint: 'delivered', address: 'delivered' } as const;
const EXPECTED: Record<OrderRole, Expected> = { pharmacist: PHARMACIST, customer: CUSTOMER };

describe('allowedMoves: every status × delivery type × payment state × role', () => {
  for (const role of ['pharmacist', 'customer'] as const) {
    for (const status of ORDER_STATUSES) {
      for (const delivery of [...DELIVERY_TYPES, null]) {
        for (const paid of ['unpaid', 'paid'] as const) {
          const expected = EXPECTED[role][status][delivery === null ? 'collected' : WAY[delivery]][paid];
          it(`${role}, ${status}, ${delivery ?? 'no delivery type'}, ${paid} → ${expected.join(', ') || 'nothing'}`, () => {
            const order = { status, delivery_type: delivery, payment: { valid: paid === 'paid' ? 1 : 0 } };
            expect(allowedMoves(order, role)).toEqual(expected);
          });
        }
      }
    }
  }
});

describe('order move rules', () => {
  it('every move takes an edge of the state machine for its role, and every edge of the role is some move', () => {
    for (const [role, table] of [
      ['pharmacist', PHARMACIST_ORDER_MOVES],
      ['customer', CUSTOMER_ORDER_MOVES],
    ] as const) {
      const edges = new Set<string>();
      for (const [move, rule] of Object.entries(table)) {
        for (const from of rule.from) {
          if (rule.to === from) continue; // the payment-type change keeps the status
          expect(canTransitionOrder(from, rule.to, role), `${role} ${move} ${from} → ${rule.to}`).toBe(true);
          edges.add(`${from}>${rule.to}`);
        }
      }
      for (const [from, targets] of Object.entries(ORDER_TRANSITIONS)) {
        for (const [to, actors] of Object.entries(targets)) {
          if (actors?.includes(role)) expect(edges.has(`${from}>${to}`), `${role} ${from} → ${to}`).toBe(true);
        }
      }
    }
  });

  it('names why a move is refused, so each side can say it', () => {
    const order = (status: OrderStatus, delivery_type: 'inShop' | 'address', valid = 0) => ({ status, delivery_type, payment: { valid } });
    expect(orderMoveRefusal(order('processing', 'inShop'), 'pharmacist', 'ship')).toBe('notShippable');
    expect(orderMoveRefusal(order('created', 'inShop'), 'pharmacist', 'ship')).toBe('notShippable');
    expect(orderMoveRefusal(order('created', 'address'), 'pharmacist', 'ship')).toBe('wrongStatus');
    expect(orderMoveRefusal(order('processing', 'address'), 'pharmacist', 'complete')).toBe('notShipped');
    expect(orderMoveRefusal(order('finalizing', 'address', 1), 'pharmacist', 'reopen')).toBe('alreadyPaid');
    expect(orderMoveRefusal(order('created', 'address'), 'pharmacist', 'reopen')).toBe('wrongStatus');
    expect(orderMoveRefusal(order('finalizing', 'inShop', 1), 'customer', 'payment-type')).toBe('alreadyPaid');
    expect(orderMoveRefusal(order('confirmed', 'inShop'), 'customer', 'confirm')).toBe('wrongStatus');
    expect(orderMoveRefusal(order('finalizing', 'inShop'), 'customer', 'confirm')).toBeNull();
  });

  it('gives the status each move reaches', () => {
    expect(orderMoveTarget('pharmacist', 'take-charge')).toBe('managing');
    expect(orderMoveTarget('pharmacist', 'reopen')).toBe('managing');
    expect(orderMoveTarget('customer', 'payment-type')).toBe('finalizing');
  });

  it('the app shows the customer the actions of the moves', () => {
    const order = (valid: number) => ({ status: 'finalizing' as const, delivery_type: 'inShop' as const, payment: { valid } });
    expect(customerOrderActions(order(0))).toEqual({ changePaymentType: true, cancel: true, confirm: true });
    expect(customerOrderActions(order(1))).toEqual({ changePaymentType: false, cancel: false, confirm: true });
    expect(customerOrderActions({ ...order(0), status: 'confirmed' })).toEqual({ changePaymentType: false, cancel: false, confirm: false });
  });
});
