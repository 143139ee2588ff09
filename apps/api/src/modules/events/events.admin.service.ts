import {
  type AdminEvent,
  type AdminEventAvailabilityBodySchema,
  type AdminEventBodySchema,
  BackofficeBookingErrorCode,
  messages,
} from '@farmacia/contract';
import type { z } from 'zod';
import { nowIso } from '../../db/column.js';
import type { Db } from '../../db/database.js';
import { conflict, notFound, validationFailed } from '../../errors.js';
import { changeInShop, shopScope } from '../staff/index.js';
import { audit, writeAudited } from '../audit/index.js';
import { createEvent } from './events.service.js';
import type { EventRow } from './events.table.js';
import { romeInstant } from '../bookings/index.js';
import { sanitizeRichText } from '../services/index.js';
import * as repo from './events.admin.repository.js';
import { knownServiceIds } from '../services/index.js';
import type { ActorContext } from '../../context.js';

/**
 * Events of a shop and their availability windows. An event is withdrawn, not deleted
 * (`active` false: the app stops offering it, its reservations stay). A window is deleted only
 * while no booked reservation lies in it (409), so no customer's appointment loses its opening.
 */

const MSG = messages.backofficeBookings;
type EventBody = z.output<typeof AdminEventBodySchema>;

async function assemble(db: Db, rows: EventRow[]): Promise<AdminEvent[]> {
  const ids = rows.map((r) => r.id);
  const [links, windows] = await Promise.all([repo.eventServiceLinks(db, ids), repo.availabilitiesWithBookings(db, ids)]);
  return rows.map((e) => ({
    id: e.id,
    name: e.name,
    description: e.description,
    active: e.active === 1,
    service_ids: links.filter((l) => l.event_id === e.id).map((l) => l.service_id),
    availabilities: windows
      .filter((w) => w.event_id === e.id)
      .map((w) => ({ id: w.id, start_at: w.start_at, end_at: w.end_at, booked: Number(w.booked ?? 0) })),
  }));
}

async function oneEvent(db: Db, shopId: number, id: number): Promise<AdminEvent> {
  const row = await repo.findEvent(db, shopId, id);
  if (!row) throw notFound(messages.reservations.eventNotFound);
  const [event] = await assemble(db, [row]);
  return event as AdminEvent;
}

async function checkServices(db: Db, shopId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const known = await knownServiceIds(db, shopId, unique);
  if (unique.some((id) => !known.has(id))) throw validationFailed({ service_ids: [messages.reservations.serviceNotFound] });
  return unique;
}

export async function listEvents(ctx: ActorContext, shop?: number): Promise<AdminEvent[]> {
  const shopId = await shopScope(ctx.db, ctx.actor, shop);
  return assemble(ctx.db, await repo.listEvents(ctx.db, shopId));
}

export async function addEvent(ctx: ActorContext, body: EventBody): Promise<AdminEvent> {
  const shopId = await shopScope(ctx.db, ctx.actor, body.shop_id);
  const serviceIds = await checkServices(ctx.db, shopId, body.service_ids);
  return writeAudited(ctx, { action: 'create', entity: 'event', shopId, read: (db, id) => oneEvent(db, shopId, id) }, async (trx) => {
    const id = await createEvent(trx, { shopId, name: body.name, description: body.description, serviceIds, windows: [] });
    if (!body.active) await repo.updateEvent(trx, id, { active: 0 });
    return id;
  });
}

export async function editEvent(ctx: ActorContext, id: number, body: EventBody, shop?: number): Promise<AdminEvent> {
  const shopId = await shopScope(ctx.db, ctx.actor, shop);
  const before = await oneEvent(ctx.db, shopId, id);
  const serviceIds = await checkServices(ctx.db, shopId, body.service_ids);
  return writeAudited(ctx, { action: 'update', entity: 'event', shopId, before, read: (db) => oneEvent(db, shopId, id) }, async (trx) => {
    await repo.updateEvent(trx, id, {
      name: body.name,
      description: sanitizeRichText(body.description),
      active: body.active ? 1 : 0,
      updated_at: nowIso(),
    });
    await repo.setEventServices(trx, id, serviceIds);
    return id;
  });
}

export async function withdrawEvent(ctx: ActorContext, id: number, shop?: number): Promise<AdminEvent> {
  return changeInShop(ctx, shop, id, { action: 'withdraw', entity: 'event', read: oneEvent }, async (trx) => {
    await repo.updateEvent(trx, id, { active: 0, updated_at: nowIso() });
  });
}

/** Opens a window of one Rome day (`HH:mm`–`HH:mm`, stored as UTC instants like the seed's). */
export async function addAvailability(
  ctx: ActorContext,
  eventId: number,
  body: z.output<typeof AdminEventAvailabilityBodySchema>,
  shop?: number,
): Promise<AdminEvent> {
  const shopId = await shopScope(ctx.db, ctx.actor, shop);
  await oneEvent(ctx.db, shopId, eventId);
  const startAt = new Date(romeInstant(body.day, body.start)).toISOString();
  const endAt = new Date(romeInstant(body.day, body.end)).toISOString();
  if (endAt <= startAt) throw validationFailed({ end: [MSG.availabilityRange] });
  return ctx.db.transaction().execute(async (trx) => {
    const id = await repo.insertAvailability(trx, eventId, startAt, endAt);
    await audit(trx, ctx, {
      action: 'create',
      entity: 'event-availability',
      entityId: id,
      shopId,
      after: { id, event_id: eventId, start_at: startAt, end_at: endAt },
    });
    return oneEvent(trx, shopId, eventId);
  });
}

export async function removeAvailability(ctx: ActorContext, id: number, shop?: number): Promise<AdminEvent> {
  const shopId = await shopScope(ctx.db, ctx.actor, shop);
  return ctx.db.transaction().execute(async (trx) => {
    const before = await repo.findAvailability(trx, shopId, id);
    if (!before) throw notFound(MSG.eventAvailabilityNotFound);
    const event = await oneEvent(trx, shopId, before.event_id);
    if ((event.availabilities.find((a) => a.id === id)?.booked ?? 0) > 0) {
      throw conflict(BackofficeBookingErrorCode.AVAILABILITY_BOOKED, MSG.availabilityBooked);
    }
    await repo.deleteAvailability(trx, id);
    await audit(trx, ctx, { action: 'delete', entity: 'event-availability', entityId: id, shopId, before });
    return oneEvent(trx, shopId, before.event_id);
  });
}
