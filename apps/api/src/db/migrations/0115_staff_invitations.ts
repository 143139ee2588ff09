import type { Kysely } from 'kysely';
import { engineOf, withId } from '../column.js';

/**
 * Invitations of pharmacists (issue 15, decision 0418): the admin names an email and a shop, the
 * account is created without a usable password and a one-time set-password token (a
 * `password_resets` row) is mailed. The invitation is pending while that token is unused.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db.schema.createTable('staff_invitations'), engineOf(db))
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('password_reset_id', 'integer', (c) => c.notNull())
    .addColumn('invited_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_invitations_shop').on('staff_invitations').columns(['shop_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('staff_invitations').execute();
}
