import { z } from 'zod';
import { dataEnvelope, IdSchema, TimestampSchema } from './common/api.js';
import { fillMessage } from './common/messages.js';
import { healthDataMessages } from './common/message-groups.js';

/**
 * Health data by the rules (GDPR art. 9, issue 15). A consent of its own, apart from the bundled
 * "Ho letto l'informativa privacy e accetto i termini": given with the text version it was read
 * in, withdrawable, required by the server before a prescription or a product/galenica request is
 * saved (decision 0410). And the shop's retention of that data after an order closes (decision 0411).
 */

const m = healthDataMessages;

/** The consent text's version: bump it with every change of `healthDataMessages.consentText`. */
export const HEALTH_CONSENT_VERSION = '2026-11-27';

/** The consent's text, as shown and as agreed to. */
export const HEALTH_CONSENT_TEXT = m.consentText;

/** The code of the 403 the server answers to a health-data send without a valid consent. */
export const HealthDataErrorCode = { CONSENT_REQUIRED: 'HEALTH_CONSENT_REQUIRED' } as const;

/** One stored consent as the rule needs it: which text, and whether it was withdrawn since. */
export interface HealthConsentRecord {
  version: string;
  withdrawn_at: string | null;
}

/** A consent counts when it is the latest one, not withdrawn, and for the text shown today. */
export function healthConsentValid(latest: HealthConsentRecord | null | undefined, version = HEALTH_CONSENT_VERSION): boolean {
  return !!latest && latest.withdrawn_at === null && latest.version === version;
}

/**
 * An information request about a shop service needs the consent when it carries a note: the note
 * is where a customer speaks of their health; the bare request ("call me about it") does not.
 */
export function infoRequestNeedsHealthConsent(note: string | null | undefined): boolean {
  return (note ?? '').trim() !== '';
}

/** `GET /profile/health-consent` (and the answer of PUT/DELETE): the customer's state and the text to agree to. */
export const HealthConsentStateSchema = z.object({
  /** Whether health data may be sent now. */
  valid: z.boolean(),
  /** The latest consent: given in `version` at `given_at`, withdrawn at `withdrawn_at` (null while in force). */
  latest: z
    .object({ version: z.string(), given_at: TimestampSchema, withdrawn_at: TimestampSchema.nullable() })
    .nullable(),
  current_version: z.string(),
  text: z.string(),
});
export type HealthConsentState = z.infer<typeof HealthConsentStateSchema>;
export const HealthConsentResponseSchema = dataEnvelope(HealthConsentStateSchema);

/** `PUT /profile/health-consent`: the box ticked for the version read (a stale screen is refused). */
export const HealthConsentGiveBodySchema = z.object({
  accepted: z.literal(true, { error: m.acceptRequired }),
  // The version on show is the only one accepted: the document lists it.
  version: z.literal(HEALTH_CONSENT_VERSION, { error: m.versionMismatch }),
});
export type HealthConsentGiveBody = z.input<typeof HealthConsentGiveBodySchema>;

/** What the profile says about the consent. `day` formats a timestamp as the app shows dates. */
export function healthConsentStatusText(state: HealthConsentState, day: (iso: string) => string): string {
  const latest = state.latest;
  if (!latest) return m.statusNone;
  if (latest.withdrawn_at !== null) return fillMessage(m.statusWithdrawn, { date: day(latest.withdrawn_at) });
  if (latest.version !== state.current_version) return m.statusOutdated;
  return fillMessage(m.statusGiven, { date: day(latest.given_at), version: latest.version });
}

// --- Retention (decision 0411) -------------------------------------------------------------------

/** Months after an order or request closes that its health data is kept when the shop set nothing. */
export const HEALTH_RETENTION_DEFAULT_MONTHS = 6;
export const HEALTH_RETENTION_MIN_MONTHS = 1;
export const HEALTH_RETENTION_MAX_MONTHS = 120;

const rangeMessage = fillMessage(m.retentionRange, { min: HEALTH_RETENTION_MIN_MONTHS, max: HEALTH_RETENTION_MAX_MONTHS });

export const HealthRetentionMonthsSchema = z.coerce
  .number({ error: rangeMessage })
  .int(rangeMessage)
  .min(HEALTH_RETENTION_MIN_MONTHS, rangeMessage)
  .max(HEALTH_RETENTION_MAX_MONTHS, rangeMessage);

/** `GET/PUT /admin/health-retention` (`?shop_id` / `shop_id` for an admin acting on another shop). */
export const HealthRetentionSchema = z.object({ months: HealthRetentionMonthsSchema });
export const HealthRetentionUpdateSchema = HealthRetentionSchema.extend({ shop_id: IdSchema.optional() });
export type HealthRetentionUpdate = z.input<typeof HealthRetentionUpdateSchema>;
export const HealthRetentionResponseSchema = dataEnvelope(
  z.object({ shop_id: z.number().int(), months: z.number().int(), default_months: z.number().int() }),
);
export type HealthRetention = z.infer<typeof HealthRetentionResponseSchema>['data'];

/** A stored setting, or the default when unset or unreadable. */
export function healthRetentionMonths(stored: string | null | undefined): number {
  const parsed = HealthRetentionMonthsSchema.safeParse(stored ?? undefined);
  return parsed.success ? parsed.data : HEALTH_RETENTION_DEFAULT_MONTHS;
}

/**
 * The instant before which a closure is expired: `months` calendar months before `now` (UTC; a
 * 31st falls back to the month's last day, so 31 Mar − 1 month = 28/29 Feb).
 */
export function healthRetentionCutoff(now: Date, months: number): Date {
  const cutoff = new Date(now.getTime());
  const day = cutoff.getUTCDate();
  cutoff.setUTCDate(1);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  const last = new Date(Date.UTC(cutoff.getUTCFullYear(), cutoff.getUTCMonth() + 1, 0)).getUTCDate();
  cutoff.setUTCDate(Math.min(day, last));
  return cutoff;
}
