import type { Kysely } from 'kysely';

/** The shop's address and contacts, edited by admins in the back office (issue 8, decision 0298). */
const COLUMNS = ['address', 'city', 'postal_code', 'province', 'phone', 'email', 'updated_at'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of COLUMNS) {
    await db.schema.alterTable('shops').addColumn(column, 'text').execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of COLUMNS) {
    await db.schema.alterTable('shops').dropColumn(column).execute();
  }
}
