import type { Kysely } from 'kysely';
import { engineOf, withId } from '../column.js';

/**
 * Health data by the rules (issue 15, decisions 0410-0411): the history of the customer's consent
 * to process health data (one row per consent given, with the text version; withdrawal stamps
 * it), and when the retention job erased a prescription's or a request's health content.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db.schema.createTable('health_consents'), engineOf(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('given_at', 'text', (c) => c.notNull())
    .addColumn('withdrawn_at', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('health_consents_user').on('health_consents').columns(['user_id', 'id']).execute();
  for (const table of ['prescriptions', 'product_requests']) {
    await db.schema.alterTable(table).addColumn('health_erased_at', 'text').execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['prescriptions', 'product_requests']) {
    await db.schema.alterTable(table).dropColumn('health_erased_at').execute();
  }
  await db.schema.dropTable('health_consents').execute();
}
