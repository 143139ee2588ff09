import { z } from 'zod';
import { dataEnvelope, dataListEnvelope, euroInput, IdSchema, positiveId, TimestampSchema } from './common/api.js';
import { fillMessage } from './common/messages.js';
import { backofficeBookingsMessages, backofficeMessages, validationMessages } from './common/message-groups.js';
import { optionalText, requiredText } from './common/text.js';
import {
  BookingDaySchema,
  BookingSlotFields,
  ReservationSchema,
  ServiceCategorySchema,
  ServiceGroupSchema,
  ServiceSchema,
  ShopServiceSchema,
} from './booking.js';
import { CustomerSearchTextSchema } from './backoffice-customers.js';

/**
 * The back office's bookings management (issue 8): reservations made and cancelled for a customer,
 * services with their categories and groups, events with their availabilities, staff working
 * hours. Staff only; a pharmacist acts on their own shop, an admin picks one (`shop_id`).
 * Paths in docs/api-bookings.md ("Back office").
 */

const MSG = backofficeBookingsMessages;

/** Conflicts of the back office's bookings management (409). */
export const BackofficeBookingErrorCode = {
  /** A category still holds services, groups or shop services. */
  CATEGORY_IN_USE: 'SERVICE_CATEGORY_IN_USE',
  /** A group still holds shop services. */
  GROUP_IN_USE: 'SERVICE_GROUP_IN_USE',
  /** An event availability holds booked reservations. */
  AVAILABILITY_BOOKED: 'EVENT_AVAILABILITY_BOOKED',
} as const;

const HHMM = z
  .string({ error: validationMessages.invalidTime })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, validationMessages.invalidTime);

const intBetween = (min: number, max: number, message = fillMessage(validationMessages.between, { min, max })) =>
  z.coerce.number({ error: message }).int(validationMessages.integer).min(min, message).max(max, message);

/** Descriptions and texts of services, events and shop services (HTML, sanitised when served). */
const longText = z.string({ error: validationMessages.invalid }).max(10_000, fillMessage(validationMessages.maxLength, { max: 10_000 })).default('');
/** A price in euro as typed: 0 to 100.000, at most two decimals. */
const euroPrice = euroInput(MSG.priceRange, { coerce: true });
const idList = z.array(IdSchema, { error: validationMessages.invalid }).max(100).default([]);

// --- Customers and reservations ----------------------------------------------------------------------

/** A customer of the shop as the booking form shows them (no health data). */
export const BookingCustomerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
});
export type BookingCustomer = z.infer<typeof BookingCustomerSchema>;
export const BookingCustomerListResponseSchema = dataListEnvelope(BookingCustomerSchema);

/** `GET /admin/reservation-customers?q=`: name, email or phone, at least 2 characters; 20 at most. */
export const BookingCustomerQuerySchema = z.object({
  q: CustomerSearchTextSchema,
  shop_id: IdSchema.optional(),
});

/** A reservation as the pharmacist sees it: the customer's one plus who booked it. */
export const AdminReservationSchema = ReservationSchema.extend({ customer: BookingCustomerSchema });
export type AdminReservation = z.infer<typeof AdminReservationSchema>;
export const AdminReservationResponseSchema = dataEnvelope(AdminReservationSchema);

/**
 * `POST /admin/reservations`: a booking made for a customer of the shop, under exactly the rules of
 * the customer's own booking (slot grid, hours, closures, one booking per slot → 409).
 */
export const AdminBookingBodySchema = z.object({
  shop_id: IdSchema.optional(),
  customer_id: positiveId(z.coerce.number({ error: MSG.customerRequired }), MSG.customerRequired),
  service_id: positiveId(z.coerce.number({ error: validationMessages.required })),
  ...BookingSlotFields,
  note: optionalText(1000, { multiline: true }),
  event_id: IdSchema.nullish(),
});
export type AdminBookingBody = z.input<typeof AdminBookingBodySchema>;

// --- Services, categories, groups ------------------------------------------------------------------

export const AdminServiceSchema = ServiceSchema.extend({
  active: z.boolean(),
  sort_order: z.number().int(),
  /** Staff members who perform it: only they offer its slots. */
  staff_ids: z.array(z.number().int()),
});
export type AdminService = z.infer<typeof AdminServiceSchema>;
export const AdminServiceListResponseSchema = dataListEnvelope(AdminServiceSchema);
export const AdminServiceResponseSchema = dataEnvelope(AdminServiceSchema);

/** `POST /admin/services` and `PUT /admin/services/:id` (the whole service). Price in euro. */
export const AdminServiceBodySchema = z.object({
  shop_id: IdSchema.optional(),
  category_id: IdSchema.nullable().default(null),
  name: requiredText(150),
  description: longText,
  price: euroPrice,
  duration: intBetween(5, 480, MSG.durationRange),
  padding_after: intBetween(0, 240).default(0),
  show_price: z.boolean({ error: validationMessages.boolean }).default(true),
  booking_cancellations: intBetween(0, 60).default(0),
  sort_order: intBetween(0, 10_000).default(0),
  active: z.boolean({ error: validationMessages.boolean }).default(true),
  staff_ids: idList,
});
export type AdminServiceBody = z.input<typeof AdminServiceBodySchema>;

export const AdminServiceCategorySchema = ServiceCategorySchema.extend({
  sort_order: z.number().int(),
  /** With `services_count` (active or not) and `shop_services_count`: a category in use is not deleted. */
  groups_count: z.number().int(),
});
export type AdminServiceCategory = z.infer<typeof AdminServiceCategorySchema>;
export const AdminServiceCategoryListResponseSchema = dataListEnvelope(AdminServiceCategorySchema);
export const AdminServiceCategoryResponseSchema = dataEnvelope(AdminServiceCategorySchema);

