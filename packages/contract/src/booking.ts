import { z } from 'zod';
import { DaySchema, EuroSchema, IdSchema, positiveId, TimestampSchema } from './common/api.js';
import { reservationsMessages, validationMessages } from './common/message-groups.js';
import { isCalendarDay } from './common/calendar-day.js';
import { ID_PARAM_PATTERN } from './common/route-params.js';
import { IF_NO_ISSUE_YET, optionalText } from './common/text.js';
import { RESERVATION_NOTE_MAX } from './constants.js';

/**
 * Services, shop services, events, slots and reservations (spec §3, §7 "Reservations and events"
 * and "Shop services"). Prices are euro with 2 decimals on the wire (cents in storage); days are
 * Rome calendar days 'YYYY-MM-DD'; appointment times are Rome wall-clock 'HH:mm:ss', slot times
 * 'HH:mm'. Paths and shapes are listed in docs/api-bookings.md.
 */

const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

export { isCalendarDay, RESERVATION_NOTE_MAX };

/** A Rome calendar day 'YYYY-MM-DD' that exists (no 2026-02-30). */
export const BookingDaySchema = DaySchema.refine(isCalendarDay, {
  message: validationMessages.invalidDate,
  // One message per field: skip the calendar check when the format is already wrong.
  ...IF_NO_ISSUE_YET,
});

/** A Rome wall-clock time, 'HH:mm' or 'HH:mm:ss'. */
export const TimeOfDaySchema = z.string({ error: validationMessages.invalidTime }).regex(TIME, validationMessages.invalidTime);

// --- Entities -----------------------------------------------------------------------------------

/** A bookable service (spec §3 Service). */
export const ServiceSchema = z.object({
  id: z.number().int(),
  category_id: z.number().int().nullable(),
  name: z.string(),
  /** Sanitized HTML. */
  description: z.string(),
  /** Euro. Sent even when `show_price` is false: the booking summary shows it (spec §2). */
  price: EuroSchema,
  /** Minutes. */
  duration: z.number().int(),
  /** Minutes the staff member needs after the appointment before the next one. */
  padding_after: z.number().int(),
  /** Whether the service page shows the price. */
  show_price: z.boolean(),
  /** A reservation can be cancelled until this many days before its day. */
  booking_cancellations: z.number().int(),
});
export type Service = z.infer<typeof ServiceSchema>;

/** A category of services ('Prenota un Servizio' list). */
export const ServiceCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  services_count: z.number().int(),
  shop_services_count: z.number().int(),
});
export type ServiceCategory = z.infer<typeof ServiceCategorySchema>;

/** A service the pharmacy offers on request, not bookable online (spec §3 Shop service). */
export const ShopServiceSchema = z.object({
  id: z.number().int(),
  category_id: z.number().int().nullable(),
  group_id: z.number().int().nullable(),
  name: z.string(),
  /** Sanitized HTML. */
  description: z.string(),
  /** Euro; null when the price is given on request. */
  price: EuroSchema.nullable(),
});
export type ShopService = z.infer<typeof ShopServiceSchema>;

/** A group of shop services (spec §3 Service group: name, text, shopService list). */
export const ServiceGroupSchema = z.object({
  id: z.number().int(),
  category_id: z.number().int().nullable(),
  name: z.string(),
  /** Sanitized HTML. */
  text: z.string(),
  shopService: z.array(ShopServiceSchema),
});
export type ServiceGroup = z.infer<typeof ServiceGroupSchema>;

/** When an event takes place: UTC instants (ISO-8601). */
export const EventAvailabilitySchema = z.object({
  id: z.number().int(),
  start_at: TimestampSchema,
  end_at: TimestampSchema,
});
export type EventAvailability = z.infer<typeof EventAvailabilitySchema>;

/** An event (spec §3): services offered inside its availabilities. */
export const EventSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Sanitized HTML. */
  description: z.string(),
  services: z.array(ServiceSchema),
  /** Upcoming availabilities, earliest first. */
  availabilities: z.array(EventAvailabilitySchema),
});
export type Event = z.infer<typeof EventSchema>;

/** A free time of a day (spec §3 Slot): Rome 'HH:mm' and the staff member it is with. */
export const SlotSchema = z.object({
  time: z.string(),
  staffId: z.number().int(),
});
export type Slot = z.infer<typeof SlotSchema>;

export const ReservationStatusSchema = z.enum(['booked', 'cancelled']);
export type ReservationStatus = z.infer<typeof ReservationStatusSchema>;

