import type { Kysely } from 'kysely';
import { dropTables, engineOf, index, required, timestamps, uniqueIndex, withId } from '../column.js';

/**
 * The built-in payment sandbox's own ledger (PAYMENT_MODE=sandbox): the payments it was asked
 * to make, as a provider would keep them. Never holds a card number, only its masked form.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db.schema.createTable('payment_sandbox'), engineOf(db))
    .addColumn('provider', 'text', required)
    .addColumn('ref', 'text', required)
    .addColumn('merchant', 'text', required)
    .addColumn('token', 'text')
    .addColumn('state', 'text', required)
    .addColumn('amount_cents', 'integer', required)
    .addColumn('currency', 'text', required)
    .addColumn('data', 'text', required)
    .$call(timestamps)
    .execute();
  await uniqueIndex(db, 'payment_sandbox_ref_unique', 'payment_sandbox', ['provider', 'ref']);
  await index(db, 'payment_sandbox_token', 'payment_sandbox', ['token']);
}

export const down = dropTables('payment_sandbox');
