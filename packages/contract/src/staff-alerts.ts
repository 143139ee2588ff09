import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from './auth.js';
import { dataEnvelope } from './common/api.js';
import { fillMessage } from './common/messages.js';
import { staffAlertsMessages, validationMessages } from './common/message-groups.js';
import { asSent, orBlank } from './common/text.js';
import { SHOP_TIME_ZONE } from './constants.js';
import { DeviceIdSchema, PushSubscriptionSchema } from './notification.js';
import type { OpeningHours } from './shop.js';
import { MAX_ROW_ID } from './common/route-params.js';

/**
 * Alerts to the pharmacy's staff (issue 15, decisions 0420–0422): which customer events reach the
 * shop (email to its alert address, Web Push to the pharmacists who turned it on) and the
 * escalation of an order nobody took in charge within some minutes of opening time.
 */

const m = staffAlertsMessages;

export const STAFF_ALERT_EVENTS = ['order', 'booking', 'bookingCancelled', 'infoRequest'] as const;
export type StaffAlertEvent = (typeof STAFF_ALERT_EVENTS)[number];

export const ESCALATION_MINUTES_MIN = 5;
export const ESCALATION_MINUTES_MAX = 24 * 60;

const EventsSchema = z.object({
  order: z.boolean(),
  booking: z.boolean(),
  bookingCancelled: z.boolean(),
  infoRequest: z.boolean(),
});

export const StaffAlertSettingsSchema = z.object({
  shop_id: z.number().int(),
  /** The address alerts go to; null = the shop's contact email (`shop_email`). */
  email: z.string().nullable(),
  shop_email: z.string().nullable(),
  events: EventsSchema,
  escalation_enabled: z.boolean(),
  escalation_minutes: z.number().int(),
});
export type StaffAlertSettings = z.infer<typeof StaffAlertSettingsSchema>;
export const StaffAlertSettingsResponseSchema = dataEnvelope(StaffAlertSettingsSchema);

/**
 * What a shop gets before anyone opens the settings: every event alerts the shop's address; the
 * escalation (mail to every pharmacist) waits until the shop turns it on (decision 0421).
 */
export const DEFAULT_STAFF_ALERTS: Omit<StaffAlertSettings, 'shop_id' | 'shop_email'> = {
  email: null,
  events: { order: true, booking: true, bookingCancelled: true, infoRequest: true },
  escalation_enabled: false,
  escalation_minutes: 30,
};

const minutesMessage = fillMessage(m.minutes, { min: ESCALATION_MINUTES_MIN, max: ESCALATION_MINUTES_MAX });
const flag = z.boolean({ error: validationMessages.invalid });

/** `PUT /admin/staff-alerts`: only what is sent changes; an empty email means "the shop's address". */
export const StaffAlertSettingsUpdateSchema = z.object({
  shop_id: z.number({ error: validationMessages.invalid }).int(validationMessages.invalid).positive().max(MAX_ROW_ID, validationMessages.invalid).optional(),
  email: z
    .string({ error: m.email })
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX_LENGTH, m.email)
    .regex(asSent(orBlank(z.regexes.email)), m.email)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  events: z
    .object({ order: flag, booking: flag, bookingCancelled: flag, infoRequest: flag }, { error: validationMessages.invalid })
    .partial()
    .optional(),
  escalation_enabled: flag.optional(),
  escalation_minutes: z
    .number({ error: minutesMessage })
    .int(minutesMessage)
    .min(ESCALATION_MINUTES_MIN, minutesMessage)
    .max(ESCALATION_MINUTES_MAX, minutesMessage)
    .optional(),
});
export type StaffAlertSettingsUpdate = z.input<typeof StaffAlertSettingsUpdateSchema>;

/**
 * `GET|DELETE /admin/staff-alerts/push?device=` and `PUT /admin/staff-alerts/push {device, subscription}`:
 * the pharmacist's push alerts on one back-office browser (the device id it keeps).
 */
export const StaffPushQuerySchema = z.object({ device: DeviceIdSchema });
export const StaffPushBodySchema = z.object({ device: DeviceIdSchema, subscription: PushSubscriptionSchema });

// --- Opening time --------------------------------------------------------------------------------

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Longest look-back: an order waiting longer than this is due whatever the hours say. */
const MAX_SCAN_DAYS = 31;

function offsetFormat(timeZone: string): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
  } catch {
    return offsetFormat(SHOP_TIME_ZONE);
  }
}

/** The wall-clock time of an instant in the zone, as if it were UTC (so getUTC* read the local fields). */
function wallMs(format: Intl.DateTimeFormat, ms: number): number {
  const p: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(ms))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return Date.UTC(p.year ?? 0, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0) + (ms % MINUTE_MS);
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether the hours name any open interval; without one the shop counts as always open (decision 0421). */
function hasHours(hours: OpeningHours | null | undefined): hours is OpeningHours {
  return !!hours && hours.week.some((d) => d.intervals.some((i) => toMinutes(i.to) > toMinutes(i.from)));
}

/** Milliseconds the shop was open between two instants, by the wall-clock time of its zone. */
function openMsBetween(hours: OpeningHours, fromMs: number, toMs: number): number {
  const format = offsetFormat(hours.timezone || SHOP_TIME_ZONE);
  const to = wallMs(format, toMs);
  const from = Math.max(wallMs(format, fromMs), to - MAX_SCAN_DAYS * DAY_MS);
  let open = 0;
  for (let day = Math.floor(from / DAY_MS) * DAY_MS; day < to; day += DAY_MS) {
    const isoDay = new Date(day).getUTCDay() || 7;
    for (const entry of hours.week) {
      if (entry.day !== isoDay) continue;
      for (const interval of entry.intervals) {
        const start = Math.max(from, day + toMinutes(interval.from) * MINUTE_MS);
        const end = Math.min(to, day + toMinutes(interval.to) * MINUTE_MS);
        if (end > start) open += end - start;
      }
    }
  }
  return open;
}

/**
 * Minutes the shop was open between two instants, by its `open_on` week (wall-clock time of its
 * zone, Europe/Rome). Without hours every minute counts. Wall-clock arithmetic is off by an hour
 * only for an interval spanning the 02:00–03:00 daylight-saving change, when no pharmacy opens.
 */
export function openMinutesBetween(hours: OpeningHours | null | undefined, fromMs: number, toMs: number): number {
  if (toMs <= fromMs) return 0;
  const open = hasHours(hours) ? openMsBetween(hours, fromMs, toMs) : toMs - fromMs;
  return Math.floor(open / MINUTE_MS);
}

/** Whether the shop is open at an instant (always, without hours). */
export function isShopOpenAt(hours: OpeningHours | null | undefined, ms: number): boolean {
  return !hasHours(hours) || openMsBetween(hours, ms, ms + 1) > 0;
}

/**
 * Whether an order created at `createdMs` and still not taken in charge should be escalated now:
 * the shop is open and has been open for at least `minutes` since the order arrived.
 */
export function isEscalationDue(hours: OpeningHours | null | undefined, createdMs: number, nowMs: number, minutes: number): boolean {
  return isShopOpenAt(hours, nowMs) && openMinutesBetween(hours, createdMs, nowMs) >= minutes;
}
