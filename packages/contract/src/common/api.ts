import { z } from 'zod';
import { validationMessages } from './message-groups.js';
import { ID_PARAM_PATTERN, MAX_ROW_ID } from './route-params.js';

/**
 * The envelopes of spec §7. "GET /profile -> data.data" reads the HTTP client's `data` (the body)
 * and then the body's `data`: the body is `{ data: ... }`. "POST /auth/login -> data.token" means
 * the body is `{ token }` with no envelope. Lists and single rows of the customer API use the
 * `{ data }` envelope unless the spec shows another shape (search, slots...).
 */
export function dataEnvelope<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

/** `{ data: T[] }`. */
export function dataListEnvelope<T extends z.ZodType>(schema: T) {
  return z.object({ data: z.array(schema) });
}

/** The body type of {@link dataEnvelope}. */
export type DataEnvelope<T> = { data: T };

/**
 * The rules of a row id on a number schema: an integer from 1 to {@link MAX_ROW_ID} (decision 0653),
 * each refusal worded `message` (a field may name what is missing: "Seleziona una farmacia.").
 */
export const positiveId = <S extends z.ZodNumber | z.ZodCoercedNumber<unknown>>(schema: S, message: string = validationMessages.invalid): S =>
  schema.int(message).positive(message).max(MAX_ROW_ID, message) as S;

/** A row id in a path or a body: a positive integer ('12' from a path is coerced). */
export const IdSchema = positiveId(z.coerce.number({ error: validationMessages.invalid }));

/**
 * A row id in a path: the digits the app's route parser accepts (`positiveIdParam`, one rule for
 * both, decision 0500), then the id rules. Coercing alone would take '1e3', '0x1F' or ' 12'.
 */
export const IdParamSchema = z
  .string({ error: validationMessages.invalid })
  .regex(ID_PARAM_PATTERN, validationMessages.invalid)
  .pipe(positiveId(z.coerce.number<string>()));

/** Path params `/:id`. */
export const IdParamsSchema = z.object({ id: IdParamSchema });
export type IdParams = z.infer<typeof IdParamsSchema>;

/** `{ id }` answered by calls that create something (e.g. `POST /cart/checkout` → id). */
export const IdResponseSchema = z.object({ id: z.number().int() });
export type IdResponse = z.infer<typeof IdResponseSchema>;

/** An instant on the wire: ISO-8601 UTC text, as stored (decision 0002). */
export const TimestampSchema = z.string().meta({ format: 'date-time', example: '2025-06-01T08:30:00.000Z' });

/** The shape of a day 'YYYY-MM-DD', as the OpenAPI document states it (whether the day exists is checked apart). */
export const DAY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** The document's words for a day whose shape is DAY_PATTERN and that must exist (not 2026-02-30). */
export const EXISTING_DAY_DESCRIPTION = 'Giorno AAAA-MM-GG che esiste nel calendario.';

/** A calendar day 'YYYY-MM-DD' (booking days, delivery dates). */
export const DaySchema = z
  .string({ error: validationMessages.invalidDate })
  .regex(DAY_PATTERN, validationMessages.invalidDate)
  .meta({ format: 'date', example: '2025-06-01' });

/** A price in euro with at most 2 decimals, as the wire carries money (storage uses cents). */
export const EuroSchema = z.number().meta({ description: 'Importo in euro (2 decimali).', example: 12.5 });

/**
 * An amount in euro as a form sends it: 0 to `max`, whole cents (float noise below a millionth of a
 * cent tolerated), one message for every way it can be wrong. `coerce` for fields sent as text.
 */
export function euroInput(message: string, { max = 100_000, coerce = false }: { max?: number; coerce?: boolean } = {}) {
  return (coerce ? z.coerce.number({ error: message }) : z.number({ error: message }))
    .min(0, message)
    .max(max, message)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, message)
    // The whole-cents rule above, as the OpenAPI document can say it (zod's .multipleOf has no float
    // tolerance: 0.1 + 0.2 would be refused). Beside the rule, so the two change together.
    .meta({ multipleOf: 0.01 });
}

/**
 * Zod issues keyed by field, the same `{ field: [messages] }` shape as the API's 422 `errors`
 * (nested paths joined with '.'; a root issue under `body`), so a form shows server and client
 * messages the same way.
 */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return errors;
}
