import type { NewPharmacistBodySchema, StaffAccount } from '@farmacia/contract';
import type { z } from 'zod';
import { nowIso } from '../../db/column.js';
import type { Db } from '../../db/database.js';
import { notFound } from '../../errors.js';
import { signOutEverywhere } from '../auth/index.js';
import { audit } from '../audit/index.js';
import { createAccount } from '../accounts/index.js';
import { shopScope } from './staff-scope.js';
import type { ActorContext } from '../../context.js';

/** Admins manage the staff accounts of a shop: list, create a pharmacist, end their sessions. */

async function accounts(db: Db, shopId: number, id?: number): Promise<StaffAccount[]> {
  const now = nowIso();
  let q = db
    .selectFrom('users as u')
    .select(['u.id', 'u.name', 'u.email', 'u.role', 'u.shop_id'])
    .select((eb) =>
      eb
        .selectFrom('sessions as s')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('s.user_id', '=', 'u.id')
        .where('s.revoked_at', 'is', null)
        .where('s.expires_at', '>', now)
        .as('active_sessions'),
    )
    .where('u.shop_id', '=', shopId)
    .where('u.role', 'in', ['pharmacist', 'admin'])
    .where('u.deleted_at', 'is', null);
  if (id !== undefined) q = q.where('u.id', '=', id);
  const rows = await q.orderBy('u.name').execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    role: r.role as 'pharmacist' | 'admin',
    shop_id: r.shop_id,
    active_sessions: Number(r.active_sessions ?? 0),
  }));
}

export async function listStaffAccounts(ctx: ActorContext, shop?: number): Promise<StaffAccount[]> {
  return accounts(ctx.db, await shopScope(ctx.db, ctx.actor, shop));
}

export async function createPharmacist(
  ctx: ActorContext,
  body: z.output<typeof NewPharmacistBodySchema>,
): Promise<StaffAccount> {
  const shopId = await shopScope(ctx.db, ctx.actor, body.shop_id);
  const user = await createAccount(
    ctx.db,
    {
      name: body.name,
      email: body.email,
      password: body.password,
      role: 'pharmacist',
      shopId,
      privacy: { privacy1: true, privacy2: false, privacy3: false },
    },
    { ip: ctx.ip, userAgent: ctx.userAgent },
  );
  const [account] = await accounts(ctx.db, shopId, user.id);
  if (!account) throw notFound();
  await audit(ctx.db, ctx, { action: 'create', entity: 'pharmacist', entityId: user.id, after: account, shopId });
  return account;
}

/** Ends every session of a staff member at once (a lost device, someone who left). */
export async function revokeStaffSessions(ctx: ActorContext, id: number, shop?: number): Promise<StaffAccount> {
  const shopId = await shopScope(ctx.db, ctx.actor, shop);
  const [before] = await accounts(ctx.db, shopId, id);
  if (!before) throw notFound();
  await ctx.db.transaction().execute(async (trx) => {
    await signOutEverywhere(trx, id, nowIso());
    await audit(trx, ctx, { action: 'revoke-sessions', entity: 'pharmacist', entityId: id, before, shopId });
  });
  const [after] = await accounts(ctx.db, shopId, id);
  return after ?? { ...before, active_sessions: 0 };
}
