import { type Kysely, sql } from 'kysely';
import { engineOf, withId } from '../column.js';

/**
 * Bookable services and their categories, plus the shop services (offered on request, not
 * bookable) with their groups and the customers' information requests about them.
 * Money in cents; descriptions are sanitized HTML (sanitized on write).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);

  await withId(db.schema.createTable('service_categories'), engine)
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('service_categories_shop').on('service_categories').column('shop_id').execute();

  await withId(db.schema.createTable('services'), engine)
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.references('service_categories.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('duration', 'integer', (c) => c.notNull())
    .addColumn('padding_after', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('show_price', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('booking_cancellations', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('services_duration_check', sql`duration > 0 and duration <= 1440`)
    .addCheckConstraint('services_padding_check', sql`padding_after >= 0 and padding_after <= 1440`)
    .addCheckConstraint('services_price_check', sql`price_cents >= 0`)
    .addCheckConstraint('services_cancellations_check', sql`booking_cancellations >= 0`)
    .execute();
  await db.schema.createIndex('services_shop_category').on('services').columns(['shop_id', 'category_id']).execute();

  await withId(db.schema.createTable('service_groups'), engine)
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.references('service_categories.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('service_groups_shop').on('service_groups').columns(['shop_id', 'category_id']).execute();

  await withId(db.schema.createTable('shop_services'), engine)
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.references('service_categories.id').onDelete('set null'))
    .addColumn('group_id', 'integer', (c) => c.references('service_groups.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price_cents', 'integer')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shop_services_shop').on('shop_services').columns(['shop_id', 'category_id']).execute();
  await db.schema.createIndex('shop_services_group').on('shop_services').column('group_id').execute();

  await withId(db.schema.createTable('shop_service_requests'), engine)
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('shop_service_id', 'integer', (c) => c.notNull().references('shop_services.id').onDelete('cascade'))
    .addColumn('shop_service_name', 'text', (c) => c.notNull())
    // Encrypted: what a customer asks a pharmacist may be health data (ARCHITECTURE §7).
    .addColumn('note', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('handled_at', 'text')
    .addCheckConstraint('shop_service_requests_status_check', sql`status in ('new', 'handled')`)
    .execute();
  await db.schema
    .createIndex('shop_service_requests_shop')
    .on('shop_service_requests')
    .columns(['shop_id', 'status', 'created_at'])
    .execute();
  await db.schema.createIndex('shop_service_requests_user').on('shop_service_requests').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['shop_service_requests', 'shop_services', 'service_groups', 'services', 'service_categories']) {
    await db.schema.dropTable(t).execute();
  }
}
