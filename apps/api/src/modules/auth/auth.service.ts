import { createHash, randomBytes } from 'node:crypto';
import {
  type AuthUser,
  ErrorCode,
  messages,
  PHONE_LOGIN_SUFFIX,
  type Role,
  type TokenResponse,
} from '@farmacia/contract';
import { nowIso } from '../../db/column.js';
import { AppError, unauthenticated, validationFailed } from '../../errors.js';
import { enqueueEmail } from '../../notify/outbox.js';
import { LIMITS } from '../../plugins/rate-limit.js';
import type { Executor } from '../../db/database.js';
import {
  activeUser,
  createAccount,
  homeShopName,
  normalizeEmail,
  referrerByCode,
  type RequestMeta,
  resolveSignupShop,
  setPasswordHash,
  userByEmail,
  userByPhone,
} from '../accounts/index.js';
import type { UserRow } from '../accounts/index.js';
import * as repo from './auth.repository.js';
import type { SessionWithUser } from './session-read.js';
import { sessionAdmits } from './live-session.js';
import { recoveryMail } from './auth.mail.js';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords.js';
import { type AccessClaims, newJti, readAccessToken, signAccessToken } from './tokens.js';
import { rewardReferral } from '../referrals/index.js';
import type { ServiceContext } from '../../context.js';

/** The authenticated caller, as routes see it on `ctx.actor`. */
export interface AuthContext {
  id: number;
  shopId: number;
  role: Role;
  sessionId: number;
}

const HOUR = 3600;
/**
 * Decision 0120. Customers stay signed in on their phone (a 90-day session, 24 h tokens renewed
 * by the app); staff sessions end with the working day (12 h) and tokens live 8 h.
 */
export const SESSION_POLICY: Record<'customer' | 'staff', { tokenSeconds: number; sessionSeconds: number }> = {
  customer: { tokenSeconds: 24 * HOUR, sessionSeconds: 90 * 24 * HOUR },
  staff: { tokenSeconds: 8 * HOUR, sessionSeconds: 12 * HOUR },
};
const policyOf = (role: Role) => SESSION_POLICY[role === 'customer' ? 'customer' : 'staff'];

/** A password-reset link is valid for one hour and one use. */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function invalidCredentials(): AppError {
  return new AppError('AUTH_INVALID_CREDENTIALS', messages.auth.wrongCredentials, { kind: ErrorCode.UNAUTHENTICATED });
}

async function sign(ctx: ServiceContext, user: Pick<UserRow, 'id' | 'role' | 'shop_id'>, sessionId: number, jti: string, sessionExpiresAt: string): Promise<TokenResponse> {
  const nowSec = Math.floor(Date.now() / 1000);
  const sessionEndSec = Math.floor(Date.parse(sessionExpiresAt) / 1000);
  const exp = Math.min(nowSec + policyOf(user.role).tokenSeconds, sessionEndSec);
  const token = await signAccessToken(ctx.config.jwtSecret, {
    userId: user.id,
    sessionId,
    jti,
    role: user.role,
    shopId: user.shop_id,
    exp,
  });
  return { token, expires_at: new Date(exp * 1000).toISOString() };
}

/** Opens a session for a user who just proved who they are, and gives its first token. */
export async function openSession(
  ctx: ServiceContext,
  user: Pick<UserRow, 'id' | 'role' | 'shop_id'>,
  meta: RequestMeta,
): Promise<TokenResponse> {
  const at = new Date();
  const expiresAt = new Date(at.getTime() + policyOf(user.role).sessionSeconds * 1000).toISOString();
  const jti = newJti();
  const sessionId = await repo.insertSession(ctx.db, {
    user_id: user.id,
    current_jti: jti,
    created_at: at.toISOString(),
    expires_at: expiresAt,
    user_agent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip,
  });
  return sign(ctx, user, sessionId, jti, expiresAt);
}

/**
 * The caller of a bearer token, or undefined when the token is not ours, expired, or its
 * session is revoked, past its end, rotated away, or its user deleted.
 */
