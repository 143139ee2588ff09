import type { Kysely } from 'kysely';
import { engineOf, withId } from '../column.js';

/**
 * The built-in payment sandbox's own ledger (PAYMENT_MODE=sandbox): the payments it was asked
 * to make, as a provider would keep them. Never holds a card number, only its masked form.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db.schema.createTable('payment_sandbox'), engineOf(db))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('ref', 'text', (c) => c.notNull())
    .addColumn('merchant', 'text', (c) => c.notNull())
    .addColumn('token', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_sandbox_ref_unique').on('payment_sandbox').columns(['provider', 'ref']).unique().execute();
  await db.schema.createIndex('payment_sandbox_token').on('payment_sandbox').column('token').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_sandbox').execute();
}
