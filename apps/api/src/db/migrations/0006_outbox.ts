import type { Kysely } from 'kysely';
import { engineOf, withId } from '../column.js';

/**
 * Messages waiting to go out (email, push, sms). Written in the same transaction as the change
 * that causes them, delivered by the worker, retried with backoff: a provider that is down
 * delays a message, never loses it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db.schema.createTable('outbox'), engineOf(db))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('body_text', 'text')
    .addColumn('body_html', 'text')
    .addColumn('payload', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('outbox').execute();
}
