import { messages, type StaffHours, type StaffHoursBodySchema } from '@farmacia/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { notFound } from '../../errors.js';
import { changeInShop, shopScope } from './staff-scope.js';
import { hoursOf, insertHours } from './staff.repository.js';
import * as repo from './staff.admin.repository.js';
import type { ActorContext } from '../../context.js';

/**
 * A staff member's weekly working hours (Rome `HH:mm`, ISO weekdays). Slot generation reads them
 * on every call, so a change shows in the app at once. Booked reservations are not touched: an
 * appointment already made outside the new hours stays (the agenda shows it; the pharmacist may
 * cancel it, and the customer is told).
 */

async function read(db: Db, shopId: number, staffId: number): Promise<StaffHours> {
  const member = await repo.findStaffMember(db, shopId, staffId);
  if (!member) throw notFound(messages.backoffice.staffNotFound);
  const hours = await hoursOf(db, [staffId]);
  return {
    staff_id: member.id,
    name: member.name,
    hours: hours.map((h) => ({ weekday: h.weekday, start: h.start_time.slice(0, 5), end: h.end_time.slice(0, 5) })),
  };
}

export async function getHours(ctx: ActorContext, staffId: number, shop?: number): Promise<StaffHours> {
  return read(ctx.db, await shopScope(ctx.db, ctx.actor, shop), staffId);
}

export async function setHours(
  ctx: ActorContext,
  staffId: number,
  body: z.output<typeof StaffHoursBodySchema>,
  shop?: number,
): Promise<StaffHours> {
  return changeInShop(ctx, shop, staffId, { action: 'update', entity: 'staff-hours', read }, async (trx) => {
    await repo.deleteHours(trx, staffId);
    await insertHours(
      trx,
      body.hours.map((h) => ({ staff_id: staffId, weekday: h.weekday, start_time: h.start, end_time: h.end })),
    );
  });
}
