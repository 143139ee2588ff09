import { z } from 'zod';
import { dataEnvelope, dataListEnvelope } from './common/api.js';
import { FiscalCodeSchema } from './common/fiscal-code.js';

/**
 * The customer's fiscal codes (spec §3 Fiscal code, §5, §6; calls `/fiscalcode[/{id}]`): the
 * user's own (main) one and those of family members they collect prescriptions for.
 * The field rules (pattern, omocodia, control character) live in `common/fiscal-code.ts`.
 */

/**
 * A fiscal code of the customer. `main`: the account holder's own, tied to the privacy consents,
 * never deletable (spec §6). `system`: created by the system (at signup), not editable by hand.
 */
export const FiscalCodeEntitySchema = z.object({
  id: z.number().int(),
  codice_fiscale: z.string(),
  main: z.boolean(),
  system: z.boolean(),
});
export type FiscalCode = z.infer<typeof FiscalCodeEntitySchema>;

/** `POST /fiscalcode` and `PUT /fiscalcode/{id}`: the code, trimmed and uppercased, fully checked. */
export const FiscalCodeBodySchema = z.object({ codice_fiscale: FiscalCodeSchema });
export type FiscalCodeBody = z.input<typeof FiscalCodeBodySchema>;

/** `GET /fiscalcode` → `{ data: FiscalCode[] }`, the main one first. */
export const FiscalCodeListResponseSchema = dataListEnvelope(FiscalCodeEntitySchema);
export type FiscalCodeListResponse = z.infer<typeof FiscalCodeListResponseSchema>;

/** `GET /fiscalcode/{id}`, `POST`, `PUT` → `{ data: FiscalCode }`. */
export const FiscalCodeResponseSchema = dataEnvelope(FiscalCodeEntitySchema);
export type FiscalCodeResponse = z.infer<typeof FiscalCodeResponseSchema>;
