import type { Kysely } from 'kysely';
import { index, ownedByUser, requestOrigin, requiredTexts, tableWithId } from '../column.js';

/**
 * Health data by the rules (issue 15, decisions 0410-0411): the history of the customer's consent
 * to process health data (one row per consent given, with the text version; withdrawal stamps
 * it), and when the retention job erased a prescription's or a request's health content.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, 'health_consents')
    .$call(ownedByUser)
    .$call(requiredTexts('version', 'given_at'))
    .addColumn('withdrawn_at', 'text')
    .$call(requestOrigin)
    .execute();
  await index(db, 'health_consents_user', 'health_consents', ['user_id', 'id']);
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
