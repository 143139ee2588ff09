import type { Kysely } from 'kysely';
import { engineOf, withId } from '../column.js';

export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  await withId(db.schema.createTable('shops'), engine)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('shops').execute();
}
