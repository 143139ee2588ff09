import { randomInt } from 'node:crypto';
import { messages, type Role } from '@farmacia/contract';
import { nowIso } from '../../db/column.js';
import type { Db, Executor } from '../../db/database.js';
import { AppError, validationFailed } from '../../errors.js';
import { hashPassword } from '../auth/index.js';
import * as repo from './users.repository.js';
import type { UserRow } from './users.table.js';
import { isUniqueViolation } from '../../db/unique-violation.js';

/** Unambiguous characters (no 0/O, 1/I): a friend code is read aloud and typed by hand. */
const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const REFERRAL_LENGTH = 10;

/** A stable friend code: 10 characters of a 32-letter alphabet, 50 random bits (unguessable). */
export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_LENGTH; i++) code += REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)];
  return code;
}

/** The email as stored and compared: trimmed, lowercased. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * Phone numbers are stored as the national digits (what the signup form takes, what a customer
 * types to log in). The profile form carries the '39' country code in front (spec §5 profile
 * format '39 320 1234567'): it is removed here. Decision 0124.
 */
export function toNationalPhone(digits: string): string {
  return digits.length > 10 && digits.startsWith('39') ? digits.slice(2) : digits;
}

/** The stored national number in the profile form's shape ('39' + number). */
export function toProfilePhone(national: string | null): string | null {
  return national === null ? null : `39${national}`;
}

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

export interface NewAccount {
  name: string;
  email: string;
  password: string;
  role?: Role;
  shopId: number;
  /** Further shops the customer is linked to (the associated shop always is). */
  linkedShopIds?: number[];
  codiceFiscale?: string;
  /** National digits. */
  phoneNumber?: string;
  privacy: { privacy1: boolean; privacy2: boolean; privacy3: boolean };
  checkprivacy?: boolean;
  referredByUserId?: number | null;
}

/** Which of the unique fields of an account are already taken, as per-field errors. */
async function takenFields(db: Executor, email: string, phone: string | undefined) {
  const errors: Record<string, string[]> = {};
  if (await repo.findUserByEmail(db, email)) errors.email = [messages.auth.emailTaken];
  if (phone && (await repo.findUserByPhone(db, phone))) errors.phone_number = [messages.auth.phoneTaken];
  return errors;
}

/**
 * Creates an account in one transaction: the user, its shop links, the main fiscal code and the
 * record of the privacy consents given. Email and phone already taken answer 422 on their field
 * (also when two signups race: the unique indexes decide, and the loser gets the same answer).
 */
export async function createAccount(db: Db, input: NewAccount, meta: RequestMeta): Promise<UserRow> {
  const email = normalizeEmail(input.email);
  const taken = await takenFields(db, email, input.phoneNumber);
  if (Object.keys(taken).length > 0) throw validationFailed(taken);

  const passwordHash = await hashPassword(input.password);
  let referralCode = newReferralCode();
  while (await repo.findUserByReferralCode(db, referralCode)) referralCode = newReferralCode();
  const at = nowIso();
  const p = input.privacy;
  try {
    return await db.transaction().execute(async (trx) => {
      const user = await repo.insertUser(trx, {
        shop_id: input.shopId,
        role: input.role ?? 'customer',
        name: input.name.trim(),
        email,
        phone_number: input.phoneNumber ?? null,
        password_hash: passwordHash,
        privacy1: p.privacy1 ? 1 : 0,
        privacy2: p.privacy2 ? 1 : 0,
        privacy3: p.privacy3 ? 1 : 0,
        checkprivacy: input.checkprivacy ? 1 : 0,
        privacy_accepted_at: p.privacy1 ? at : null,
        referral_code: referralCode,
        referred_by_user_id: input.referredByUserId ?? null,
        created_at: at,
        updated_at: at,
        deleted_at: null,
      });
      for (const shopId of new Set([input.shopId, ...(input.linkedShopIds ?? [])])) {
        await repo.linkUserToShop(trx, user.id, shopId, at);
      }
      if (input.codiceFiscale) {
        await repo.insertFiscalCode(trx, { user_id: user.id, codice_fiscale: input.codiceFiscale, main: 1, at });
      }
      await repo.insertPrivacyConsent(trx, {
        user_id: user.id,
        privacy1: user.privacy1,
        privacy2: user.privacy2,
        privacy3: user.privacy3,
        source: 'register',
        ip: meta.ip,
        user_agent: meta.userAgent,
        created_at: at,
      });
      return user;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const raced = await takenFields(db, email, input.phoneNumber);
    throw Object.keys(raced).length > 0 ? validationFailed(raced) : error;
  }
}

/** The shop a new account belongs to: the one asked for (it must exist) or the default shop. */
export async function resolveSignupShop(db: Db, shopId: number | undefined): Promise<number> {
  if (shopId !== undefined) {
    const shop = await repo.findShop(db, shopId);
    if (!shop) throw validationFailed({ shop_id: [messages.shop.notFound] });
    return shop.id;
  }
  const shop = await repo.findDefaultShop(db);
  if (!shop) throw new AppError('UNAVAILABLE', messages.shop.noneConfigured);
  return shop.id;
}

/** The account with that email (already normalized), deleted ones included: the caller decides what a deleted one means. */
export function userByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return repo.findUserByEmail(db, email);
}

/** The account with that phone number (stored national), deleted ones included. */
export function userByPhone(db: Executor, phone: string): Promise<UserRow | undefined> {
  return repo.findUserByPhone(db, phone);
}

/** The active account whose friend code this is (the code as stored: upper case). */
export function referrerByCode(db: Executor, code: string): Promise<UserRow | undefined> {
  return repo.findUserByReferralCode(db, code);
}

/** The account, unless it was deleted. */
export function activeUser(db: Executor, id: number): Promise<UserRow | undefined> {
  return repo.findActiveUserById(db, id);
}

/** Stores a new password hash (the caller revokes what a new password must revoke). */
export async function setPasswordHash(db: Executor, userId: number, passwordHash: string, at: string): Promise<void> {
  await repo.updateUser(db, userId, { password_hash: passwordHash, updated_at: at });
}

/** The name of the user's shop, for the mails sent to them; `undefined` when the shop is gone. */
export async function homeShopName(db: Executor, user: Pick<UserRow, 'shop_id'>): Promise<string | undefined> {
  return (await repo.findShop(db, user.shop_id))?.name;
}

/** The shops the user is linked to (signup shop and those joined since), by id. */
export function shopsLinkedTo(db: Executor, userId: number): Promise<{ id: number; name: string }[]> {
  return repo.linkedShops(db, userId);
}

export function isUserLinkedToShop(db: Executor, userId: number, shopId: number): Promise<boolean> {
  return repo.isLinkedToShop(db, userId, shopId);
}

/** Makes the shop the user's associated one (the caller checked they may). */
export async function moveUserToShop(db: Executor, userId: number, shopId: number, at: string): Promise<void> {
  await repo.updateUser(db, userId, { shop_id: shopId, updated_at: at });
}
