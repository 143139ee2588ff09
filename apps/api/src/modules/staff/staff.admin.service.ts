import { type AdminStaffMember, messages, type NewStaffMemberBodySchema, type StaffMemberBodySchema } from '@farmacia/contract';
import type { z } from 'zod';
import { nowIso } from '../../db/column.js';
import type { Db } from '../../db/database.js';
import { notFound } from '../../errors.js';
import { changeInShop, shopScope } from './staff-scope.js';
import { writeAudited } from '../audit/index.js';
import { insertStaff } from './staff.repository.js';
import * as repo from './staff.admin.repository.js';
import type { ActorContext } from '../../context.js';

/**
 * Staff members of a shop, added and edited from the back office. A member is never deleted, only
 * deactivated (decision 0385): reservations reference them and must keep showing who performs
 * them. Slot generation and booking already skip inactive members, so deactivating one removes
 * their slots at once; their hours and services are kept for a reactivation.
 */

const toStaffMember = (row: { id: number; name: string; active: number }): AdminStaffMember => ({
  id: row.id,
  name: row.name,
  active: row.active === 1,
});

export async function listStaff(ctx: ActorContext, shop?: number): Promise<AdminStaffMember[]> {
  const shopId = await shopScope(ctx.db, ctx.actor, shop);
  return (await repo.staffOfShop(ctx.db, shopId)).map(toStaffMember);
}

/** Which of `ids` are staff members of the shop. */
export function knownStaffIds(db: Db, shopId: number, ids: readonly number[]): Promise<Set<number>> {
  return repo.staffIdsOfShop(db, shopId, ids);
}

async function oneMember(db: Db, shopId: number, id: number): Promise<AdminStaffMember> {
  const row = await repo.findStaffMember(db, shopId, id);
  if (!row) throw notFound(messages.backoffice.staffNotFound);
  return toStaffMember(row);
}

export async function addStaffMember(
  ctx: ActorContext,
  body: z.output<typeof NewStaffMemberBodySchema>,
): Promise<AdminStaffMember> {
  const shopId = await shopScope(ctx.db, ctx.actor, body.shop_id);
  return writeAudited(ctx, { action: 'create', entity: 'staff', shopId, read: (db, id) => oneMember(db, shopId, id) }, (trx) =>
    insertStaff(trx, shopId, body.name, nowIso()),
  );
}

export async function editStaffMember(
  ctx: ActorContext,
  id: number,
  body: z.output<typeof StaffMemberBodySchema>,
  shop?: number,
): Promise<AdminStaffMember> {
  return changeInShop(ctx, shop, id, { action: 'update', entity: 'staff', read: oneMember }, async (trx) => {
    await repo.updateStaffMember(trx, id, { name: body.name, active: body.active ? 1 : 0 });
  });
}
