import { z } from 'zod';
import { dataEnvelope, dataListEnvelope, TimestampSchema } from './common/api.js';
import { fillMessage } from './common/messages.js';
import { backofficeCustomersMessages, backofficeMessages, validationMessages } from './common/message-groups.js';
import { ORDER_STATUSES } from './order.js';
import { ReservationStatusSchema } from './booking.js';
import { filledText } from './common/text.js';

/**
 * The back office's customer look-up (issue 8): find a customer of the shop by name, email, phone
 * or fiscal code; opening their orders and bookings needs a reason, recorded in the audit log
 * with who and when. Never a password or its hash.
 */

const M = backofficeCustomersMessages;

/** Shortest reason accepted for opening a customer's history. */
export const CUSTOMER_REASON_MIN_LENGTH = 5;

/** Shortest text the console searches customers by (name, email, phone or fiscal code). */
export const CUSTOMER_SEARCH_MIN_LENGTH = 2;

/**
 * A customer look-up's text, trimmed: the customers page and the booking form's customer picker
 * (decision 0481) — the server refuses a shorter one with 422, the console does not send it
 * ({@link isCustomerSearchable}).
 */
export const CustomerSearchTextSchema = z
  .string({ error: M.searchTooShort })
  .trim()
  .min(CUSTOMER_SEARCH_MIN_LENGTH, M.searchTooShort)
  .max(100, fillMessage(validationMessages.maxLength, { max: 100 }));

/** Whether the console sends a customer look-up for `text` (the rule the server's 422 enforces). */
export function isCustomerSearchable(text: string): boolean {
  return CustomerSearchTextSchema.safeParse(text).success;
}

/** `GET /admin/customers?q=`: at least 2 characters, at most 50 answers. */
export const AdminCustomerSearchQuerySchema = z.object({ q: CustomerSearchTextSchema });
export type AdminCustomerSearchQuery = z.infer<typeof AdminCustomerSearchQuerySchema>;

export const AdminCustomerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  /** Every fiscal code of the account, the main one first. */
  codici_fiscali: z.array(z.string()),
  created_at: TimestampSchema,
});
export type AdminCustomer = z.infer<typeof AdminCustomerSchema>;
export const AdminCustomerListResponseSchema = dataListEnvelope(AdminCustomerSchema);

/** `POST /admin/customers/{id}/history`: why the pharmacist opens the customer's orders and bookings. */
export const CustomerHistoryBodySchema = z.object({
  reason: filledText(backofficeMessages.reasonRequired, { multiline: true })
    .min(CUSTOMER_REASON_MIN_LENGTH, fillMessage(M.reasonTooShort, { min: CUSTOMER_REASON_MIN_LENGTH }))
    .max(500, fillMessage(validationMessages.maxLength, { max: 500 })),
});
export type CustomerHistoryBody = z.infer<typeof CustomerHistoryBodySchema>;

export const CustomerOrderSummarySchema = z.object({
  id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  created_at: TimestampSchema,
  total: z.number(),
  totalQuantity: z.number().int(),
  prescriptions: z.number().int(),
});
export type CustomerOrderSummary = z.infer<typeof CustomerOrderSummarySchema>;

export const CustomerReservationSummarySchema = z.object({
  id: z.number().int(),
  day: z.string(),
  start_appointment: z.string(),
  service: z.string(),
  status: ReservationStatusSchema,
});
export type CustomerReservationSummary = z.infer<typeof CustomerReservationSummarySchema>;

export const CustomerHistorySchema = z.object({
  customer: AdminCustomerSchema,
  orders: z.array(CustomerOrderSummarySchema),
  reservations: z.array(CustomerReservationSummarySchema),
});
export type CustomerHistory = z.infer<typeof CustomerHistorySchema>;
export const CustomerHistoryResponseSchema = dataEnvelope(CustomerHistorySchema);