export async function authenticateToken(
  ctx: ServiceContext,
  token: string,
  { allowExpired = false } = {},
): Promise<(AuthContext & { jti: string; sessionExpiresAt: string }) | undefined> {
  return (await authenticateTokenReading(ctx, token, undefined, { allowExpired }))?.caller;
}

/**
 * {@link authenticateToken} giving the session row too, read by `readSession` when given: a route's
 * statement that reads its own rows with the session (session-read's `selectSessionWithUser`, decision
 * 0629). The same checks either way.
 */
export async function authenticateTokenReading<R extends SessionWithUser = SessionWithUser>(
  ctx: ServiceContext,
  token: string,
  readSession?: (sessionId: number) => Promise<R | undefined>,
  { allowExpired = false } = {},
): Promise<{ caller: AuthContext & { jti: string; sessionExpiresAt: string }; session: R } | undefined> {
  const claims = await readAccessToken(ctx.config.jwtSecret, token, { allowExpired });
  return claims && authenticateClaims(ctx, claims, readSession);
}

/** A token's claims when it is ours and not expired; its session is not looked at ({@link authenticateClaims} does). */
export function verifiedClaims(ctx: ServiceContext, token: string): Promise<AccessClaims | undefined> {
  return readAccessToken(ctx.config.jwtSecret, token);
}

/** {@link authenticateTokenReading} of a token whose claims were read already ({@link verifiedClaims}). */
export async function authenticateClaims<R extends SessionWithUser = SessionWithUser>(
  ctx: ServiceContext,
  claims: AccessClaims,
  readSession?: (sessionId: number) => Promise<R | undefined>,
): Promise<{ caller: AuthContext & { jti: string; sessionExpiresAt: string }; session: R } | undefined> {
  const s = readSession ? await readSession(claims.sessionId) : ((await repo.findSessionWithUser(ctx.db, claims.sessionId)) as R | undefined);
  return sessionAdmits(s, claims, Date.now()) ? { caller: callerOfSession(s), session: s } : undefined;
}

/** The caller a session row admits ({@link sessionAdmits}). */
export function callerOfSession(s: SessionWithUser): AuthContext & { jti: string; sessionExpiresAt: string } {
  return {
    id: s.user_id,
    shopId: s.shop_id,
    role: s.role,
    sessionId: s.session_id,
    jti: s.current_jti,
    sessionExpiresAt: s.expires_at,
  };
}

/** What the login field holds: an email, or `<digits>@phonenumber` for a phone number. */
function parseIdentifier(raw: string): { kind: 'email'; email: string } | { kind: 'phone'; digits: string } {
  const value = raw.trim().toLowerCase();
  if (value.endsWith(PHONE_LOGIN_SUFFIX)) {
    return { kind: 'phone', digits: value.slice(0, -PHONE_LOGIN_SUFFIX.length).replace(/\D/g, '') };
  }
  return { kind: 'email', email: normalizeEmail(value) };
}

async function findLoginUser(ctx: ServiceContext, raw: string): Promise<UserRow | undefined> {
  const id = parseIdentifier(raw);
  let user: UserRow | undefined;
  if (id.kind === 'email') {
    user = await userByEmail(ctx.db, id.email);
  } else if (id.digits.length > 0) {
    user = await userByPhone(ctx.db, id.digits);
    // Numbers are stored national; accept them with the Italian country code in front too.
    if (!user && id.digits.length > 10 && id.digits.startsWith('39')) {
      user = await userByPhone(ctx.db, id.digits.slice(2));
    }
  }
  return user && user.deleted_at === null ? user : undefined;
}

/**
 * Checks the credentials and opens a session. Failures are counted per IP + identifier, per
 * identifier and per IP (decision 0122); once a limit is reached the answer is 429 until its
 * window passes, even with the right password.
 */