export const AdminServiceCategoryBodySchema = z.object({
  shop_id: IdSchema.optional(),
  name: requiredText(150),
  description: optionalText(2000, { multiline: true }).transform((v) => v ?? null),
  sort_order: intBetween(0, 10_000).default(0),
});
export type AdminServiceCategoryBody = z.input<typeof AdminServiceCategoryBodySchema>;

export const AdminServiceGroupSchema = ServiceGroupSchema.omit({ shopService: true }).extend({
  sort_order: z.number().int(),
  shop_services_count: z.number().int(),
});
export type AdminServiceGroup = z.infer<typeof AdminServiceGroupSchema>;
export const AdminServiceGroupListResponseSchema = dataListEnvelope(AdminServiceGroupSchema);
export const AdminServiceGroupResponseSchema = dataEnvelope(AdminServiceGroupSchema);

export const AdminServiceGroupBodySchema = z.object({
  shop_id: IdSchema.optional(),
  category_id: IdSchema.nullable().default(null),
  name: requiredText(150),
  text: longText,
  sort_order: intBetween(0, 10_000).default(0),
});
export type AdminServiceGroupBody = z.input<typeof AdminServiceGroupBodySchema>;

/** A shop service (an information request, not a booking) as the back office edits it. */
export const AdminShopServiceSchema = ShopServiceSchema.extend({
  active: z.boolean(),
  sort_order: z.number().int(),
});
export type AdminShopService = z.infer<typeof AdminShopServiceSchema>;
export const AdminShopServiceListResponseSchema = dataListEnvelope(AdminShopServiceSchema);
export const AdminShopServiceResponseSchema = dataEnvelope(AdminShopServiceSchema);

export const AdminShopServiceBodySchema = z.object({
  shop_id: IdSchema.optional(),
  category_id: IdSchema.nullable().default(null),
  group_id: IdSchema.nullable().default(null),
  name: requiredText(150),
  description: longText,
  price: euroPrice
    .nullable()
    .default(null),
  sort_order: intBetween(0, 10_000).default(0),
  active: z.boolean({ error: validationMessages.boolean }).default(true),
});
export type AdminShopServiceBody = z.input<typeof AdminShopServiceBodySchema>;

// --- Events ----------------------------------------------------------------------------------------

export const AdminEventAvailabilitySchema = z.object({
  id: z.number().int(),
  start_at: TimestampSchema,
  end_at: TimestampSchema,
  /** Booked reservations inside it: such a window is not deleted. */
  booked: z.number().int(),
});
export type AdminEventAvailability = z.infer<typeof AdminEventAvailabilitySchema>;

export const AdminEventSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  active: z.boolean(),
  service_ids: z.array(z.number().int()),
  availabilities: z.array(AdminEventAvailabilitySchema),
});
export type AdminEvent = z.infer<typeof AdminEventSchema>;
export const AdminEventListResponseSchema = dataListEnvelope(AdminEventSchema);
export const AdminEventResponseSchema = dataEnvelope(AdminEventSchema);

export const AdminEventBodySchema = z.object({
  shop_id: IdSchema.optional(),
  name: requiredText(150),
  description: longText,
  active: z.boolean({ error: validationMessages.boolean }).default(true),
  service_ids: idList,
});
export type AdminEventBody = z.input<typeof AdminEventBodySchema>;

/** `POST /admin/events/:id/availabilities`: a window of one Rome day, `HH:mm`–`HH:mm`. */
export const AdminEventAvailabilityBodySchema = z
  .object({ day: BookingDaySchema, start: HHMM, end: HHMM })
  .superRefine((v, ctx) => {
    if (v.end <= v.start) ctx.addIssue({ code: 'custom', path: ['end'], message: MSG.availabilityRange });
  });
export type AdminEventAvailabilityBody = z.input<typeof AdminEventAvailabilityBodySchema>;

// --- Working hours --------------------------------------------------------------------------------

export const WorkingHoursSchema = z.object({
  /** ISO weekday: 1 = lunedì … 7 = domenica. */
  weekday: z.coerce.number({ error: MSG.weekday }).int(MSG.weekday).min(1, MSG.weekday).max(7, MSG.weekday),
  start: HHMM,
  end: HHMM,
});
export type WorkingHours = z.infer<typeof WorkingHoursSchema>;

export const StaffHoursSchema = z.object({ staff_id: z.number().int(), name: z.string(), hours: z.array(WorkingHoursSchema) });
export type StaffHours = z.infer<typeof StaffHoursSchema>;
export const StaffHoursResponseSchema = dataEnvelope(StaffHoursSchema);

/** `PUT /admin/staff/:id/hours`: the member's whole week (an empty list: no weekly hours). */
export const StaffHoursBodySchema = z
  .object({ hours: z.array(WorkingHoursSchema, { error: validationMessages.invalid }).max(50) })
  .superRefine((v, ctx) => {
    v.hours.forEach((h, i) => {
      if (h.end <= h.start) ctx.addIssue({ code: 'custom', path: ['hours', i, 'end'], message: backofficeMessages.timeRange });
    });
    const sorted = v.hours.map((h, i) => ({ ...h, i })).sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start));
    for (let k = 1; k < sorted.length; k++) {
      const prev = sorted[k - 1];
      const cur = sorted[k];
      if (prev && cur && prev.weekday === cur.weekday && cur.start < prev.end) {
        ctx.addIssue({ code: 'custom', path: ['hours', cur.i, 'start'], message: MSG.hoursOverlap });
      }
    }
  });
export type StaffHoursBody = z.input<typeof StaffHoursBodySchema>;
