import { orderPayableTotal } from './common/money.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CheckoutBodySchema,
  canPayOnline,
  canTransitionOrder,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type Order,
  OrderSchema,
  orderStatusDetailLabel,
  orderStatusListLabel,
  sortOrdersByUpdate,
} from './order.js';

describe('order status labels (spec §4 table)', () => {
  it.each([
    ['created', 'In preparazione', undefined],
    ['managing', 'In preparazione', undefined],
    ['finalizing', 'In attesa della tua conferma', 'In attesa di conferma'],
    ['confirmed', 'Preparazione alla spedizione', 'In preparazione'],
    ['processing', 'Preparazione alla spedizione', 'In preparazione'],
    ['shipped', 'In consegna', undefined],
    ['completed', 'Consegnato', undefined],
    ['cancelled', 'Annullato', undefined],
  ] as const)('%s → list %s, detail %s', (status, list, detail) => {
    expect(orderStatusListLabel(status)).toBe(list);
    expect(orderStatusDetailLabel(status)).toBe(detail);
  });

  it('labels every status', () => {
    expect(Object.keys(ORDER_STATUS_LABELS).sort()).toEqual([...ORDER_STATUSES].sort());
  });
});

describe('order transitions', () => {
  it('the customer may only confirm or cancel a finalizing order', () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const allowed = from === 'finalizing' && (to === 'confirmed' || to === 'cancelled');
        expect(canTransitionOrder(from, to, 'customer'), `${from} → ${to}`).toBe(allowed);
      }
    }
  });

  it('the pharmacist prepares and fulfils, and cancels only before shipped', () => {
    expect(canTransitionOrder('created', 'managing', 'pharmacist')).toBe(true);
    expect(canTransitionOrder('managing', 'finalizing', 'pharmacist')).toBe(true);
    expect(canTransitionOrder('confirmed', 'processing', 'pharmacist')).toBe(true);
    expect(canTransitionOrder('processing', 'shipped', 'pharmacist')).toBe(true);
    expect(canTransitionOrder('processing', 'completed', 'pharmacist')).toBe(true);
    expect(canTransitionOrder('shipped', 'completed', 'pharmacist')).toBe(true);
    expect(canTransitionOrder('processing', 'cancelled', 'pharmacist')).toBe(true);
    expect(canTransitionOrder('shipped', 'cancelled', 'pharmacist')).toBe(false);
    expect(canTransitionOrder('finalizing', 'confirmed', 'pharmacist')).toBe(false);
    expect(canTransitionOrder('created', 'finalizing', 'pharmacist')).toBe(false);
  });

  it('a payment notification confirms only a finalizing order; closed orders never move', () => {
    expect(canTransitionOrder('finalizing', 'confirmed', 'payment')).toBe(true);
    expect(canTransitionOrder('cancelled', 'confirmed', 'payment')).toBe(false);
    expect(ORDER_TRANSITIONS.completed).toEqual({});
    expect(ORDER_TRANSITIONS.cancelled).toEqual({});
  });

  it('online payment needs finalizing (the customer actions: order-moves.test.ts)', () => {
    const order = { status: 'finalizing' as const, paymentType: 'nexi', payment: { valid: 0 }, total: 12.5, discount_amount: 2.5 };
    expect(canPayOnline(order)).toBe(true);
    // Nothing left to pay (a voucher covers it): confirmed at once, never sent to the provider.
    expect(canPayOnline({ ...order, discount_amount: 12.5 })).toBe(false);
    expect(canPayOnline({ ...order, requires_pharmacy_settlement: true })).toBe(false);
    expect(canPayOnline({ ...order, payment: { valid: 1 } })).toBe(false);
    expect(canPayOnline({ ...order, status: 'confirmed' })).toBe(false);
    expect(canPayOnline({ ...order, paymentType: 'payInShop' })).toBe(false);
  });
});

describe('order helpers and bodies', () => {
  it('sorts by last update, newest first', () => {
    const orders = [
      { id: 1, updated_at: '2025-01-01T10:00:00.000Z' },
      { id: 2, updated_at: '2025-03-01T10:00:00.000Z' },
      { id: 3, updated_at: '2025-01-01T10:00:00.000Z' },
    ];
    expect(sortOrdersByUpdate(orders).map((o) => o.id)).toEqual([2, 3, 1]);
    expect(orders.map((o) => o.id)).toEqual([1, 2, 3]);
  });

  it('the payable total is total minus discount, never negative, exact to the cent', () => {
    expect(orderPayableTotal({ total: 30.3, discount_amount: 0.1 })).toBe(30.2);
    expect(orderPayableTotal({ total: 5, discount_amount: 10 })).toBe(0);
  });

  it('checkout note is optional, trimmed, capped', () => {
    expect(CheckoutBodySchema.parse({})).toEqual({ note: null });
    expect(CheckoutBodySchema.parse({ note: '  citofonare  ' })).toEqual({ note: 'citofonare' });
    expect(CheckoutBodySchema.safeParse({ note: 'x'.repeat(1001) }).success).toBe(false);
  });

  it('an order encodes as it parses (the API serializes with the schema)', () => {
    const order: Order = {
      id: 7,
      status: 'finalizing',
      created_at: '2025-01-01T10:00:00.000Z',
      updated_at: '2025-01-02T10:00:00.000Z',
      prescriptions: [],
      products: [
        { code: '012745093', name: 'Tachipirina', quantity: 2, price: 4.5, total: 9, prescription_only: false, unavailable: false },
      ],
      product_requests: [],
      totalQuantity: 2,
      subTotal: 9,
      total: 13.9,
      discount_amount: 0,
      vouchers: [],
      shippingType: 'address',
      delivery_type: 'address',
      shippingMethod: { type: 'courier', label: 'Corriere', price: 4.9 },
      address: null,
      paymentType: 'nexi',
      payment: { valid: 0 },
      requires_pharmacy_settlement: false,
      delivery_date: '2025-01-05',
      info: null,
      note: null,
      receipt_fiscal_code: null,
    };
    expect(z.encode(OrderSchema, order)).toEqual(order);
    expect(OrderSchema.safeParse({ ...order, status: 'lost' }).success).toBe(false);
  });
});