export async function login(
  ctx: ServiceContext,
  input: { email: string; password: string },
  meta: RequestMeta,
): Promise<TokenResponse> {
  const identifier = input.email.trim().toLowerCase();
  const ip = meta.ip ?? 'unknown';
  const rules = [
    [LIMITS.loginIpIdentifier, [ip, identifier]],
    [LIMITS.loginIdentifier, [identifier]],
    [LIMITS.loginIp, [ip]],
  ] as const;
  for (const [rule, parts] of rules) await ctx.rateLimiter.assertNotLimited(rule, parts);

  const user = await findLoginUser(ctx, identifier);
  const ok = user ? await verifyPassword(user.password_hash, input.password) : await verifyAgainstNothing(input.password);
  if (!user || !ok) {
    for (const [rule, parts] of rules) await ctx.rateLimiter.hit(rule, parts);
    throw invalidCredentials();
  }
  await ctx.rateLimiter.reset(LIMITS.loginIpIdentifier, [ip, identifier]);
  return openSession(ctx, user, meta);
}

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  codice_fiscale: string;
  phone_number: string;
  privacy: boolean;
  referral?: string | undefined;
  shop_id?: number | undefined;
}

/** Signup (spec §5): the account, its main fiscal code, the consent given, the referral; then a session. */
export async function register(ctx: ServiceContext, input: RegisterInput, meta: RequestMeta): Promise<TokenResponse> {
  await ctx.rateLimiter.consume({ ...LIMITS.registerIp, max: ctx.config.registerLimitPerHour }, [meta.ip ?? 'unknown']);
  let referredBy: number | null = null;
  if (input.referral) {
    const referrer = await referrerByCode(ctx.db, input.referral.trim().toUpperCase());
    if (!referrer) throw validationFailed({ referral: [messages.auth.referralUnknown] });
    referredBy = referrer.id;
  }
  const shopId = await resolveSignupShop(ctx.db, input.shop_id);
  const user = await createAccount(
    ctx.db,
    {
      name: input.name,
      email: input.email,
      password: input.password,
      shopId,
      codiceFiscale: input.codice_fiscale,
      phoneNumber: input.phone_number,
      privacy: { privacy1: input.privacy, privacy2: false, privacy3: false },
      referredByUserId: referredBy,
    },
    meta,
  );
  if (referredBy !== null) await rewardReferral(ctx.db, user.id, shopId);
  return openSession(ctx, user, meta);
}

/** `POST /auth/check`: the caller as the app needs it. */
export async function describeUser(ctx: ServiceContext, userId: number): Promise<AuthUser> {
  const user = await activeUser(ctx.db, userId);
  if (!user) throw unauthenticated();
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    shop_id: user.shop_id,
    checkprivacy: user.checkprivacy === 1 ? 1 : 0,
  };
}

/**
 * Rotates the session's token id and signs a new token; the presented token stops working at
 * once. An expired token may be renewed while its session lives (decision 0120): the session,
 * not the token, bounds how long a customer stays signed in.
 */
export async function refresh(ctx: ServiceContext, token: string): Promise<TokenResponse> {
  const caller = await authenticateToken(ctx, token, { allowExpired: true });
  if (!caller) throw unauthenticated();
  const jti = newJti();
  const rotated = await repo.rotateJti(ctx.db, caller.sessionId, caller.jti, jti, nowIso());
  if (!rotated) throw unauthenticated();
  return sign(ctx, { id: caller.id, role: caller.role, shop_id: caller.shopId }, caller.sessionId, jti, caller.sessionExpiresAt);
}

export async function logout(ctx: ServiceContext, sessionId: number): Promise<void> {
  await repo.revokeSession(ctx.db, sessionId, nowIso());
}

/**
 * A single-use password token for a user, valid `ttlMs`: only its sha256 is stored. Recovery,
 * the first admin's set-up link and pharmacists' invitations all use it, and `POST /auth/reset`
 * consumes it.
 */
