import { type Kysely, sql } from 'kysely';
import { engineOf, withId } from '../column.js';

/**
 * Addresses: a customer's delivery addresses (`user_id` set, `system` 0) and the shop's pickup
 * points (`shop_id` set, `system` 1), which customers choose at checkout but never edit.
 * A partial unique index keeps at most one default address per customer on both engines.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db.schema.createTable('addresses'), engineOf(db))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('shop_id', 'integer', (c) => c.references('shops.id').onDelete('cascade'))
    .addColumn('system', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address_1', 'text', (c) => c.notNull())
    .addColumn('address_2', 'text')
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state_region', 'text', (c) => c.notNull())
    .addColumn('postal_code', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text')
    .addColumn('country', 'text', (c) => c.notNull().defaultTo('it'))
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint(
      'addresses_owner_check',
      sql`(system = 1 and shop_id is not null and user_id is null) or (system = 0 and user_id is not null and shop_id is null)`,
    )
    .execute();
  await db.schema.createIndex('addresses_user').on('addresses').column('user_id').execute();
  await db.schema.createIndex('addresses_shop_system').on('addresses').columns(['shop_id', 'system']).execute();
  await db.schema
    .createIndex('addresses_one_default')
    .on('addresses')
    .column('user_id')
    .unique()
    .where(sql.ref('is_default'), '=', 1)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('addresses').execute();
}