/** A customer's reservation (spec §3 Reservation). */
export const ReservationSchema = z.object({
  id: z.number().int(),
  day: z.string(),
  /** Rome wall-clock 'HH:mm:ss'. */
  start_appointment: z.string(),
  /** start + the service's duration, 'HH:mm:ss' (decision 0182). */
  end_appointment: z.string(),
  note: z.string().nullable(),
  status: ReservationStatusSchema,
  service: z.object({
    id: z.number().int(),
    name: z.string(),
    duration: z.number().int(),
    price: z.number(),
    booking_cancellations: z.number().int(),
  }),
  /** The spec's field; bookings are always of a service, so it is null (decision 0182). */
  shop_service: z.null(),
  event: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  staff: z.object({ id: z.number().int(), name: z.string() }),
  /** Whether DELETE is allowed now (booked, and today ≤ day − booking_cancellations). */
  cancellable: z.boolean(),
  /** Last Rome day on which it can be cancelled. */
  cancellable_until: z.string(),
  created_at: TimestampSchema,
  cancelled_at: TimestampSchema.nullable(),
});
export type Reservation = z.infer<typeof ReservationSchema>;

/** Path params of GET /event/findOne/{id} (spec §5: the event id is required). */
export const EventIdParamsSchema = z.object({
  id: z
    .string({ error: reservationsMessages.eventIdRequired })
    .regex(ID_PARAM_PATTERN, reservationsMessages.eventIdRequired)
    .transform(Number)
    .pipe(
      positiveId(z.number(), reservationsMessages.eventIdRequired),
    ),
});

/** `?month=YYYY-MM` of the availability call. */
export const MonthQuerySchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, validationMessages.invalidDate)
    .optional(),
});

// --- Requests -----------------------------------------------------------------------------------


/** The slot a booking takes (staff member, Rome day, start): the same fields whoever books, customer or pharmacist. */
export const BookingSlotFields = {
  staff_id: positiveId(z.coerce.number({ error: reservationsMessages.slotRequired }), reservationsMessages.slotRequired),
  day: BookingDaySchema,
  start_appointment: TimeOfDaySchema,
};

/**
 * Body of POST /reservations/{service_id} (spec §3 Booking payload). `user_id` and
 * `end_appointment` are accepted and ignored: the server takes the user from the token and
 * recomputes the end. `event_id` books the service inside that event.
 */
export const BookingPayloadSchema = z.object({
  user_id: z.unknown().optional(),
  service_id: IdSchema.optional(),
  ...BookingSlotFields,
  end_appointment: z.unknown().optional(),
  note: optionalText(RESERVATION_NOTE_MAX, { multiline: true }),
  event_id: IdSchema.nullish(),
});
export type BookingPayload = z.input<typeof BookingPayloadSchema>;

/** Longest note of an information request. */
export const SHOP_SERVICE_NOTE_MAX = 2000;

/** Body of POST /shopservices: a customer asks the pharmacy about a shop service. */
export const ShopServiceRequestBodySchema = z.object({
  shop_service_id: IdSchema,
  /** The name the customer saw; stored as sent so the pharmacist reads what was asked about. */
  shop_service_name: z.string().trim().max(200, validationMessages.invalid).optional(),
  note: optionalText(SHOP_SERVICE_NOTE_MAX, { multiline: true }),
});
export type ShopServiceRequestBody = z.input<typeof ShopServiceRequestBodySchema>;

// --- Responses ----------------------------------------------------------------------------------

