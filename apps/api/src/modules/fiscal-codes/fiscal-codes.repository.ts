import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { findRow } from '../../db/row-queries.js';
import type { FiscalCodeRow } from '../accounts/index.js';

/** The `fiscal_codes` table (created by the accounts module with the main code at signup). */
type Executor = Kysely<Database> | Transaction<Database>;

export function listByUser(db: Executor, userId: number): Promise<FiscalCodeRow[]> {
  return db
    .selectFrom('fiscal_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('main', 'desc')
    .orderBy('id', 'asc')
    .execute();
}

/** The row when it belongs to the user; another user's id finds nothing. */
export function findOwned(db: Executor, userId: number, id: number): Promise<FiscalCodeRow | undefined> {
  return findRow(db, 'fiscal_codes', { id, user_id: userId });
}

export function findByCode(db: Executor, userId: number, code: string): Promise<FiscalCodeRow | undefined> {
  return findRow(db, 'fiscal_codes', { user_id: userId, codice_fiscale: code });
}

export function insert(db: Executor, userId: number, code: string, at: string): Promise<FiscalCodeRow> {
  return db
    .insertInto('fiscal_codes')
    .values({ user_id: userId, codice_fiscale: code, main: 0, system: 0, created_at: at, updated_at: at })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateCode(db: Executor, userId: number, id: number, code: string, at: string): Promise<void> {
  await db
    .updateTable('fiscal_codes')
    .set({ codice_fiscale: code, updated_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .execute();
}

/** Deletes a non-main row of the user; answers whether one was deleted. */
export async function deleteOwned(db: Executor, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('fiscal_codes')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('main', '=', 0)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
