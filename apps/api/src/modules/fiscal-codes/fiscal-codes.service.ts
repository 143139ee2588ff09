import { ErrorCode, type FiscalCode, messages } from '@farmacia/contract';
import { nowIso } from '../../db/column.js';
import { AppError, notFound, validationFailed } from '../../errors.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { FiscalCodeRow } from '../accounts/index.js';
import * as repo from './fiscal-codes.repository.js';
import type { ServiceContext } from '../../context.js';
import type { Executor } from '../../db/database.js';

/**
 * The customer's fiscal codes (spec §3, §5, §6): their own (main, created at signup, never
 * deletable) and those of the people they collect prescriptions for. Codes arrive normalized and
 * fully checked by the contract's schema; here: ownership, duplicates, main and system rules.
 */

export const FISCAL_CODE_NOT_FOUND = messages.fiscalCode.notFound;

export function toFiscalCode(row: FiscalCodeRow): FiscalCode {
  return { id: row.id, codice_fiscale: row.codice_fiscale, main: row.main === 1, system: row.system === 1 };
}

const duplicate = () => validationFailed({ codice_fiscale: [messages.fiscalCode.alreadyPresent] });

export async function listFiscalCodes(ctx: ServiceContext, userId: number): Promise<FiscalCode[]> {
  return (await repo.listByUser(ctx.db, userId)).map(toFiscalCode);
}

async function ownedOrNotFound(ctx: ServiceContext, userId: number, id: number): Promise<FiscalCodeRow> {
  const row = await repo.findOwned(ctx.db, userId, id);
  if (!row) throw notFound(FISCAL_CODE_NOT_FOUND);
  return row;
}

export async function getFiscalCode(ctx: ServiceContext, userId: number, id: number): Promise<FiscalCode> {
  return toFiscalCode(await ownedOrNotFound(ctx, userId, id));
}

export async function createFiscalCode(ctx: ServiceContext, userId: number, code: string): Promise<FiscalCode> {
  if (await repo.findByCode(ctx.db, userId, code)) throw duplicate();
  try {
    return toFiscalCode(await repo.insert(ctx.db, userId, code, nowIso()));
  } catch (error) {
    // Two requests adding the same code at once: the unique index decides, the loser hears why.
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

export async function updateFiscalCode(ctx: ServiceContext, userId: number, id: number, code: string): Promise<FiscalCode> {
  const row = await ownedOrNotFound(ctx, userId, id);
  if (row.system === 1) {
    throw new AppError('FISCAL_CODE_NOT_EDITABLE', messages.fiscalCode.systemNotEditable, {
      kind: ErrorCode.CONFLICT,
      errors: { codice_fiscale: [messages.fiscalCode.systemNotEditable] },
    });
  }
  if (row.codice_fiscale === code) return toFiscalCode(row);
  const other = await repo.findByCode(ctx.db, userId, code);
  if (other && other.id !== id) throw duplicate();
  try {
    await repo.updateCode(ctx.db, userId, id, code, nowIso());
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
  return getFiscalCode(ctx, userId, id);
}

/** Spec §6: the main code is tied to the account and its privacy consents: 409 with the spec's text. */
export async function deleteFiscalCode(ctx: ServiceContext, userId: number, id: number): Promise<void> {
  const row = await ownedOrNotFound(ctx, userId, id);
  if (row.main === 1) {
    throw new AppError('FISCAL_CODE_MAIN_NOT_DELETABLE', messages.fiscalCode.mainNotDeletable, { kind: ErrorCode.CONFLICT });
  }
  if (row.system === 1) {
    throw new AppError('FISCAL_CODE_NOT_EDITABLE', messages.fiscalCode.systemNotEditable, { kind: ErrorCode.CONFLICT });
  }
  await repo.deleteOwned(ctx.db, userId, id);
}

/** Whether the code is one of the user's own fiscal codes (prescriptions must use one). */
export async function isOwnFiscalCode(ctx: ServiceContext, userId: number, code: string): Promise<boolean> {
  return (await fiscalCodeOfUser(ctx.db, userId, code)) !== undefined;
}

/** The user's row holding that code (their main one included), if they have it. */
export function fiscalCodeOfUser(db: Executor, userId: number, code: string): Promise<FiscalCodeRow | undefined> {
  return repo.findByCode(db, userId, code);
}

/**
 * The fiscal code for the order's receipt ("scontrino parlante", issue 15): the one the customer
 * chose among theirs, or their own (main) one when they chose none. `undefined` when the chosen
 * id is not one of the customer's (another user's or deleted); `null` when they have no code at all.
 */
export async function receiptFiscalCode(db: Executor, userId: number, chosenId: number | null | undefined): Promise<string | null | undefined> {
  if (chosenId !== null && chosenId !== undefined) return (await repo.findOwned(db, userId, chosenId))?.codice_fiscale;
  const main = (await repo.listByUser(db, userId)).find((c) => c.main === 1);
  return main?.codice_fiscale ?? null;
}
