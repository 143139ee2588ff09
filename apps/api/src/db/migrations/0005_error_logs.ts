import type { Kysely } from 'kysely';
import { dropTables, engineOf, index, optionalRef, required, withId } from '../column.js';

/** Client-side errors the app reports (login and signup failures among them). */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db.schema.createTable('error_logs'), engineOf(db))
    .$call(optionalRef('user_id', 'users', 'set null'))
    .addColumn('message', 'text', required)
    .addColumn('context', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', required)
    .execute();
  await index(db, 'error_logs_created', 'error_logs', ['created_at']);
}

export const down = dropTables('error_logs');
