import { z } from 'zod';
import { dataEnvelope, euroInput, TimestampSchema } from './common/api.js';
import { refundsMessages, validationMessages } from './common/message-groups.js';
import { requiredText } from './common/text.js';
import { REFUND_STATUSES } from './refund-rules.js';

export * from './refund-rules.js';

export const RefundStatusSchema = z.enum(REFUND_STATUSES);

/** One refund of an order as the API shows it (amounts in euro, like the order's). */
export const RefundSchema = z.object({
  id: z.number().int(),
  amount: z.number(),
  reason: z.string(),
  provider: z.string(),
  status: RefundStatusSchema,
  attempts: z.number().int(),
  /** The provider's words on a refusal, for the pharmacist. */
  error: z.string().nullable(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
  settled_at: TimestampSchema.nullable(),
  can_retry: z.boolean(),
});
export type Refund = z.infer<typeof RefundSchema>;

export const OrderRefundStateSchema = z.enum(['none', 'inProgress', 'refused', 'partial', 'refunded']);

/** `GET /admin/orders/{id}/refunds` and the `refunds` block of the customer's order. */
export const OrderRefundsSchema = z.object({
  /** Paid online (0 when not paid online: nothing to refund). */
  paid: z.number(),
  refunded: z.number(),
  refundable: z.number(),
  state: OrderRefundStateSchema,
  refunds: z.array(RefundSchema),
});
export type OrderRefunds = z.infer<typeof OrderRefundsSchema>;
export const OrderRefundsResponseSchema = dataEnvelope(OrderRefundsSchema);

/** Longest reason a pharmacist gives for a refund. */
export const REFUND_REASON_MAX = 500;

/** `POST /admin/orders/{id}/refunds`: a partial (or full) refund by the pharmacist, with its reason. */
export const RefundBodySchema = z.object({
  amount: euroInput(refundsMessages.amountInvalid).positive(refundsMessages.amountInvalid),
  reason: requiredText(REFUND_REASON_MAX),
  /** The form's id of this submission (a UUID): sent twice, it is still one refund. */
  request_id: z.uuid(validationMessages.invalid).optional(),
});
export type RefundBody = z.input<typeof RefundBodySchema>;

/** The customer's words for the order's refund state (null: nothing to say). */
export function refundStateLabel(state: z.infer<typeof OrderRefundStateSchema>): string | null {
  return state === 'none' ? null : refundsMessages.state[state];
}
