import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Executor } from '../users/users.repository.js';

/**
 * The `data_version` of `GET /api/` (decision 0311): a counter raised by every back-office edit of
 * options or content, inside the edit's transaction. Thousands of apps poll every 5 s, so an
 * instance reads the row at most once a second and learns its own edits at once; another
 * instance's edit is seen within a second.
 */
const READ_EVERY_MS = 1000;
let known = { revision: -1, readAt: 0 };
let reading: Promise<number> | null = null;

/** Raises the counter; call it with the transaction that changes options or content. */
export async function bumpShopDataRevision(trx: Executor): Promise<void> {
  await trx
    .updateTable('shop_data_revision')
    .set({ revision: sql<number>`revision + 1`, updated_at: new Date().toISOString() })
    .where('id', '=', 1)
    .execute();
}

/** After the edit committed: this instance answers the new revision without waiting for the next read. */
export function forgetShopDataRevision(): void {
  known = { revision: known.revision, readAt: 0 };
}

/** The current revision, read from the database at most once a second per instance. */
export async function shopDataRevision(db: Db): Promise<number> {
  if (Date.now() - known.readAt < READ_EVERY_MS && known.revision >= 0) return known.revision;
  reading ??= db
    .selectFrom('shop_data_revision')
    .select('revision')
    .where('id', '=', 1)
    .executeTakeFirst()
    .then((row) => {
      known = { revision: Number(row?.revision ?? 0), readAt: Date.now() };
      return known.revision;
    })
    .finally(() => {
      reading = null;
    });
  return reading;
}
