import { type Kysely, sql } from 'kysely';
import { createdAt, dropTables, index, integersFrom, optionalRef, ownedByShop, ownedByUser, ref, required, requiredIntegers, tableWithId, timestamps, withDefault } from '../column.js';

/**
 * Bookable services and their categories, plus the shop services (offered on request, not
 * bookable) with their groups and the customers' information requests about them.
 * Money in cents; descriptions are sanitized HTML (sanitized on write).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, 'service_categories')
    .$call(ownedByShop)
    .addColumn('name', 'text', required)
    .addColumn('description', 'text')
    .addColumn('sort_order', 'integer', withDefault(0))
    .$call(createdAt)
    .execute();
  await index(db, 'service_categories_shop', 'service_categories', ['shop_id']);

  await tableWithId(db, 'services')
    .$call(ownedByShop)
    .$call(optionalRef('category_id', 'service_categories', 'set null'))
    .addColumn('name', 'text', required)
    .addColumn('description', 'text', withDefault(''))
    .$call(requiredIntegers('price_cents', 'duration'))
    .addColumn('padding_after', 'integer', withDefault(0))
    .$call(integersFrom(1, 'show_price', 'booking_cancellations', 'active'))
    .addColumn('sort_order', 'integer', withDefault(0))
    .$call(timestamps)
    .addCheckConstraint('services_duration_check', sql`duration > 0 and duration <= 1440`)
    .addCheckConstraint('services_padding_check', sql`padding_after >= 0 and padding_after <= 1440`)
    .addCheckConstraint('services_price_check', sql`price_cents >= 0`)
    .addCheckConstraint('services_cancellations_check', sql`booking_cancellations >= 0`)
    .execute();
  await index(db, 'services_shop_category', 'services', ['shop_id', 'category_id']);

  await tableWithId(db, 'service_groups')
    .$call(ownedByShop)
    .$call(optionalRef('category_id', 'service_categories', 'set null'))
    .addColumn('name', 'text', required)
    .addColumn('text', 'text', withDefault(''))
    .addColumn('sort_order', 'integer', withDefault(0))
    .$call(createdAt)
    .execute();
  await index(db, 'service_groups_shop', 'service_groups', ['shop_id', 'category_id']);

  await tableWithId(db, 'shop_services')
    .$call(ownedByShop)
    .$call(optionalRef('category_id', 'service_categories', 'set null'))
    .$call(optionalRef('group_id', 'service_groups', 'set null'))
    .addColumn('name', 'text', required)
    .addColumn('description', 'text', withDefault(''))
    .addColumn('price_cents', 'integer')
    .addColumn('active', 'integer', withDefault(1))
    .addColumn('sort_order', 'integer', withDefault(0))
    .$call(timestamps)
    .execute();
  await index(db, 'shop_services_shop', 'shop_services', ['shop_id', 'category_id']);
  await index(db, 'shop_services_group', 'shop_services', ['group_id']);

  await tableWithId(db, 'shop_service_requests')
    .$call(ownedByShop)
    .$call(ownedByUser)
    .$call(ref('shop_service_id', 'shop_services', 'cascade'))
    .addColumn('shop_service_name', 'text', required)
    // Encrypted: what a customer asks a pharmacist may be health data (ARCHITECTURE §7).
    .addColumn('note', 'text')
    .addColumn('status', 'text', withDefault('new'))
    .$call(createdAt)
    .addColumn('handled_at', 'text')
    .addCheckConstraint('shop_service_requests_status_check', sql`status in ('new', 'handled')`)
    .execute();
  await index(db, 'shop_service_requests_shop', 'shop_service_requests', ['shop_id', 'status', 'created_at']);
  await index(db, 'shop_service_requests_user', 'shop_service_requests', ['user_id']);
}

export const down = dropTables('shop_service_requests', 'shop_services', 'service_groups', 'services', 'service_categories');
