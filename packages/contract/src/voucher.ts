import { z } from 'zod';
import { voucherMessages } from './common/message-groups.js';
import { BinaryFlagSchema } from './profile.js';
import { filledText } from './common/text.js';
import { VOUCHER_CODE_MAX_LENGTH } from './voucher-rules.js';

/**
 * Discount codes (spec §3 Cart vouchers and apply_voucher, §4 Voucher state, §5, §9; calls
 * `POST /cart/vouchers/{code}`, `DELETE /cart/vouchers/{id}`). Amounts in euro.
 */


/**
 * A voucher applied to the cart. `include_promo_product` 0: the discount applies only to products
 * that are not already on promotion (spec §9). `minimum_cart_total`: euro, null = no minimum.
 */
export const VoucherSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  discount_amount: z.number(),
  minimum_cart_total: z.number().nullable(),
  include_promo_product: BinaryFlagSchema,
});
export type Voucher = z.infer<typeof VoucherSchema>;

/**
 * Why the last voucher was, or was not, applied (spec §4 Voucher state): `success` applied;
 * `minimum_cart_total` valid but the cart is below the minimum (shown in `message`); every other
 * type means invalid, with the reason in `message`.
 */
export const APPLY_VOUCHER_TYPES = [
  'success',
  'minimum_cart_total',
  'invalid',
  'inactive',
  'not_started',
  'expired',
  'exhausted',
  'already_used',
  'no_eligible_products',
] as const;
export const ApplyVoucherTypeSchema = z.enum(APPLY_VOUCHER_TYPES);
export type ApplyVoucherType = z.infer<typeof ApplyVoucherTypeSchema>;

/** The cart's `apply_voucher`: outcome, Italian message, discount in euro (0 when not applied). */
export const ApplyVoucherSchema = z.object({
  type: ApplyVoucherTypeSchema,
  message: z.string(),
  discount_amount: z.number(),
});
export type ApplyVoucher = z.infer<typeof ApplyVoucherSchema>;

/** The Italian message of each outcome (`minimum_cart_total` takes `{minimum}`, formatted euro). */
export const APPLY_VOUCHER_MESSAGES: Readonly<Record<ApplyVoucherType, string>> = {
  success: voucherMessages.added,
  minimum_cart_total: voucherMessages.minimumCartTotal,
  invalid: voucherMessages.invalid,
  inactive: voucherMessages.invalid,
  not_started: voucherMessages.notStarted,
  expired: voucherMessages.expired,
  exhausted: voucherMessages.exhausted,
  already_used: voucherMessages.alreadyUsed,
  no_eligible_products: voucherMessages.noEligibleProducts,
};

/** The voucher's states as the app shows them (schema-free, decision 0579). */
export * from './voucher-rules.js';

/** A discount code as typed: trimmed, non-empty (spec §5), uppercased (codes are case-insensitive). */
export const VoucherCodeSchema = filledText(voucherMessages.codeRequired)
  .max(VOUCHER_CODE_MAX_LENGTH, voucherMessages.invalid)
  .toUpperCase();

/** `POST /cart/vouchers/{code}` body `{ code }` (the same code as the path). */
export const VoucherCodeBodySchema = z.object({ code: VoucherCodeSchema });
export type VoucherCodeBody = z.input<typeof VoucherCodeBodySchema>;

/** Path params of `POST /cart/vouchers/{code}`. */
export const VoucherCodeParamsSchema = z.object({ code: VoucherCodeSchema });
