import { randomBytes } from 'node:crypto';
import { messages, STAFF_INVITATION_TTL_DAYS, type StaffInvitation, type StaffInvitationBody } from '@farmacia/contract';
import { nowIso } from '../../db/column.js';
import type { Db, Executor } from '../../db/database.js';
import { notFound } from '../../errors.js';
import { enqueueEmail } from '../../notify/outbox.js';
import { shopScope } from '../staff/index.js';
import { audit } from '../audit/index.js';
import { voidPasswordLinks } from '../auth/index.js';
import { issuePasswordToken } from '../auth/index.js';
import { createAccount } from '../accounts/index.js';
import { invitationMail } from './invitation.mail.js';
import { setPasswordLink } from './set-password-link.js';
import type { ActorContext, ServiceContext } from '../../context.js';

/**
 * Admins invite pharmacists (issue 15, decision 0418): the account is created with a random
 * password nobody knows, and a one-time set-password token valid STAFF_INVITATION_TTL_DAYS is
 * mailed through the outbox. Following the link sets the password (`POST /auth/reset`), which
 * uses the token up: the invitation is no longer pending.
 */

const TTL_MS = STAFF_INVITATION_TTL_DAYS * 24 * 3600_000;

async function pending(db: Db, shopId: number, id?: number): Promise<StaffInvitation[]> {
  let q = db
    .selectFrom('staff_invitations as i')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .innerJoin('password_resets as r', 'r.id', 'i.password_reset_id')
    .select(['i.id', 'i.shop_id', 'i.user_id', 'u.name', 'u.email', 'i.created_at', 'r.expires_at'])
    .where('i.shop_id', '=', shopId)
    .where('r.used_at', 'is', null)
    .where('u.deleted_at', 'is', null);
  if (id !== undefined) q = q.where('i.id', '=', id);
  const now = nowIso();
  const rows = await q.orderBy('i.created_at', 'desc').orderBy('i.id', 'desc').execute();
  return rows.map((r) => ({
    id: r.id,
    shop_id: r.shop_id,
    user_id: r.user_id,
    name: r.name,
    email: r.email,
    invited_at: r.created_at,
    expires_at: r.expires_at,
    expired: r.expires_at <= now,
  }));
}

/** Issues the token and queues the mail in one transaction: no mail without a token, no token without its mail. */
async function mailInvitation(
  ctx: ServiceContext,
  trx: Executor,
  user: { id: number; name: string; email: string },
  shopId: number,
  invitedBy: string,
): Promise<number> {
  const { token, resetId } = await issuePasswordToken(trx, user.id, TTL_MS);
  const shop = await trx.selectFrom('shops').select('name').where('id', '=', shopId).executeTakeFirst();
  const link = setPasswordLink(ctx.config.publicUrl, token, user.email);
  const mail = invitationMail({ name: user.name, shopName: shop?.name ?? messages.shopDocument.shopFallbackName, invitedBy, link, validDays: STAFF_INVITATION_TTL_DAYS });
  await enqueueEmail(trx, { to: user.email, ...mail });
  return resetId;
}

async function inviterName(db: Db, ctx: ActorContext): Promise<string> {
  const row = await db.selectFrom('users').select('name').where('id', '=', ctx.actor.id).executeTakeFirst();
  return row?.name ?? messages.accountMail.invitation.inviterFallback;
}

export function listInvitations(ctx: ActorContext, shop?: number): Promise<StaffInvitation[]> {
  return shopScope(ctx.db, ctx.actor, shop).then((shopId) => pending(ctx.db, shopId));
}

export async function invitePharmacist(ctx: ActorContext, body: StaffInvitationBody): Promise<StaffInvitation> {
  const shopId = await shopScope(ctx.db, ctx.actor, body.shop_id as number);
  // Taken emails answer 422 on `email` like any other account; the password is never told to anyone.
  const user = await createAccount(
    ctx.db,
    {
      name: body.name,
      email: body.email,
      password: randomBytes(32).toString('base64url'),
      role: 'pharmacist',
      shopId,
      privacy: { privacy1: true, privacy2: false, privacy3: false },
    },
    { ip: ctx.ip, userAgent: ctx.userAgent },
  );
  const invitedBy = await inviterName(ctx.db, ctx);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const resetId = await mailInvitation(ctx, trx, user, shopId, invitedBy);
    const row = await trx
      .insertInto('staff_invitations')
      .values({ shop_id: shopId, user_id: user.id, password_reset_id: resetId, invited_by: ctx.actor.id, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  const [invitation] = await pending(ctx.db, shopId, id);
  if (!invitation) throw notFound(messages.onboarding.invitationNotFound);
  await audit(ctx.db, ctx, { action: 'invite', entity: 'pharmacist', entityId: user.id, after: invitation, shopId });
  return invitation;
}

/** A new link for a pending (or expired) invitation; the old link stops working. */
export async function resendInvitation(ctx: ActorContext, id: number, shop?: number): Promise<StaffInvitation> {
  const shopId = await shopScope(ctx.db, ctx.actor, shop);
  const [before] = await pending(ctx.db, shopId, id);
  if (!before) throw notFound(messages.onboarding.invitationNotFound);
  const invitedBy = await inviterName(ctx.db, ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const at = nowIso();
    await voidPasswordLinks(trx, before.user_id, at);
    const resetId = await mailInvitation(ctx, trx, { id: before.user_id, name: before.name, email: before.email }, shopId, invitedBy);
    await trx.updateTable('staff_invitations').set({ password_reset_id: resetId, created_at: at }).where('id', '=', id).execute();
  });
  const [after] = await pending(ctx.db, shopId, id);
  if (!after) throw notFound(messages.onboarding.invitationNotFound);
  await audit(ctx.db, ctx, { action: 'reinvite', entity: 'pharmacist', entityId: before.user_id, before, after, shopId });
  return after;
}
