import { messages, type Profile } from '@farmacia/contract';
import { nowIso } from '../../db/column.js';
import type { Executor } from '../../db/database.js';
import { notFound, validationFailed } from '../../errors.js';
import { signOutEverywhere } from '../auth/index.js';
import { hashPassword } from '../auth/index.js';
import { fiscalCodeOfUser } from '../fiscal-codes/index.js';
import * as users from './users.repository.js';
import { type RequestMeta, toNationalPhone, toProfilePhone } from './users.service.js';
import type { UserRow } from './users.table.js';
import type { ServiceContext } from '../../context.js';
import { isUniqueViolation } from '../../db/unique-violation.js';

const flag = (v: number) => (v === 1 ? 1 : 0);

async function toProfile(db: Executor, user: UserRow): Promise<Profile> {
  const main = await users.findMainFiscalCode(db, user.id);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone_number: toProfilePhone(user.phone_number),
    codice_fiscale: main?.codice_fiscale ?? null,
    checkprivacy: flag(user.checkprivacy),
    privacy1: flag(user.privacy1),
    privacy2: flag(user.privacy2),
    privacy3: flag(user.privacy3),
  };
}

async function activeUser(ctx: ServiceContext, userId: number): Promise<UserRow> {
  const user = await users.findActiveUserById(ctx.db, userId);
  if (!user) throw notFound();
  return user;
}

export async function getProfile(ctx: ServiceContext, userId: number): Promise<Profile> {
  return toProfile(ctx.db, await activeUser(ctx, userId));
}

export interface ProfileUpdate {
  name: string;
  email: string;
  password?: string | null | undefined;
  /** Digits in the profile format ('39' + national number). */
  phone_number: string;
  codice_fiscale: string;
}

/**
 * Spec §5 profile: email and phone stay unique (422 on the field), the main fiscal code follows
 * the form, a blank password keeps the current one. A new password signs out every other session.
 */
export async function updateProfile(
  ctx: ServiceContext,
  caller: { id: number; sessionId: number },
  input: ProfileUpdate,
): Promise<Profile> {
  const user = await activeUser(ctx, caller.id);
  const phone = toNationalPhone(input.phone_number);
  const takenBy = async () => {
    const taken: Record<string, string[]> = {};
    const e = await users.findUserByEmail(ctx.db, input.email);
    if (e && e.id !== user.id) taken.email = [messages.auth.emailTaken];
    const p = await users.findUserByPhone(ctx.db, phone);
    if (p && p.id !== user.id) taken.phone_number = [messages.auth.phoneTaken];
    return taken;
  };
  const errors = await takenBy();
  const sameCode = await fiscalCodeOfUser(ctx.db, user.id, input.codice_fiscale);
  if (sameCode && sameCode.main !== 1) errors.codice_fiscale = [messages.fiscalCode.alreadyPresent];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);

  const newPassword = input.password ? await hashPassword(input.password) : undefined;
  const at = nowIso();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await users.updateUser(trx, user.id, {
        name: input.name,
        email: input.email,
        phone_number: phone,
        updated_at: at,
        ...(newPassword ? { password_hash: newPassword } : {}),
      });
      const main = await users.findMainFiscalCode(trx, user.id);
      if (!main) await users.insertFiscalCode(trx, { user_id: user.id, codice_fiscale: input.codice_fiscale, main: 1, at });
      else if (main.codice_fiscale !== input.codice_fiscale) await users.updateFiscalCode(trx, main.id, input.codice_fiscale, at);
      if (newPassword) await signOutEverywhere(trx, user.id, at, caller.sessionId);
    });
  } catch (error) {
    // Two accounts racing for the same email or phone: the unique index decides, the loser learns which.
    if (!isUniqueViolation(error)) throw error;
    const raced = await takenBy();
    throw Object.keys(raced).length > 0 ? validationFailed(raced) : error;
  }
  return getProfile(ctx, user.id);
}

/**
 * Records the privacy consents (privacy1 is mandatory, enforced by the contract), clears the
 * privacy gate and keeps the history row for accountability.
 */
export async function setPrivacy(
  ctx: ServiceContext,
  userId: number,
  input: { privacy1: boolean; privacy2: boolean; privacy3: boolean },
  meta: RequestMeta,
): Promise<Profile> {
  const user = await activeUser(ctx, userId);
  const at = nowIso();
  const values = { privacy1: input.privacy1 ? 1 : 0, privacy2: input.privacy2 ? 1 : 0, privacy3: input.privacy3 ? 1 : 0 };
  await ctx.db.transaction().execute(async (trx) => {
    await users.updateUser(trx, user.id, { ...values, checkprivacy: 0, privacy_accepted_at: at, updated_at: at });
    await users.insertPrivacyConsent(trx, {
      user_id: user.id,
      ...values,
      source: 'update',
      ip: meta.ip,
      user_agent: meta.userAgent,
      created_at: at,
    });
  });
  return getProfile(ctx, user.id);
}
