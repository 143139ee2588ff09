import { type Kysely, sql } from 'kysely';
import { createdAt, dropTables, index, integersFrom, keptByShop, optionalRef, ownedByShop, ownedByUser, requestOrigin, required, requiredIntegers, requiredTexts, tableWithId, texts, timestamps, uniqueIndex, uniqueIndexWhere, withDefault } from '../column.js';

/**
 * Accounts: users and the shops they are linked to, sessions (so a token can be revoked at once),
 * password-reset tokens (only their sha256), fiscal codes (the main one is created at signup) and
 * the history of privacy consents (GDPR accountability: who agreed to what, when, from where).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await tableWithId(db, 'users')
    .$call(keptByShop)
    .addColumn('role', 'text', withDefault('customer'))
    .addColumn('name', 'text', required)
    // Stored trimmed and lowercased: the unique index makes emails unique case-insensitively.
    .addColumn('email', 'text', required)
    // National digits only; NULLs do not collide in a unique index on either engine.
    .addColumn('phone_number', 'text')
    .addColumn('password_hash', 'text', required)
    .$call(integersFrom(0, 'privacy1', 'privacy2', 'privacy3', 'checkprivacy'))
    .addColumn('privacy_accepted_at', 'text')
    .addColumn('referral_code', 'text', required)
    .$call(optionalRef('referred_by_user_id', 'users', 'set null'))
    .$call(timestamps)
    .addColumn('deleted_at', 'text')
    .addCheckConstraint('users_role_check', sql`role in ('customer', 'pharmacist', 'admin')`)
    .execute();
  await uniqueIndex(db, 'users_email_unique', 'users', ['email']);
  await uniqueIndex(db, 'users_phone_unique', 'users', ['phone_number']);
  await uniqueIndex(db, 'users_referral_code_unique', 'users', ['referral_code']);
  await index(db, 'users_shop_role', 'users', ['shop_id', 'role']);

  await db.schema
    .createTable('user_shops')
    .$call(ownedByUser)
    .$call(ownedByShop)
    .$call(createdAt)
    .addPrimaryKeyConstraint('user_shops_pk', ['user_id', 'shop_id'])
    .execute();

  await tableWithId(db, 'sessions')
    .$call(ownedByUser)
    .addColumn('current_jti', 'text', required)
    .$call(createdAt)
    .$call(requiredTexts('refreshed_at', 'expires_at'))
    .$call(texts('revoked_at', 'user_agent', 'ip'))
    .execute();
  await index(db, 'sessions_user', 'sessions', ['user_id']);
  await index(db, 'sessions_expires', 'sessions', ['expires_at']);

  await tableWithId(db, 'password_resets')
    .$call(ownedByUser)
    .addColumn('token_hash', 'text', required)
    .$call(createdAt)
    .addColumn('expires_at', 'text', required)
    .addColumn('used_at', 'text')
    .execute();
  await uniqueIndex(db, 'password_resets_token_unique', 'password_resets', ['token_hash']);
  await index(db, 'password_resets_user', 'password_resets', ['user_id']);

  await tableWithId(db, 'fiscal_codes')
    .$call(ownedByUser)
    .addColumn('codice_fiscale', 'text', required)
    .$call(integersFrom(0, 'main', 'system'))
    .$call(timestamps)
    .execute();
  await uniqueIndex(db, 'fiscal_codes_user_code_unique', 'fiscal_codes', ['user_id', 'codice_fiscale']);
  // One main fiscal code per user (the one tied to the account and its privacy consents).
  await uniqueIndexWhere(db, 'fiscal_codes_one_main', 'fiscal_codes', ['user_id'], ['main', '=', 1]);

  await tableWithId(db, 'privacy_consents')
    .$call(ownedByUser)
    .$call(requiredIntegers('privacy1', 'privacy2', 'privacy3'))
    .addColumn('source', 'text', required)
    .$call(requestOrigin)
    .$call(createdAt)
    .execute();
  await index(db, 'privacy_consents_user', 'privacy_consents', ['user_id']);
}

export const down = dropTables('privacy_consents', 'fiscal_codes', 'password_resets', 'sessions', 'user_shops', 'users');
