import { z } from 'zod';
import { DaySchema, dataEnvelope, dataListEnvelope, IdSchema, TimestampSchema } from './common/api.js';
import { fillMessage } from './common/messages.js';
import { backofficeMessages, validationMessages } from './common/message-groups.js';
import { requiredText } from './common/text.js';

/**
 * The back office's own calls (issue 8) — audit trail, agenda and closures — beside the orders
 * calls of `order.ts`. Staff only: customers get 403, a pharmacist sees their own shop.
 */

/** `?shop_id=`: an admin picks the shop; a pharmacist's is always their own (the parameter is ignored). */
export const AdminShopQuerySchema = z.object({ shop_id: IdSchema.optional() });
export type AdminShopQuery = z.infer<typeof AdminShopQuerySchema>;

// --- Audit log -------------------------------------------------------------------------------------

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  role: z.string(),
  shop_id: z.number().int().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  reason: z.string().nullable(),
  at: TimestampSchema,
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** `GET /admin/audit?shop_id=&entity=&p=&rpp=` (admins only), newest first. */
export const AuditListQuerySchema = z.object({
  shop_id: IdSchema.optional(),
  entity: z.string().trim().max(60, validationMessages.invalid).optional(),
  p: z.coerce.number({ error: validationMessages.integer }).int(validationMessages.integer).min(1).max(10_000).default(1),
  rpp: z.coerce.number({ error: validationMessages.integer }).int(validationMessages.integer).min(1).max(200).default(50),
});
export type AuditListQuery = z.infer<typeof AuditListQuerySchema>;

export const AuditListResponseSchema = z.object({
  data: z.array(AuditEntrySchema),
  total: z.number().int(),
  p: z.number().int(),
  rpp: z.number().int(),
});
export type AuditListResponse = z.infer<typeof AuditListResponseSchema>;

// --- Staff, agenda, closures ------------------------------------------------------------------------

export const AdminStaffMemberSchema = z.object({ id: z.number().int(), name: z.string(), active: z.boolean() });
export type AdminStaffMember = z.infer<typeof AdminStaffMemberSchema>;
export const AdminStaffListResponseSchema = dataListEnvelope(AdminStaffMemberSchema);
export const AdminStaffMemberResponseSchema = dataEnvelope(AdminStaffMemberSchema);

/** `POST /admin/staff`: a new member of the shop, active, with no hours or services yet. */
export const NewStaffMemberBodySchema = z.object({
  shop_id: IdSchema.optional(),
  name: requiredText(100),
});
export type NewStaffMemberBody = z.input<typeof NewStaffMemberBodySchema>;

/**
 * `PUT /admin/staff/:id`: rename, deactivate or reactivate. A member is never deleted (their
 * reservations keep naming them); an inactive one offers no slots and cannot be booked.
 */
export const StaffMemberBodySchema = z.object({
  name: requiredText(100),
  active: z.boolean({ error: validationMessages.boolean }),
});
export type StaffMemberBody = z.input<typeof StaffMemberBodySchema>;

/** One reservation on the agenda: day and Rome wall-clock times, who and what. */
export const AgendaEntrySchema = z.object({
  id: z.number().int(),
  day: DaySchema,
  start: z.string(),
  end: z.string(),
  staff_id: z.number().int(),
  staff_name: z.string(),
  service_id: z.number().int(),
  service_name: z.string(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  customer_email: z.string(),
  status: z.enum(['booked', 'cancelled']),
});
export type AgendaEntry = z.infer<typeof AgendaEntrySchema>;
export const AgendaResponseSchema = dataListEnvelope(AgendaEntrySchema);

const dayRange = <T extends { from: string; to: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: backofficeMessages.closureRange });
  else if ((Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 > 31)
    ctx.addIssue({ code: 'custom', path: ['to'], message: backofficeMessages.rangeTooLong });
};

/** `GET /admin/agenda?from=&to=&staff_id=&shop_id=` — at most 31 days. */
export const AgendaQuerySchema = z
  .object({ from: DaySchema, to: DaySchema, staff_id: IdSchema.optional(), shop_id: IdSchema.optional() })
  .superRefine(dayRange);
export type AgendaQuery = z.infer<typeof AgendaQuerySchema>;

const TimeSchema = z
  .string({ error: validationMessages.invalidTime })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, validationMessages.invalidTime);

export const ClosureSchema = z.object({
  id: z.number().int(),
  staff_id: z.number().int().nullable(),
  staff_name: z.string().nullable(),
  date_from: DaySchema,
  date_to: DaySchema,
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  reason: z.string().nullable(),
});
export type Closure = z.infer<typeof ClosureSchema>;
export const ClosureListResponseSchema = dataListEnvelope(ClosureSchema);
export const ClosureResponseSchema = dataEnvelope(ClosureSchema);

/** `GET /admin/closures?from=&shop_id=`: closures ending on or after `from` (default today). */
export const ClosureListQuerySchema = z.object({ from: DaySchema.optional(), shop_id: IdSchema.optional() });

/**
 * `POST /admin/closures`: the whole shop (`staff_id` null) or one member, all day or between two
 * times, from one day to another.
 */
export const NewClosureBodySchema = z
  .object({
    shop_id: IdSchema.optional(),
    staff_id: IdSchema.nullable().default(null),
    date_from: DaySchema,
    date_to: DaySchema,
    start_time: TimeSchema.nullable().optional(),
    end_time: TimeSchema.nullable().optional(),
    reason: requiredText(200),
  })
  .superRefine((v, ctx) => {
    if (v.date_to < v.date_from) ctx.addIssue({ code: 'custom', path: ['date_to'], message: backofficeMessages.closureRange });
    if (Boolean(v.start_time) !== Boolean(v.end_time))
      ctx.addIssue({ code: 'custom', path: [v.start_time ? 'end_time' : 'start_time'], message: validationMessages.required });
    if (v.start_time && v.end_time && v.end_time <= v.start_time)
      ctx.addIssue({ code: 'custom', path: ['end_time'], message: backofficeMessages.timeRange });
  });
export type NewClosureBody = z.input<typeof NewClosureBodySchema>;

// --- Order queue ----------------------------------------------------------------------------------

/** `GET /admin/order-counts`: how many orders of the shop are in each status (the queue's tabs). */
export const OrderCountsResponseSchema = z.object({ data: z.record(z.string(), z.number().int()) });
export type OrderCountsResponse = z.infer<typeof OrderCountsResponseSchema>;

// --- Pharmacist accounts (admins) ----------------------------------------------------------------

export const StaffAccountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['pharmacist', 'admin']),
  shop_id: z.number().int(),
  /** Sessions not revoked and not past their end. */
  active_sessions: z.number().int(),
});
export type StaffAccount = z.infer<typeof StaffAccountSchema>;
export const StaffAccountListResponseSchema = dataListEnvelope(StaffAccountSchema);
export const StaffAccountResponseSchema = dataEnvelope(StaffAccountSchema);

/** `POST /admin/pharmacists` (admins): a pharmacist account for a shop. */
export const NewPharmacistBodySchema = z.object({
  shop_id: IdSchema,
  name: requiredText(100),
  email: z.string({ error: validationMessages.required }).trim().email(validationMessages.email).max(190),
  password: z.string({ error: validationMessages.required }).min(8, fillMessage(validationMessages.passwordTooShort, { min: 8 })).max(200),
});
export type NewPharmacistBody = z.input<typeof NewPharmacistBodySchema>;
