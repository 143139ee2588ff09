import type { Kysely } from 'kysely';
import { dropTables, index, required, requiredTexts, tableWithId, texts } from '../column.js';

/**
 * Every back-office mutation (issue 8): who did what to which row, with the row before and after.
 * Rows are never updated or deleted by the app; user and shop ids are kept as plain numbers so the
 * trail survives a deleted account.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, 'audit_log')
    .addColumn('user_id', 'integer')
    .addColumn('role', 'text', required)
    .addColumn('shop_id', 'integer')
    .$call(requiredTexts('action', 'entity'))
    .addColumn('entity_id', 'text')
    /** JSON text, secrets masked; null when the row did not exist (create) or no longer exists (delete). */
    .$call(texts('before', 'after'))
    /** Why health data was opened (customer look-up); null otherwise. */
    .addColumn('reason', 'text')
    .addColumn('ip', 'text')
    .addColumn('at', 'text', required)
    .execute();
  await index(db, 'audit_log_at', 'audit_log', ['at']);
  await index(db, 'audit_log_shop_at', 'audit_log', ['shop_id', 'at']);
}

export const down = dropTables('audit_log');
