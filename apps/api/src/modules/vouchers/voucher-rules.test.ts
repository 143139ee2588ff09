import { describe, expect, it } from 'vitest';
import { computeCartTotals, type PricedLine } from '../cart/cart-totals.js';
import { evaluateVoucher, type VoucherTerms } from './voucher-rules.js';

const now = new Date('2025-06-15T10:00:00Z');
const terms = (over: Partial<VoucherTerms>): VoucherTerms => ({
  kind: 'percent',
  value: 10,
  minimumCartTotalCents: 0,
  includePromoProduct: true,
  active: true,
  startsAt: null,
  endsAt: null,
  ...over,
});
const line = (code: string, unitCents: number | null, quantity: number, promo = false, medicine = false): PricedLine => ({
  code,
  unitCents,
  quantity,
  promo,
  medicine,
});

describe('cart totals', () => {
  it('sums priced lines in cents and counts every unit', () => {
    const t = computeCartTotals({ lines: [line('A', 499, 2), line('B', 1250, 1), line('C', null, 3)], now });
    expect(t).toMatchObject({ subTotalCents: 2248, shippingCents: 0, totalCents: 2248, totalQuantity: 6, discountCents: 0, totalDueCents: 2248 });
    expect(t.voucher).toBeUndefined();
  });

  it('adds shipping, free from its threshold on', () => {
    const shipping = { priceCents: 590, freeAboveCents: 4900 };
    expect(computeCartTotals({ lines: [line('A', 4899, 1)], shipping, now }).totalCents).toBe(4899 + 590);
    expect(computeCartTotals({ lines: [line('A', 4900, 1)], shipping, now }).totalCents).toBe(4900);
    expect(computeCartTotals({ lines: [line('A', 100, 1)], shipping: { priceCents: 300, freeAboveCents: null }, now }).shippingCents).toBe(300);
  });
});

