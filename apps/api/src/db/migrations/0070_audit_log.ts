import type { Kysely } from 'kysely';
import { engineOf, withId } from '../column.js';

/**
 * Every back-office mutation (issue 8): who did what to which row, with the row before and after.
 * Rows are never updated or deleted by the app; user and shop ids are kept as plain numbers so the
 * trail survives a deleted account.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db.schema.createTable('audit_log'), engineOf(db))
    .addColumn('user_id', 'integer')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'integer')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    /** JSON text, secrets masked; null when the row did not exist (create) or no longer exists (delete). */
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    /** Why health data was opened (customer look-up); null otherwise. */
    .addColumn('reason', 'text')
    .addColumn('ip', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at']).execute();
  await db.schema.createIndex('audit_log_shop_at').on('audit_log').columns(['shop_id', 'at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
