import type { Kysely } from 'kysely';
import { createdAt, dropTables, index, required, requiredTexts, tableWithId, texts, withDefault } from '../column.js';

/**
 * Messages waiting to go out (email, push, sms). Written in the same transaction as the change
 * that causes them, delivered by the worker, retried with backoff: a provider that is down
 * delays a message, never loses it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, 'outbox')
    .$call(requiredTexts('channel', 'recipient'))
    .$call(texts('subject', 'body_text', 'body_html', 'payload'))
    .addColumn('status', 'text', withDefault('pending'))
    .addColumn('attempts', 'integer', withDefault(0))
    .addColumn('next_attempt_at', 'text', required)
    .addColumn('last_error', 'text')
    .$call(createdAt)
    .addColumn('sent_at', 'text')
    .execute();
  await index(db, 'outbox_due', 'outbox', ['status', 'next_attempt_at']);
}

export const down = dropTables('outbox');
