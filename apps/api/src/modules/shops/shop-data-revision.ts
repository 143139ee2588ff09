import { sql } from 'kysely';
import type { Db, Executor } from '../../db/database.js';
import { perDatabase } from '../../db/per-database.js';

/**
 * The `data_version` of `GET /api/` (decision 0311): a counter raised by every back-office edit of
 * options or content, inside the edit's transaction. Thousands of apps poll every 5 s, so an
 * instance reads the row at most once a second and learns its own edits at once; another
 * instance's edit is seen within a second.
 */
const READ_EVERY_MS = 1000;
/** Per database handle: a process may hold several apps (the test worker, the two-instance test). */
const stateOf = perDatabase(() => ({ revision: -1, readAt: 0, epoch: 0, reading: null as Promise<number> | null }));
/** Raised by an edit: every state read before it is stale. */
let epoch = 0;

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
  epoch += 1;
}

/** The current revision, read from the database at most once a second per instance. */
export async function shopDataRevision(db: Db): Promise<number> {
  const state = stateOf(db);
  if (state.epoch === epoch && Date.now() - state.readAt < READ_EVERY_MS && state.revision >= 0) return state.revision;
  const readingFor = epoch;
  state.reading ??= db
    .selectFrom('shop_data_revision')
    .select('revision')
    .where('id', '=', 1)
    .executeTakeFirst()
    .then((row) => {
      Object.assign(state, { revision: Number(row?.revision ?? 0), readAt: Date.now(), epoch: readingFor });
      return state.revision;
    })
    .finally(() => {
      state.reading = null;
    });
  return state.reading;
}
