import type { Kysely } from 'kysely';
import { createdAt, dropTables, index, keptByShop, ownedByUser, required, tableWithId } from '../column.js';

/**
 * Invitations of pharmacists (issue 15, decision 0418): the admin names an email and a shop, the
 * account is created without a usable password and a one-time set-password token (a
 * `password_resets` row) is mailed. The invitation is pending while that token is unused.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, 'staff_invitations')
    .$call(keptByShop)
    .$call(ownedByUser)
    .addColumn('password_reset_id', 'integer', required)
    .addColumn('invited_by', 'integer')
    .$call(createdAt)
    .execute();
  await index(db, 'staff_invitations_shop', 'staff_invitations', ['shop_id', 'created_at']);
}

export const down = dropTables('staff_invitations');