describe('voucher rules', () => {
  it('takes a percentage off, rounded half up to the cent', () => {
    const e = evaluateVoucher(terms({ value: 10 }), { lines: [line('A', 1235, 1)], shippingCents: 0 }, now);
    expect(e).toEqual({ outcome: 'success', eligibleCents: 1235, discountCents: 124 });
    expect(evaluateVoucher(terms({ value: 100 }), { lines: [line('A', 999, 3)], shippingCents: 0 }, now).discountCents).toBe(2997);
  });

  it('never takes a fixed amount above the eligible subtotal, so the total never goes negative', () => {
    const t = computeCartTotals({ lines: [line('A', 300, 1)], voucher: terms({ kind: 'fixed', value: 500 }), now });
    expect(t.discountCents).toBe(300);
    expect(t.totalDueCents).toBe(0);
  });

  it('excludes promo lines from the discount and from the minimum when include_promo_product is 0', () => {
    const lines = [line('P', 2000, 2, true), line('N', 1000, 1)];
    const excl = terms({ value: 10, minimumCartTotalCents: 1500, includePromoProduct: false });
    expect(evaluateVoucher(excl, { lines, shippingCents: 0 }, now)).toEqual({ outcome: 'minimum_cart_total', eligibleCents: 1000, discountCents: 0 });
    const lines2 = [line('P', 2000, 2, true), line('N', 1000, 2)];
    expect(evaluateVoucher(excl, { lines: lines2, shippingCents: 0 }, now)).toEqual({ outcome: 'success', eligibleCents: 2000, discountCents: 200 });
    const incl = terms({ value: 10, minimumCartTotalCents: 1500, includePromoProduct: true });
    expect(evaluateVoucher(incl, { lines, shippingCents: 0 }, now)).toEqual({ outcome: 'success', eligibleCents: 5000, discountCents: 500 });
    const onlyPromo = [line('P', 2000, 1, true)];
    expect(evaluateVoucher(terms({ includePromoProduct: false }), { lines: onlyPromo, shippingCents: 0 }, now).outcome).toBe('no_eligible_products');
  });

  it('never discounts a medicine, nor counts it towards the minimum, whatever the terms (decision 0696)', () => {
    const lines = [line('SOP', 3000, 1, false, true), line('PARA', 1000, 2)];
    const v = terms({ value: 10, minimumCartTotalCents: 2500, includePromoProduct: true });
    expect(evaluateVoucher(v, { lines, shippingCents: 0 }, now)).toEqual({ outcome: 'minimum_cart_total', eligibleCents: 2000, discountCents: 0 });
    const fixed = terms({ kind: 'fixed', value: 5000, minimumCartTotalCents: 0 });
    expect(evaluateVoucher(fixed, { lines, shippingCents: 0 }, now)).toEqual({ outcome: 'success', eligibleCents: 2000, discountCents: 2000 });
    const onlyMedicines = [line('SOP', 3000, 1, true, true)];
    expect(evaluateVoucher(terms({ minimumCartTotalCents: 0 }), { lines: onlyMedicines, shippingCents: 0 }, now).outcome).toBe('no_eligible_products');
  });

  it('applies the minimum on the eligible subtotal, inclusive', () => {
    const v = terms({ kind: 'fixed', value: 500, minimumCartTotalCents: 3000 });
    expect(evaluateVoucher(v, { lines: [line('A', 2999, 1)], shippingCents: 0 }, now).outcome).toBe('minimum_cart_total');
    expect(evaluateVoucher(v, { lines: [line('A', 3000, 1)], shippingCents: 0 }, now).outcome).toBe('success');
    expect(evaluateVoucher(v, { lines: [line('A', 1500, 2)], shippingCents: 0 }, now).discountCents).toBe(500);
  });

  it('ignores products that left the catalogue', () => {
    const e = evaluateVoucher(terms({ value: 50 }), { lines: [line('X', null, 2), line('A', 1000, 1)], shippingCents: 0 }, now);
    expect(e).toEqual({ outcome: 'success', eligibleCents: 1000, discountCents: 500 });
  });

  it('makes the chosen delivery free with free_shipping, and nothing else', () => {
    const v = terms({ kind: 'free_shipping', value: 0, minimumCartTotalCents: 2000 });
    const t = computeCartTotals({ lines: [line('A', 2500, 1)], shipping: { priceCents: 590, freeAboveCents: null }, voucher: v, now });
    expect(t).toMatchObject({ totalCents: 3090, discountCents: 590, totalDueCents: 2500 });
    const noMethod = computeCartTotals({ lines: [line('A', 2500, 1)], voucher: v, now });
    expect(noMethod.voucher?.outcome).toBe('success');
    expect(noMethod.discountCents).toBe(0);
  });

  it('honours the validity window and the active flag', () => {
    const cart = { lines: [line('A', 1000, 1)], shippingCents: 0 };
    expect(evaluateVoucher(terms({ endsAt: '2025-06-15T10:00:00Z' }), cart, now).outcome).toBe('expired');
    expect(evaluateVoucher(terms({ endsAt: '2025-06-15T10:00:01Z' }), cart, now).outcome).toBe('success');
    expect(evaluateVoucher(terms({ startsAt: '2025-06-15T10:00:01Z' }), cart, now).outcome).toBe('not_started');
    expect(evaluateVoucher(terms({ startsAt: '2025-06-15T10:00:00Z' }), cart, now).outcome).toBe('success');
    expect(evaluateVoucher(terms({ active: false }), cart, now)).toEqual({ outcome: 'inactive', eligibleCents: 1000, discountCents: 0 });
  });

  it('keeps a mistyped value inside its range: a percentage 0–100, a fixed amount never negative', () => {
    const cart = { lines: [line('A', 1000, 2)], shippingCents: 0 };
    expect(evaluateVoucher(terms({ value: 150 }), cart, now).discountCents).toBe(2000);
    expect(evaluateVoucher(terms({ value: -10 }), cart, now).discountCents).toBe(0);
    expect(evaluateVoucher(terms({ kind: 'fixed', value: -500 }), cart, now).discountCents).toBe(0);
    expect(evaluateVoucher(terms({ kind: 'fixed', value: 1999 }), cart, now).discountCents).toBe(1999);
  });

  it('counts every unit of the lines, priced or not, and multiplies each price by its quantity', () => {
    const t = computeCartTotals({ lines: [line('A', 250, 4), line('B', null, 2)], now });
    expect(t).toMatchObject({ subTotalCents: 1000, totalQuantity: 6, totalCents: 1000, totalDueCents: 1000 });
    expect(evaluateVoucher(terms({ value: 10 }), { lines: [line('A', 250, 4)], shippingCents: 0 }, now).eligibleCents).toBe(1000);
  });
});
