import { type Kysely, sql } from 'kysely';
import { engineOf, withId } from '../column.js';

/**
 * Accounts: users and the shops they are linked to, sessions (so a token can be revoked at once),
 * password-reset tokens (only their sha256), fiscal codes (the main one is created at signup) and
 * the history of privacy consents (GDPR accountability: who agreed to what, when, from where).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);

  await withId(db.schema.createTable('users'), engine)
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('customer'))
    .addColumn('name', 'text', (c) => c.notNull())
    // Stored trimmed and lowercased: the unique index makes emails unique case-insensitively.
    .addColumn('email', 'text', (c) => c.notNull())
    // National digits only; NULLs do not collide in a unique index on either engine.
    .addColumn('phone_number', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('privacy1', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('privacy2', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('privacy3', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('checkprivacy', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('privacy_accepted_at', 'text')
    .addColumn('referral_code', 'text', (c) => c.notNull())
    .addColumn('referred_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .addCheckConstraint('users_role_check', sql`role in ('customer', 'pharmacist', 'admin')`)
    .execute();
  await db.schema.createIndex('users_email_unique').on('users').column('email').unique().execute();
  await db.schema.createIndex('users_phone_unique').on('users').column('phone_number').unique().execute();
  await db.schema.createIndex('users_referral_code_unique').on('users').column('referral_code').unique().execute();
  await db.schema.createIndex('users_shop_role').on('users').columns(['shop_id', 'role']).execute();

  await db.schema
    .createTable('user_shops')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_shops_pk', ['user_id', 'shop_id'])
    .execute();

  await withId(db.schema.createTable('sessions'), engine)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('current_jti', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('refreshed_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute();

  await withId(db.schema.createTable('password_resets'), engine)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('password_resets_token_unique').on('password_resets').column('token_hash').unique().execute();
  await db.schema.createIndex('password_resets_user').on('password_resets').column('user_id').execute();

  await withId(db.schema.createTable('fiscal_codes'), engine)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('codice_fiscale', 'text', (c) => c.notNull())
    .addColumn('main', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('system', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('fiscal_codes_user_code_unique')
    .on('fiscal_codes')
    .columns(['user_id', 'codice_fiscale'])
    .unique()
    .execute();
  // One main fiscal code per user (the one tied to the account and its privacy consents).
  await db.schema
    .createIndex('fiscal_codes_one_main')
    .on('fiscal_codes')
    .column('user_id')
    .unique()
    .where(sql.ref('main'), '=', 1)
    .execute();

  await withId(db.schema.createTable('privacy_consents'), engine)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('privacy1', 'integer', (c) => c.notNull())
    .addColumn('privacy2', 'integer', (c) => c.notNull())
    .addColumn('privacy3', 'integer', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('privacy_consents_user').on('privacy_consents').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['privacy_consents', 'fiscal_codes', 'password_resets', 'sessions', 'user_shops', 'users']) {
    await db.schema.dropTable(t).execute();
  }
}
