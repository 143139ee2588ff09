import { z } from 'zod';
import { AddressSchema } from './address.js';
import { dataEnvelope, dataListEnvelope, DaySchema, euroInput, IdParamSchema, IdResponseSchema, positiveId, TimestampSchema } from './common/api.js';
import { fillMessage } from './common/messages.js';
import { ordersMessages, saleRulesMessages, validationMessages } from './common/message-groups.js';
import { orderPayableTotal } from './common/money.js';
import { filledText, optionalText } from './common/text.js';
import { DeliveryTypeSchema } from './shop.js';
import { OrderShippingTypeSchema, ShippingMethodSchema } from './delivery.js';
import { isOnlinePaymentType, PaymentTypeSchema } from './payment.js';
import { PrescriptionSchema } from './prescription.js';
import { ProductRequestSchema } from './product-request.js';
import { BinaryFlagSchema } from './profile.js';
import { VoucherSchema } from './voucher.js';

/**
 * Orders (spec §3 Order, §4 Order statuses, §7 Orders; ARCHITECTURE §4 Order lifecycle).
 * `POST /cart/checkout` turns the cart into a `created` order; the pharmacist prepares it up to
 * `finalizing`; the customer then confirms (and pays) or cancels.
 */

export const ORDER_STATUSES = [
  'created',
  'managing',
  'finalizing',
  'confirmed',
  'processing',
  'shipped',
  'completed',
  'cancelled',
] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** Spec §4 table: the label of each status in the list and in the detail (`undefined` = not shown). */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, { list: string; detail: string | undefined }>> =
  ordersMessages.status;

/** The list label of a status (spec §4). */
export function orderStatusListLabel(status: OrderStatus): string {
  return ORDER_STATUS_LABELS[status].list;
}

/** The detail label of a status, or `undefined` where the spec shows none. */
export function orderStatusDetailLabel(status: OrderStatus): string | undefined {
  return ORDER_STATUS_LABELS[status].detail;
}

/** Who moves an order. */
export type OrderActor = 'customer' | 'pharmacist' | 'payment';

/**
 * Every legal transition and who may make it (ARCHITECTURE §4): the pharmacist prepares
 * (created → managing → finalizing) and fulfils (confirmed → processing → shipped → completed,
 * `shipped` only for address delivery: an in-shop order goes processing → completed) and may
 * cancel before `shipped`; the customer, only in `finalizing`, confirms or cancels; a verified
 * payment notification confirms a `finalizing` order paid online. Anything else answers 409.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, Readonly<Partial<Record<OrderStatus, readonly OrderActor[]>>>>> = {
  created: { managing: ['pharmacist'], cancelled: ['pharmacist'] },
  managing: { finalizing: ['pharmacist'], cancelled: ['pharmacist'] },
  finalizing: {
    managing: ['pharmacist'],
    confirmed: ['customer', 'payment'],
    cancelled: ['customer', 'pharmacist'],
  },
  confirmed: { processing: ['pharmacist'], cancelled: ['pharmacist'] },
  processing: { shipped: ['pharmacist'], completed: ['pharmacist'], cancelled: ['pharmacist'] },
  shipped: { completed: ['pharmacist'] },
  completed: {},
  cancelled: {},
};

/** True when `actor` may move an order from `from` to `to`. */
export function canTransitionOrder(from: OrderStatus, to: OrderStatus, actor: OrderActor): boolean {
  return ORDER_TRANSITIONS[from][to]?.includes(actor) ?? false;
}

/** An order that can no longer change. */
export function isOrderClosed(status: OrderStatus): boolean {
  return status === 'completed' || status === 'cancelled';
}

/** A product line of an order; prices in euro (`price` per unit, `total` of the line). */
export const OrderProductSchema = z.object({
  code: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  price: z.number(),
  total: z.number(),
  /** A prescription-only medicine: a request the pharmacy settles, never paid online (decision 0221). */
  prescription_only: z.boolean(),
  /** Marked unavailable by the pharmacist: kept for the record, out of the totals (`total` 0). */
  unavailable: z.boolean(),
});
export type OrderProduct = z.infer<typeof OrderProductSchema>;

/** `payment.valid` is 1 once the provider's verified notification said the order is paid. */
export const OrderPaymentSchema = z.object({ valid: BinaryFlagSchema });

/**
 * An order (spec §3). Amounts in euro: `subTotal` of the lines, `total` with delivery, before the
 * voucher discount — the total shown is `total − discount_amount` ({@link orderPayableTotal}).
 * `info` holds the pharmacist's notes, `note` the customer's checkout note.
 */
