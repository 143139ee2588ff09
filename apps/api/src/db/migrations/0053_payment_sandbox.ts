import type { Kysely } from 'kysely';
import { dropTables, index, money, required, requiredTexts, tableWithId, timestamps, uniqueIndex } from '../column.js';

/**
 * The built-in payment sandbox's own ledger (PAYMENT_MODE=sandbox): the payments it was asked
 * to make, as a provider would keep them. Never holds a card number, only its masked form.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, 'payment_sandbox')
    .$call(requiredTexts('provider', 'ref', 'merchant'))
    .addColumn('token', 'text')
    .addColumn('state', 'text', required)
    .$call(money)
    .addColumn('data', 'text', required)
    .$call(timestamps)
    .execute();
  await uniqueIndex(db, 'payment_sandbox_ref_unique', 'payment_sandbox', ['provider', 'ref']);
  await index(db, 'payment_sandbox_token', 'payment_sandbox', ['token']);
}

export const down = dropTables('payment_sandbox');
