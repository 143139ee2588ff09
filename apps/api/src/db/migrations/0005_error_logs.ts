import type { Kysely } from 'kysely';
import { engineOf, withId } from '../column.js';

/** Client-side errors the app reports (login and signup failures among them). */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db.schema.createTable('error_logs'), engineOf(db))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('context', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('error_logs_created').on('error_logs').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('error_logs').execute();
}