export const OrderSchema = z.object({
  id: z.number().int(),
  status: OrderStatusSchema,
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
  prescriptions: z.array(PrescriptionSchema),
  products: z.array(OrderProductSchema),
  product_requests: z.array(ProductRequestSchema),
  totalQuantity: z.number().int(),
  subTotal: z.number(),
  total: z.number(),
  discount_amount: z.number(),
  vouchers: z.array(VoucherSchema),
  shippingType: OrderShippingTypeSchema.nullable(),
  /** The checkout's delivery type (inShop, vendingMachine, pickupPoint, address). */
  delivery_type: DeliveryTypeSchema.nullable(),
  shippingMethod: ShippingMethodSchema.nullable(),
  /** The delivery address, or the pickup point, as it was at checkout. */
  address: AddressSchema.nullable(),
  paymentType: PaymentTypeSchema.nullable(),
  payment: OrderPaymentSchema,
  /**
   * The order carries prescriptions or prescription-only medicines: it is settled at the pharmacy,
   * so only offline payment types apply (ARCHITECTURE §7, decision 0221).
   */
  requires_pharmacy_settlement: z.boolean(),
  /** 'YYYY-MM-DD' set by the pharmacist. */
  delivery_date: z.string().nullable(),
  info: z.string().nullable(),
  note: z.string().nullable(),
  /** The fiscal code for the receipt ("scontrino parlante"), chosen at checkout; null on older orders. */
  receipt_fiscal_code: z.string().nullable(),
});
export type Order = z.infer<typeof OrderSchema>;

/** `GET /order` → `{ data: Order[] }`, last updated first. */
export const OrderListResponseSchema = dataListEnvelope(OrderSchema);
export type OrderListResponse = z.infer<typeof OrderListResponseSchema>;
/** `GET /order/{id}` and the order actions → `{ data: Order }`. */
export const OrderResponseSchema = dataEnvelope(OrderSchema);
export type OrderResponse = z.infer<typeof OrderResponseSchema>;

/** Spec §2 Orders: sorted by last update, newest first (a copy; ties by id, newest first). */
export function sortOrdersByUpdate<T extends { id: number; updated_at: string }>(orders: readonly T[]): T[] {
  return [...orders].sort((a, b) => b.updated_at.localeCompare(a.updated_at) || b.id - a.id);
}

/**
 * Spec §4: an online payment is accepted only in `finalizing`, with an online payment type, while
 * `payment.valid` is not 1, for an order not settled at the pharmacy, and with something to pay
 * (with nothing due, `/confirm` confirms it at once) — the app's "Conferma e paga" and the
 * server's payment start both ask this.
 */
export function canPayOnline(order: {
  status: OrderStatus;
  paymentType: string | null;
  payment: { valid: number };
  requires_pharmacy_settlement?: boolean;
  total: number;
  discount_amount: number;
}): boolean {
  return (
    order.status === 'finalizing' &&
    order.payment.valid !== 1 &&
    isOnlinePaymentType(order.paymentType) &&
    order.requires_pharmacy_settlement !== true &&
    orderPayableTotal(order) > 0
  );
}

/** Path params of `POST /order/{id}/payment-type/{type}`. */
export const OrderPaymentTypeParamsSchema = z.object({ id: IdParamSchema, type: PaymentTypeSchema });

/** Longest checkout note. */
export const CHECKOUT_NOTE_MAX_LENGTH = 1000;

/** `POST /cart/checkout` body `{ note }`: optional, trimmed (blank → null). */
export const CheckoutBodySchema = z.object({
  note: optionalText(CHECKOUT_NOTE_MAX_LENGTH, { multiline: true }).transform((v) => v ?? null),
  /** Which of the customer's fiscal codes goes on the receipt (`/fiscalcode` id); unset = their own (main) one. */
  fiscal_code_id: positiveId(
    z.number({ error: saleRulesMessages.receiptFiscalCodeNotYours }),
    saleRulesMessages.receiptFiscalCodeNotYours,
  ).nullish(),
});
export type CheckoutBody = z.input<typeof CheckoutBodySchema>;

/** `POST /cart/checkout` → `{ id }` of the new order (spec §7 "-> id"). */
export const CheckoutResponseSchema = IdResponseSchema;
export type CheckoutResponse = z.infer<typeof CheckoutResponseSchema>;

/** `POST /order/{id}/duplicate` → the lines put back into the cart (spec §8 'Prodotti aggiunti al carrello'). */
export const OrderDuplicateResponseSchema = z.object({
  message: z.string(),
  data: z.object({
    /** Codes added to the cart (quantities capped at the cart maximum). */
    added: z.array(z.string()),
    /** Codes no longer sold (left the catalogue or out of stock). */
    skipped: z.array(z.string()),
  }),
});
export type OrderDuplicateResponse = z.infer<typeof OrderDuplicateResponseSchema>;

