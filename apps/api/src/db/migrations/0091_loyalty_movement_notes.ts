import type { Kysely } from 'kysely';

/** Why a pharmacist adjusted a card by hand (issue 8): shown in the card's history. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('loyalty_movements').addColumn('note', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('loyalty_movements').dropColumn('note').execute();
}
