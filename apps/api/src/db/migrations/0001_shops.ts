import type { Kysely } from 'kysely';
import { dropTables, engineOf, required, withId } from '../column.js';

export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  await withId(db.schema.createTable('shops'), engine)
    .addColumn('name', 'text', required)
    .addColumn('created_at', 'text', required)
    .execute();
}

export const down = dropTables('shops');
