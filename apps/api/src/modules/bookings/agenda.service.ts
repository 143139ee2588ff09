import {
  type AgendaEntry,
  type AgendaQuery,
  type Closure,
  messages,
  type NewClosureBodySchema,
} from '@farmacia/contract';
import type { z } from 'zod';
import { notFound, validationFailed } from '../../errors.js';
import { audit } from '../audit/index.js';
import { romeDay } from './rome-time.js';
import { createClosure } from '../staff/index.js';
import * as repo from './agenda.repository.js';
import { shopScope } from '../staff/index.js';
import type { ActorContext } from '../../context.js';

type ClosureRow = Awaited<ReturnType<typeof repo.findClosure>> & object;

const toClosure = (r: ClosureRow): Closure => ({
  id: r.id,
  staff_id: r.staff_id,
  staff_name: r.staff_name ?? null,
  date_from: r.date_from,
  date_to: r.date_to,
  start_time: r.start_time,
  end_time: r.end_time,
  reason: r.reason,
});

export async function agenda(ctx: ActorContext, q: AgendaQuery): Promise<AgendaEntry[]> {
  const shopId = await shopScope(ctx.db, ctx.actor, q.shop_id);
  const rows = await repo.agenda(ctx.db, shopId, q.from, q.to, q.staff_id);
  return rows.map((r) => ({
    id: r.id,
    day: r.day,
    start: r.start_appointment.slice(0, 5),
    end: r.end_appointment.slice(0, 5),
    staff_id: r.staff_id,
    staff_name: r.staff_name,
    service_id: r.service_id,
    service_name: r.service_name,
    customer_id: r.user_id,
    customer_name: r.customer_name,
    customer_email: r.customer_email,
    status: r.status,
  }));
}

export async function listClosures(ctx: ActorContext, from?: string, shop?: number): Promise<Closure[]> {
  const shopId = await shopScope(ctx.db, ctx.actor, shop);
  return (await repo.closures(ctx.db, shopId, from ?? romeDay(new Date()))).map(toClosure);
}

/** Closes the shop or one member (a Saturday, a holiday, an afternoon): its slots disappear at once. */
export async function addClosure(
  ctx: ActorContext,
  body: z.output<typeof NewClosureBodySchema>,
): Promise<Closure> {
  const shopId = await shopScope(ctx.db, ctx.actor, body.shop_id);
  if (body.staff_id !== null && !(await repo.findStaffMember(ctx.db, shopId, body.staff_id))) {
    throw validationFailed({ staff_id: [messages.backoffice.staffNotFound] });
  }
  return ctx.db.transaction().execute(async (trx) => {
    await createClosure(trx, {
      shopId,
      staffId: body.staff_id,
      from: body.date_from,
      to: body.date_to,
      ...(body.start_time ? { start: body.start_time } : {}),
      ...(body.end_time ? { end: body.end_time } : {}),
      reason: body.reason,
    });
    const { id } = await repo.latestClosureId(trx, shopId);
    const row = await repo.findClosure(trx, shopId, id);
    if (!row) throw notFound(messages.backoffice.closureNotFound);
    const closure = toClosure(row);
    await audit(trx, ctx, { action: 'create', entity: 'closure', entityId: id, after: closure, shopId });
    return closure;
  });
}

export async function removeClosure(ctx: ActorContext, id: number, shop?: number): Promise<void> {
  const shopId = await shopScope(ctx.db, ctx.actor, shop);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.findClosure(trx, shopId, id);
    if (!row || !(await repo.deleteClosure(trx, shopId, id))) throw notFound(messages.backoffice.closureNotFound);
    await audit(trx, ctx, { action: 'delete', entity: 'closure', entityId: id, before: toClosure(row), shopId });
  });
}
