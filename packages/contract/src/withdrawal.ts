import { z } from 'zod';
import { EmailSchema } from './auth.js';
import { dataEnvelope, dataListEnvelope, TimestampSchema } from './common/api.js';
import { validationMessages, withdrawalMessages } from './common/message-groups.js';
import { requiredText } from './common/text.js';
import { MAX_ROW_ID } from './common/route-params.js';
import type { WithdrawalRefusal } from './withdrawal-rules.js';

/**
 * The withdrawal function (art. 11a Directive 2011/83/EU, from 19 June 2026; decision 0698):
 * `GET /order/{id}/withdrawal` says whether and what the customer may withdraw, prefilling their
 * name and email; `POST /order/{id}/withdrawal` submits it (step 2, «Conferma recesso»); the
 * server sends the acknowledgement of receipt by email and tells the pharmacy.
 */

/** The 409 codes of an order that cannot be withdrawn, one per refusal of `withdrawalVerdict`. */
export const WithdrawalErrorCode = {
  notReceived: 'WITHDRAWAL_NOT_RECEIVED',
  cancelled: 'WITHDRAWAL_ORDER_CANCELLED',
  periodOver: 'WITHDRAWAL_PERIOD_OVER',
  alreadyWithdrawn: 'WITHDRAWAL_ALREADY_SUBMITTED',
  nothingReturnable: 'WITHDRAWAL_NOTHING_RETURNABLE',
} as const satisfies Record<WithdrawalRefusal, string>;

/** Longest name on a withdrawal. */
export const WITHDRAWAL_NAME_MAX = 200;

/** A line the customer withdraws, as it was in the order. */
export const WithdrawalLineSchema = z.object({ code: z.string(), name: z.string(), quantity: z.number().int() });
export type WithdrawalLine = z.infer<typeof WithdrawalLineSchema>;

/** A submitted withdrawal: what the customer sent and when (the acknowledgement's content). */
export const WithdrawalSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  lines: z.array(WithdrawalLineSchema),
  submitted_at: TimestampSchema,
});
export type Withdrawal = z.infer<typeof WithdrawalSchema>;

/** A line of the order and whether it may be withdrawn (`reason` in Italian when not). */
export const WithdrawableLineSchema = WithdrawalLineSchema.extend({ withdrawable: z.boolean(), reason: z.string().nullable() });
export type WithdrawableLine = z.infer<typeof WithdrawableLineSchema>;

/** `GET /order/{id}/withdrawal`: step 1's facts. */
export const OrderWithdrawalSchema = z.object({
  order_id: z.number().int(),
  order_created_at: TimestampSchema,
  /** The order may be withdrawn now; otherwise `reason` says why, in Italian. */
  withdrawable: z.boolean(),
  reason: z.string().nullable(),
  /** The period's last day 'YYYY-MM-DD' (Rome), once the goods were received. */
  last_day: z.string().nullable(),
  lines: z.array(WithdrawableLineSchema),
  /** Prefilled from the account: the customer may change them. */
  name: z.string(),
  email: z.string(),
  /** The withdrawal already submitted, if any. */
  withdrawal: WithdrawalSchema.nullable(),
});
export type OrderWithdrawal = z.infer<typeof OrderWithdrawalSchema>;
export const OrderWithdrawalResponseSchema = dataEnvelope(OrderWithdrawalSchema);

/** `POST /order/{id}/withdrawal` (step 2): who, where the acknowledgement goes, which lines. */
export const WithdrawalBodySchema = z.object({
  name: requiredText(WITHDRAWAL_NAME_MAX),
  email: EmailSchema,
  /** The codes of the lines withdrawn, whole lines: at least one (the app's step 1 and the server read it here). */
  lines: z
    .array(z.string({ error: validationMessages.invalid }).max(64, validationMessages.invalid), { error: withdrawalMessages.linesRequired })
    .min(1, withdrawalMessages.linesRequired)
    .max(200, validationMessages.invalid),
  /** The form's id (a UUID): a double tap sends it twice and is still one withdrawal. */
  request_id: z.uuid(validationMessages.invalid).optional(),
});
export type WithdrawalBody = z.input<typeof WithdrawalBodySchema>;
export const WithdrawalResponseSchema = dataEnvelope(WithdrawalSchema);

/** `GET /order-withdrawals`: the customer's orders still within their period, for the list and the account. */
export const OpenWithdrawalSchema = z.object({ order_id: z.number().int().max(MAX_ROW_ID), last_day: z.string() });
export type OpenWithdrawal = z.infer<typeof OpenWithdrawalSchema>;
export const OpenWithdrawalsResponseSchema = dataListEnvelope(OpenWithdrawalSchema);

/** `GET /admin/orders/{id}/withdrawal`: the customer's withdrawal of the order, or null. */
export const AdminWithdrawalResponseSchema = dataEnvelope(WithdrawalSchema.nullable());