/** GET /services */
export const ServiceCategoriesResponseSchema = z.object({ data: z.array(ServiceCategorySchema) });
/** GET /service-categories/{id} (spec: category, data.services, data.shop_service). */
export const CategoryServicesResponseSchema = z.object({
  category: ServiceCategorySchema,
  data: z.object({
    services: z.array(ServiceSchema),
    shop_service: z.array(ShopServiceSchema),
    /** Groups of shop services of the category (each opens /app/service_group/{id}). */
    service_groups: z.array(ServiceGroupSchema),
  }),
});
export type CategoryServicesResponse = z.infer<typeof CategoryServicesResponseSchema>;
/** GET /services/{id} */
export const ServiceResponseSchema = z.object({ service: ServiceSchema });
/** GET /services/{id}/availability: days with a free slot in the calendar range. */
export const ServiceAvailabilityResponseSchema = z.object({ service: ServiceSchema, availableDate: z.array(z.string()) });
export type ServiceAvailabilityResponse = z.infer<typeof ServiceAvailabilityResponseSchema>;
/** GET /services/{id}/slots/{day} */
export const ServiceSlotsResponseSchema = z.object({ availableSlots: z.array(SlotSchema), pickedDate: z.string() });
/** GET /reservations/{serviceId}/{day} and GET /reservations/event/{eventId}/{day}/{serviceId}. */
export const ReservationSlotsResponseSchema = z.object({
  availableSlots: z.array(SlotSchema),
  pickedDate: z.string(),
  service: ServiceSchema,
  event: EventSchema.nullable(),
});
export type ReservationSlotsResponse = z.infer<typeof ReservationSlotsResponseSchema>;
/** GET /event/getAll[/{shopId}] */
export const EventsResponseSchema = z.object({ data: z.array(EventSchema) });
/** GET /event/findOne/{id} (spec: data.data is the event). */
export const EventResponseSchema = z.object({ data: EventSchema });
/** GET /reservations */
export const ReservationsResponseSchema = z.object({ data: z.array(ReservationSchema) });
/** GET, POST, DELETE of one reservation. */
export const ReservationResponseSchema = z.object({ data: ReservationSchema });
/** GET /shopservices, GET /shopservices/category/{id} */
export const ShopServicesResponseSchema = z.object({ data: z.array(ShopServiceSchema) });
/** GET /shopservices/{id} */
export const ShopServiceResponseSchema = z.object({ data: ShopServiceSchema });
/** GET /shopservicegroup/{id} */
export const ServiceGroupResponseSchema = z.object({ data: ServiceGroupSchema });
/** POST /shopservices: 201, the request as stored and the text to show. */
export const ShopServiceRequestResponseSchema = z.object({
  data: z.object({
    id: z.number().int(),
    shop_service_id: z.number().int(),
    shop_service_name: z.string(),
    note: z.string().nullable(),
    created_at: z.string(),
  }),
  message: z.string(),
});

// --- Rules shared by the server and the app -----------------------------------------------------

/** Error codes of the booking domain. */
export const BookingErrorCode = {
  /** Someone else holds the slot (409). */
  SLOT_TAKEN: 'RESERVATION_SLOT_TAKEN',
  /** The time is not a slot of that staff member: closed, past, off the grid, out of range (422). */
  SLOT_UNAVAILABLE: 'RESERVATION_SLOT_UNAVAILABLE',
  /** Too late to cancel (409). */
  NOT_CANCELLABLE: 'RESERVATION_NOT_CANCELLABLE',
  /** Already cancelled (409). */
  ALREADY_CANCELLED: 'RESERVATION_ALREADY_CANCELLED',
} as const;

/** Last Rome day on which a reservation of `day` can be cancelled (spec §4: day − N days). */
export function cancellableUntil(day: string, bookingCancellations: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d - Math.max(0, bookingCancellations)));
  return date.toISOString().slice(0, 10);
}

/** Who cancels: the customer (inside the service's window) or the shop's staff (any booked reservation). */
export type ReservationCanceller =
  | { by: 'customer'; bookingCancellations: number; today: string }
  | { by: 'shop' };

/** Why a reservation cannot be cancelled; the server maps each to its 409 code and text ({@link BookingErrorCode}). */
export type ReservationCancelRefusal = 'alreadyCancelled' | 'windowClosed';

/**
 * Spec §4 and decision 0480: whether `canceller` may cancel `reservation` now, or why not. The
 * customer may cancel a booked reservation while `today` (Rome) is on or before its day minus the
 * service's `booking_cancellations` days; the shop may call any booked appointment off. The rule
 * behind the `cancellable` flag the app shows, the back office's "Annulla prenotazione" and the
 * cancellations the server accepts.
 */
export function reservationCancelRefusal(
  reservation: { status: ReservationStatus; day: string },
  canceller: ReservationCanceller,
): ReservationCancelRefusal | null {
  if (reservation.status !== 'booked') return 'alreadyCancelled';
  if (canceller.by === 'customer' && canceller.today > cancellableUntil(reservation.day, canceller.bookingCancellations)) return 'windowClosed';
  return null;
}

/** The customer's side of {@link reservationCancelRefusal}: the `cancellable` flag of the wire. */
export function isReservationCancellable(reservation: { status: ReservationStatus; day: string }, bookingCancellations: number, today: string): boolean {
  return reservationCancelRefusal(reservation, { by: 'customer', bookingCancellations, today }) === null;
}

/**
 * Plain-text excerpt of an HTML description, cut at `words` words (spec §2/§9: 8) with '...'
 * when something was cut.
 */
export function excerpt(html: string, words = 8): string {
  const text = html
    // Inline tags sit inside a word or next to its punctuation ('<strong>ECG</strong>:'): they
    // go without a trace, or the excerpt reads 'ECG :'. Every other tag separates words.
    .replace(/<\/?(?:a|abbr|b|cite|code|em|i|mark|q|s|small|span|strong|sub|sup|u)(?:\s[^>]*)?>/gi, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return text.length > words ? `${text.slice(0, words).join(' ')}...` : text.join(' ');
}
