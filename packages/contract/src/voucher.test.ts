import { describe, expect, it } from 'vitest';
import { messages } from './common/messages.js';
import {
  APPLY_VOUCHER_MESSAGES,
  APPLY_VOUCHER_TYPES,
  ApplyVoucherSchema,
  VoucherCodeBodySchema,
  voucherState,
} from './voucher.js';

describe('voucher code', () => {
  it('is non-empty after trimming, and uppercased', () => {
    expect(VoucherCodeBodySchema.parse({ code: ' estate10 ' })).toEqual({ code: 'ESTATE10' });
    for (const code of ['', '   ', undefined]) {
      expect(VoucherCodeBodySchema.safeParse({ code }).error?.issues[0]?.message).toBe(messages.voucher.codeRequired);
    }
  });

  it('refuses an absurdly long code', () => {
    expect(VoucherCodeBodySchema.safeParse({ code: 'X'.repeat(51) }).success).toBe(false);
    expect(VoucherCodeBodySchema.safeParse({ code: 'X'.repeat(50) }).success).toBe(true);
  });
});

describe('voucher state (spec §4)', () => {
  it('success is applied, minimum_cart_total is below minimum, anything else invalid', () => {
    expect(voucherState({ type: 'success' })).toBe('applied');
    expect(voucherState({ type: 'minimum_cart_total' })).toBe('belowMinimum');
    for (const type of ['invalid', 'expired', 'whatever', '']) expect(voucherState({ type })).toBe('invalid');
  });

  it('has a message for every outcome and a closed set of outcomes on the wire', () => {
    for (const type of APPLY_VOUCHER_TYPES) expect(APPLY_VOUCHER_MESSAGES[type]).toMatch(/\S/);
    expect(ApplyVoucherSchema.safeParse({ type: 'success', message: 'ok', discount_amount: 5 }).success).toBe(true);
    expect(ApplyVoucherSchema.safeParse({ type: 'weird', message: 'ok', discount_amount: 5 }).success).toBe(false);
  });
});
