import { orderPayableTotal } from './common/money.js';
import { describe, expect, it } from 'vitest';
import { canPayOnline, canTransitionOrder, isOrderClosed, ORDER_STATUSES, type OrderActor } from './order.js';

/**
 * The whole state machine, move by move (ARCHITECTURE §4): every (from, to, actor) not listed
 * here must be refused, so a move added or dropped by mistake fails this test (issue 21).
 */
const LEGAL = new Set([
  'created → managing by pharmacist',
  'created → cancelled by pharmacist',
  'managing → finalizing by pharmacist',
  'managing → cancelled by pharmacist',
  'finalizing → managing by pharmacist',
  'finalizing → confirmed by customer',
  'finalizing → confirmed by payment',
  'finalizing → cancelled by customer',
  'finalizing → cancelled by pharmacist',
  'confirmed → processing by pharmacist',
  'confirmed → cancelled by pharmacist',
  'processing → shipped by pharmacist',
  'processing → completed by pharmacist',
  'processing → cancelled by pharmacist',
  'shipped → completed by pharmacist',
]);
const ACTORS: OrderActor[] = ['customer', 'pharmacist', 'payment'];

describe('the order state machine, exhaustively', () => {
  it('allows exactly the moves of the lifecycle, each to its actors only', () => {
    const allowed = [];
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        for (const actor of ACTORS) if (canTransitionOrder(from, to, actor)) allowed.push(`${from} → ${to} by ${actor}`);
      }
    }
    expect(new Set(allowed)).toEqual(LEGAL);
  });

  it('calls only completed and cancelled orders closed', () => {
    expect(ORDER_STATUSES.filter(isOrderClosed)).toEqual(['completed', 'cancelled']);
  });

  it('never takes an online payment for an order settled at the pharmacy', () => {
    const order = { status: 'finalizing' as const, paymentType: 'paypal', payment: { valid: 0 }, total: 20, discount_amount: 0 };
    expect(canPayOnline({ ...order, requires_pharmacy_settlement: false })).toBe(true);
    expect(canPayOnline({ ...order, requires_pharmacy_settlement: true })).toBe(false);
    expect(canPayOnline({ ...order, paymentType: null })).toBe(false);
  });

  it('pays the total less the discount, to the cent', () => {
    expect(orderPayableTotal({ total: 10, discount_amount: 10 })).toBe(0);
    expect(orderPayableTotal({ total: 19.99, discount_amount: 0 })).toBe(19.99);
    expect(orderPayableTotal({ total: 0.3, discount_amount: 0.2 })).toBe(0.1);
  });
});