// --- Pharmacist side (/api/admin/orders, ARCHITECTURE §4) ---------------------------------------

/** One recorded status change: who made it and when (`actor_role` 'payment' for a provider's notification). */
export const OrderEventSchema = z.object({
  id: z.number().int(),
  from_status: OrderStatusSchema.nullable(),
  to_status: OrderStatusSchema,
  actor_role: z.string(),
  actor_user_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  note: z.string().nullable(),
  created_at: TimestampSchema,
});
export type OrderEvent = z.infer<typeof OrderEventSchema>;

/** The customer of an order as the pharmacist sees them. */
export const OrderCustomerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
});

/** An order in the pharmacist's list. */
export const AdminOrderSchema = OrderSchema.extend({ customer: OrderCustomerSchema });
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

/** `GET /admin/orders/{id}`: the order, its customer and its history. */
export const AdminOrderDetailSchema = AdminOrderSchema.extend({ events: z.array(OrderEventSchema) });
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>;

export const AdminOrderListResponseSchema = z.object({
  data: z.array(AdminOrderSchema),
  total: z.number().int(),
  p: z.number().int(),
  rpp: z.number().int(),
});
export type AdminOrderListResponse = z.infer<typeof AdminOrderListResponseSchema>;
export const AdminOrderResponseSchema = dataEnvelope(AdminOrderDetailSchema);
export type AdminOrderResponse = z.infer<typeof AdminOrderResponseSchema>;

const statusList = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
  z.array(OrderStatusSchema, { error: validationMessages.invalid }),
);

/** `GET /admin/orders?status=created,managing&q=&p=&rpp=`. */
export const AdminOrderListQuerySchema = z.object({
  status: statusList.optional(),
  q: z.string().trim().max(100, validationMessages.invalid).optional(),
  p: z.coerce.number({ error: validationMessages.integer }).int(validationMessages.integer).min(1).max(10_000).default(1),
  rpp: z.coerce.number({ error: validationMessages.integer }).int(validationMessages.integer).min(1).max(100).default(20),
});
export type AdminOrderListQuery = z.infer<typeof AdminOrderListQuerySchema>;

const euroAmount = euroInput(validationMessages.invalidNumber);

/** A final line: an existing code keeps its name; a new code needs one. Price per unit in euro. */
export const FinalOrderLineSchema = z.object({
  code: filledText(validationMessages.required).max(20),
  name: filledText(validationMessages.required, { notText: validationMessages.expectedText })
    .max(200, fillMessage(validationMessages.maxLength, { max: 200 }))
    .optional(),
  quantity: z
    .number({ error: validationMessages.integer })
    .int(validationMessages.integer)
    .min(1, validationMessages.invalidNumber)
    .max(99, validationMessages.invalidNumber),
  price: euroAmount,
  unavailable: z.boolean().optional().default(false),
  /**
   * A code not in the catalogue: whether the pharmacist's product is a medicine (no discount code,
   * no points). Left out, it is one — the law's safe side (decision 0699). A catalogue product's
   * own flags decide for it and this is ignored.
   */
  medicine: z.boolean({ error: validationMessages.boolean }).optional(),
});
export type FinalOrderLine = z.infer<typeof FinalOrderLineSchema>;

/**
 * `POST /admin/orders/{id}/finalize` (managing → finalizing): the final lines with their prices
 * (omitted: the lines stay as they are), the delivery date, the notes for the customer (`info`),
 * and optionally another payment type (e.g. when prescription-only medicines require payment at
 * the pharmacy).
 */
export const FinalizeOrderBodySchema = z.object({
  products: z.array(FinalOrderLineSchema).max(200).optional(),
  delivery_date: DaySchema.nullable().optional(),
  info: optionalText(2000, { multiline: true }).transform((v) => v ?? null),
  paymentType: PaymentTypeSchema.optional(),
});
export type FinalizeOrderBody = z.input<typeof FinalizeOrderBodySchema>;

/** `PUT /admin/orders/{id}/notes`: delivery date and notes, while the order is open. */
export const OrderNotesBodySchema = z.object({
  delivery_date: DaySchema.nullable().optional(),
  info: optionalText(2000, { multiline: true }).transform((v) => v ?? null),
});
export type OrderNotesBody = z.input<typeof OrderNotesBodySchema>;

/** Body of the pharmacist's transitions (take charge, process, ship, complete, cancel, reopen): an optional note. */
export const OrderTransitionBodySchema = z
  .object({ note: optionalText(1000, { multiline: true }).transform((v) => v ?? null) })
  .nullish()
  .transform((v) => v ?? { note: null });
export type OrderTransitionBody = z.input<typeof OrderTransitionBodySchema>;
