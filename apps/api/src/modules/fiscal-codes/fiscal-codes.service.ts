import { ErrorCode, type FiscalCode, messages } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../db/column.js';
import { AppError, notFound, validationFailed } from '../../errors.js';
import { isUniqueViolation } from '../users/users.repository.js';
import type { FiscalCodeRow } from '../users/users.table.js';
import * as repo from './fiscal-codes.repository.js';

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

export async function listFiscalCodes(app: FastifyInstance, userId: number): Promise<FiscalCode[]> {
  return (await repo.listByUser(app.db, userId)).map(toFiscalCode);
}

async function ownedOrNotFound(app: FastifyInstance, userId: number, id: number): Promise<FiscalCodeRow> {
  const row = await repo.findOwned(app.db, userId, id);
  if (!row) throw notFound(FISCAL_CODE_NOT_FOUND);
  return row;
}

export async function getFiscalCode(app: FastifyInstance, userId: number, id: number): Promise<FiscalCode> {
  return toFiscalCode(await ownedOrNotFound(app, userId, id));
}

export async function createFiscalCode(app: FastifyInstance, userId: number, code: string): Promise<FiscalCode> {
  if (await repo.findByCode(app.db, userId, code)) throw duplicate();
  try {
    return toFiscalCode(await repo.insert(app.db, userId, code, nowIso()));
  } catch (error) {
    // Two requests adding the same code at once: the unique index decides, the loser hears why.
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

export async function updateFiscalCode(app: FastifyInstance, userId: number, id: number, code: string): Promise<FiscalCode> {
  const row = await ownedOrNotFound(app, userId, id);
  if (row.system === 1) {
    throw new AppError('FISCAL_CODE_NOT_EDITABLE', messages.fiscalCode.systemNotEditable, {
      kind: ErrorCode.CONFLICT,
      errors: { codice_fiscale: [messages.fiscalCode.systemNotEditable] },
    });
  }
  if (row.codice_fiscale === code) return toFiscalCode(row);
  const other = await repo.findByCode(app.db, userId, code);
  if (other && other.id !== id) throw duplicate();
  try {
    await repo.updateCode(app.db, userId, id, code, nowIso());
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
  return getFiscalCode(app, userId, id);
}

/** Spec §6: the main code is tied to the account and its privacy consents: 409 with the spec's text. */
export async function deleteFiscalCode(app: FastifyInstance, userId: number, id: number): Promise<void> {
  const row = await ownedOrNotFound(app, userId, id);
  if (row.main === 1) {
    throw new AppError('FISCAL_CODE_MAIN_NOT_DELETABLE', messages.fiscalCode.mainNotDeletable, { kind: ErrorCode.CONFLICT });
  }
  if (row.system === 1) {
    throw new AppError('FISCAL_CODE_NOT_EDITABLE', messages.fiscalCode.systemNotEditable, { kind: ErrorCode.CONFLICT });
  }
  await repo.deleteOwned(app.db, userId, id);
}

/** Whether the code is one of the user's own fiscal codes (prescriptions must use one). */
export async function isOwnFiscalCode(app: FastifyInstance, userId: number, code: string): Promise<boolean> {
  return (await repo.findByCode(app.db, userId, code)) !== undefined;
}
