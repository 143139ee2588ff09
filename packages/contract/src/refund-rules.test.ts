import { describe, expect, it } from 'vitest';
import { canRefund, canRetryRefund, orderRefundState, refundableCents, refundAmountRefusal, refundedCents } from './refund-rules.js';

const approved = (amount_cents: number) => ({ amount_cents, status: 'approved' as const });
const refused = (amount_cents: number) => ({ amount_cents, status: 'refused' as const });
const pending = (amount_cents: number) => ({ amount_cents, status: 'pending' as const });

describe('refund rules', () => {
  it('counts what went back and what is on its way; a refusal holds nothing', () => {
    const refunds = [approved(500), refused(300), pending(200)];
    expect(refundedCents(refunds)).toBe(500);
    expect(refundableCents(2500, refunds)).toBe(1800);
    expect(refundableCents(600, [approved(500), pending(200)])).toBe(0);
  });

  it('refuses an amount that is not positive, over what is left, or while another is in flight', () => {
    expect(refundAmountRefusal(100, 0, [])).toBe('notPaid');
    expect(refundAmountRefusal(0, 2500, [])).toBe('notPositive');
    expect(refundAmountRefusal(2001, 2500, [approved(500)])).toBe('overRemainder');
    expect(refundAmountRefusal(2000, 2500, [approved(500)])).toBeNull();
    expect(refundAmountRefusal(100, 2500, [pending(500)])).toBe('inFlight');
  });

  it('lets staff refund, never a customer', () => {
    expect(canRefund('pharmacist')).toBe(true);
    expect(canRefund('admin')).toBe(true);
    expect(canRefund('customer')).toBe(false);
  });

  it('retries a refused refund only while it fits and nothing is in flight', () => {
    const r = refused(1000);
    expect(canRetryRefund(r, 2500, [r])).toBe(true);
    expect(canRetryRefund(r, 2500, [r, approved(2000)])).toBe(false);
    expect(canRetryRefund(r, 2500, [r, pending(100)])).toBe(false);
    expect(canRetryRefund(approved(100), 2500, [approved(100)])).toBe(false);
  });

  it('names the order refund state', () => {
    expect(orderRefundState(2500, [])).toBe('none');
    expect(orderRefundState(2500, [pending(100)])).toBe('inProgress');
    expect(orderRefundState(2500, [approved(100), refused(50)])).toBe('refused');
    expect(orderRefundState(2500, [approved(100)])).toBe('partial');
    expect(orderRefundState(2500, [approved(100), approved(2400)])).toBe('refunded');
  });
});
