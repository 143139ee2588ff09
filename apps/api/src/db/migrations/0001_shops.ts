import type { Kysely } from 'kysely';
import { createdAt, dropTables, required, tableWithId } from '../column.js';

export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, 'shops')
    .addColumn('name', 'text', required)
    .$call(createdAt)
    .execute();
}

export const down = dropTables('shops');