export async function issuePasswordToken(
  db: Executor,
  userId: number,
  ttlMs: number,
): Promise<{ token: string; resetId: number; expiresAt: string }> {
  const token = randomBytes(32).toString('base64url');
  const at = new Date();
  const expiresAt = new Date(at.getTime() + ttlMs).toISOString();
  const resetId = await repo.insertPasswordReset(db, { user_id: userId, token_hash: sha256(token), created_at: at.toISOString(), expires_at: expiresAt });
  return { token, resetId, expiresAt };
}

/**
 * Password recovery: the same answer whether the account exists or not. When it does, a
 * single-use token (only its sha256 is stored) valid one hour is mailed through the outbox,
 * in the same transaction.
 */
export async function requestRecovery(ctx: ServiceContext, input: { email: string }, meta: RequestMeta): Promise<string> {
  const email = normalizeEmail(input.email);
  await ctx.rateLimiter.consume(LIMITS.recoveryIp, [meta.ip ?? 'unknown']);
  await ctx.rateLimiter.consume(LIMITS.recoveryEmail, [email]);
  const user = await userByEmail(ctx.db, email);
  if (user && user.deleted_at === null) {
    const shopName = await homeShopName(ctx.db, user);
    await ctx.db.transaction().execute(async (trx) => {
      const { token } = await issuePasswordToken(trx, user.id, RESET_TOKEN_TTL_MS);
      // The link's origin is PUBLIC_URL, never the request's Host (reset-link poisoning).
      const link = `${ctx.config.publicUrl.replace(/\/$/, '')}/auth/reset/${token}?email=${encodeURIComponent(email)}`;
      const mail = recoveryMail({ name: user.name, shopName: shopName ?? messages.shopDocument.shopFallbackName, link, validMinutes: RESET_TOKEN_TTL_MS / 60_000 });
      await enqueueEmail(trx, { to: email, ...mail });
    });
  }
  return messages.auth.recoveryRequested;
}

/**
 * Sets a new password with a mailed token: the token must match the email, be unused and
 * unexpired. It is consumed, every other token voided and every session revoked.
 */
export async function resetPassword(
  ctx: ServiceContext,
  input: { email: string; password: string; token: string },
  meta: RequestMeta,
): Promise<string> {
  await ctx.rateLimiter.consume(LIMITS.resetIp, [meta.ip ?? 'unknown']);
  const email = normalizeEmail(input.email);
  const refused = () => validationFailed({ token: [messages.auth.resetFailed] }, messages.auth.resetFailed);
  const reset = await repo.findPasswordReset(ctx.db, sha256(input.token.trim()));
  if (!reset || reset.email !== email || reset.deleted_at !== null || reset.used_at !== null) throw refused();
  if (Date.parse(reset.expires_at) <= Date.now()) throw refused();

  const passwordHash = await hashPassword(input.password);
  const at = nowIso();
  const done = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.consumePasswordReset(trx, reset.id, at))) return false;
    await setPasswordHash(trx, reset.user_id, passwordHash, at);
    await voidPasswordLinks(trx, reset.user_id, at);
    await signOutEverywhere(trx, reset.user_id, at);
    return true;
  });
  if (!done) throw refused();
  // A customer who was locked out by wrong guesses can sign in with the new password at once.
  await ctx.rateLimiter.reset(LIMITS.loginIpIdentifier, [meta.ip ?? 'unknown', email]);
  await ctx.rateLimiter.reset(LIMITS.loginIdentifier, [email]);
  return messages.auth.resetDone;
}

/** Signs the user out on every device (but the session kept, when given): a new password, a closed account. */
export async function signOutEverywhere(db: Executor, userId: number, at: string, keepSessionId?: number): Promise<void> {
  await repo.revokeUserSessions(db, userId, at, keepSessionId);
}

/** Voids every password link the user was mailed and has not used. */
export async function voidPasswordLinks(db: Executor, userId: number, at: string): Promise<void> {
  await repo.voidUserPasswordResets(db, userId, at);
}

/** Housekeeping: drops sessions and password links that expired before `before`. */
export async function pruneExpiredSessions(db: Executor, before: string): Promise<void> {
  await repo.pruneExpired(db, before);
}
