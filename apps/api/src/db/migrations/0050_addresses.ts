import { type Kysely, sql } from 'kysely';
import { dropTables, index, optionalRef, requiredTexts, tableWithId, timestamps, uniqueIndexWhere, withDefault } from '../column.js';

/**
 * Addresses: a customer's delivery addresses (`user_id` set, `system` 0) and the shop's pickup
 * points (`shop_id` set, `system` 1), which customers choose at checkout but never edit.
 * A partial unique index keeps at most one default address per customer on both engines.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, 'addresses')
    .$call(optionalRef('user_id', 'users', 'cascade'))
    .$call(optionalRef('shop_id', 'shops', 'cascade'))
    .addColumn('system', 'integer', withDefault(0))
    .$call(requiredTexts('name', 'address_1'))
    .addColumn('address_2', 'text')
    .$call(requiredTexts('city', 'state_region', 'postal_code'))
    .addColumn('phone_number', 'text')
    .addColumn('country', 'text', withDefault('it'))
    .addColumn('is_default', 'integer', withDefault(0))
    .$call(timestamps)
    .addCheckConstraint(
      'addresses_owner_check',
      sql`(system = 1 and shop_id is not null and user_id is null) or (system = 0 and user_id is not null and shop_id is null)`,
    )
    .execute();
  await index(db, 'addresses_user', 'addresses', ['user_id']);
  await index(db, 'addresses_shop_system', 'addresses', ['shop_id', 'system']);
  await uniqueIndexWhere(db, 'addresses_one_default', 'addresses', ['user_id'], ['is_default', '=', 1]);
}

export const down = dropTables('addresses');
