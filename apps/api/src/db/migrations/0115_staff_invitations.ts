import type { Kysely } from 'kysely';
import { dropTables, engineOf, index, ref, required, withId } from '../column.js';

/**
 * Invitations of pharmacists (issue 15, decision 0418): the admin names an email and a shop, the
 * account is created without a usable password and a one-time set-password token (a
 * `password_resets` row) is mailed. The invitation is pending while that token is unused.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db.schema.createTable('staff_invitations'), engineOf(db))
    .$call(ref('shop_id', 'shops'))
    .$call(ref('user_id', 'users', 'cascade'))
    .addColumn('password_reset_id', 'integer', required)
    .addColumn('invited_by', 'integer')
    .addColumn('created_at', 'text', required)
    .execute();
  await index(db, 'staff_invitations_shop', 'staff_invitations', ['shop_id', 'created_at']);
}

export const down = dropTables('staff_invitations');
