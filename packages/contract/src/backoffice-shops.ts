import { z } from 'zod';
import { dataEnvelope, dataListEnvelope, TimestampSchema } from './common/api.js';
import { backofficeShopsMessages, validationMessages } from './common/message-groups.js';
import { optionalText, requiredText } from './common/text.js';

/** The shops of the installation, listed, created and edited by admins (issue 8); pharmacists 403. */

const M = backofficeShopsMessages;

export const AdminShopSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  postal_code: z.string().nullable(),
  province: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema.nullable(),
});
export type AdminShop = z.infer<typeof AdminShopSchema>;
export const AdminShopResponseSchema = dataEnvelope(AdminShopSchema);
export const AdminShopListResponseSchema = dataListEnvelope(AdminShopSchema);

/**
 * '+' and 6 to 20 digits, spaces, dots, slashes or dashes, as the trimmed value is: neither end is a
 * space (a pattern that let the value end in one would promise what trimming then shortens).
 */
const SHOP_PHONE_PATTERN = /^(?:\+[\d\s./-]{5,19}[\d./-]|[\d./-][\d\s./-]{4,18}[\d./-])$/;

const nullable = <T extends z.ZodType>(schema: T) => schema.transform((v) => (v === undefined ? null : v));

/** `POST /admin/shops` and `PUT /admin/shops/{id}`: the whole shop; blank optional fields clear. */
export const AdminShopBodySchema = z.object({
  name: requiredText(100),
  address: nullable(optionalText(120)),
  city: nullable(optionalText(60)),
  postal_code: nullable(optionalText(5, { format: { pattern: /^\d{5}$/, message: M.postalCode } })),
  // A lower-case province is taken and stored upper-case. Its pattern is its length: a `maxLength` of
  // 2 would tell the document's readers that " MI " (taken, trimmed) is refused.
  province: nullable(optionalText(undefined, { format: { pattern: /^[A-Za-z]{2}$/, message: M.province } }).transform((v) => v?.toUpperCase())),
  phone: nullable(optionalText(20, { format: { pattern: SHOP_PHONE_PATTERN, message: M.phone } })),
  email: nullable(optionalText(120, { format: { pattern: z.regexes.email, message: validationMessages.email } })),
});
export type AdminShopBody = z.output<typeof AdminShopBodySchema>;
export type AdminShopInput = z.input<typeof AdminShopBodySchema>;
