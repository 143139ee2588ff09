import { z } from 'zod';
import { dataEnvelope, dataListEnvelope, TimestampSchema } from './common/api.js';
import { messages } from './common/messages.js';
import { optionalText, requiredText } from './common/text.js';

/** The shops of the installation, listed, created and edited by admins (issue 8); pharmacists 403. */

const M = messages.backofficeShops;

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

const nullable = <T extends z.ZodType>(schema: T) => schema.transform((v) => (v === undefined ? null : v));

/** `POST /admin/shops` and `PUT /admin/shops/{id}`: the whole shop; blank optional fields clear. */
export const AdminShopBodySchema = z.object({
  name: requiredText(100),
  address: nullable(optionalText(120)),
  city: nullable(optionalText(60)),
  postal_code: nullable(optionalText(5).refine((v) => v === undefined || /^\d{5}$/.test(v), M.postalCode)),
  province: nullable(
    optionalText(2)
      .transform((v) => v?.toUpperCase())
      .refine((v) => v === undefined || /^[A-Z]{2}$/.test(v), M.province),
  ),
  phone: nullable(optionalText(20).refine((v) => v === undefined || /^\+?[\d\s./-]{6,20}$/.test(v), M.phone)),
  email: nullable(optionalText(120).refine((v) => v === undefined || z.email().safeParse(v).success, messages.validation.email)),
});
export type AdminShopBody = z.output<typeof AdminShopBodySchema>;
export type AdminShopInput = z.input<typeof AdminShopBodySchema>;
