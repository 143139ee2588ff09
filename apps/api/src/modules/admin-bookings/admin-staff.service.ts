import { type AdminStaffMember, messages, type NewStaffMemberBodySchema, type StaffMemberBodySchema } from '@farmacia/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { nowIso } from '../../db/column.js';
import type { Db } from '../../db/database.js';
import { notFound } from '../../errors.js';
import { staffOfShop } from '../admin/admin-bookings.repository.js';
import { shopScope } from '../admin/admin-scope.js';
import { audit } from '../audit/audit.service.js';
import { insertStaff } from '../staff/staff.repository.js';
import * as repo from './admin-bookings.repository.js';

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

export async function listStaff(app: FastifyInstance, request: FastifyRequest, shop?: number): Promise<AdminStaffMember[]> {
  const shopId = await shopScope(app.db, request, shop);
  return (await staffOfShop(app.db, shopId)).map(toStaffMember);
}

async function oneMember(db: Db, shopId: number, id: number): Promise<AdminStaffMember> {
  const row = await repo.findStaffMember(db, shopId, id);
  if (!row) throw notFound(messages.backoffice.staffNotFound);
  return toStaffMember(row);
}

export async function addStaffMember(
  app: FastifyInstance,
  request: FastifyRequest,
  body: z.output<typeof NewStaffMemberBodySchema>,
): Promise<AdminStaffMember> {
  const shopId = await shopScope(app.db, request, body.shop_id);
  return app.db.transaction().execute(async (trx) => {
    const id = await insertStaff(trx, shopId, body.name, nowIso());
    const after = await oneMember(trx, shopId, id);
    await audit(trx, request, { action: 'create', entity: 'staff', entityId: id, shopId, after });
    return after;
  });
}

export async function editStaffMember(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  body: z.output<typeof StaffMemberBodySchema>,
  shop?: number,
): Promise<AdminStaffMember> {
  const shopId = await shopScope(app.db, request, shop);
  const before = await oneMember(app.db, shopId, id);
  return app.db.transaction().execute(async (trx) => {
    await repo.updateStaffMember(trx, id, { name: body.name, active: body.active ? 1 : 0 });
    const after = await oneMember(trx, shopId, id);
    await audit(trx, request, { action: 'update', entity: 'staff', entityId: id, shopId, before, after });
    return after;
  });
}
