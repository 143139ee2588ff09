import type { Kysely } from 'kysely';
import { createdAt, dropTables, index, optionalRef, requestOrigin, required, tableWithId } from '../column.js';

/** Client-side errors the app reports (login and signup failures among them). */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, 'error_logs')
    .$call(optionalRef('user_id', 'users', 'set null'))
    .addColumn('message', 'text', required)
    .addColumn('context', 'text')
    .$call(requestOrigin)
    .$call(createdAt)
    .execute();
  await index(db, 'error_logs_created', 'error_logs', ['created_at']);
}

export const down = dropTables('error_logs');
