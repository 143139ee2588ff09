import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { fiscalCodesRepository as fiscalCodes } from '../fiscal-codes/index.js';

/**
 * The fiscal code for the order's receipt ("scontrino parlante", issue 15): the one the customer
 * chose among theirs, or their own (main) one when they chose none. `undefined` when the chosen
 * id is not one of the customer's (another user's or deleted); `null` when they have no code at all.
 */
export async function receiptFiscalCode(db: Kysely<Database>, userId: number, chosenId: number | null | undefined): Promise<string | null | undefined> {
  if (chosenId !== null && chosenId !== undefined) return (await fiscalCodes.findOwned(db, userId, chosenId))?.codice_fiscale;
  const main = (await fiscalCodes.listByUser(db, userId)).find((c) => c.main === 1);
  return main?.codice_fiscale ?? null;
}
