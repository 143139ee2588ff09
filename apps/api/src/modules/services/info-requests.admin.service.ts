import { type AdminInfoRequest, fillMessage, type InfoRequestHandleBodySchema, messages } from '@farmacia/contract';
import type { z } from 'zod';
import { nowIso } from '../../db/column.js';
import { notFound } from '../../errors.js';
import { shopScope } from '../staff/index.js';
import { audit } from '../audit/index.js';
import { notifyUser } from '../notifications/index.js';
import { decryptNote, encryptNote } from '../bookings/index.js';
import * as repo from './info-requests.admin.repository.js';
import type { ActorContext, ServiceContext } from '../../context.js';

/**
 * The shop-service info requests inbox (spec §7 POST /shopservices; decision 0314): what customers
 * asked about a service, newest first. Handling one records who and when; a reply goes to the
 * customer on their channels through the outbox, in the same transaction. Notes and replies are
 * stored encrypted (they may speak of health) and decrypted only here.
 */

const m = messages.backofficeShop;
type Row = NonNullable<Awaited<ReturnType<typeof repo.findRequest>>>;

function toRequest(ctx: ServiceContext, row: Row): AdminInfoRequest {
  const key = ctx.config.fileEncryptionKey;
  return {
    id: row.id,
    status: row.status,
    shop_service_id: row.shop_service_id,
    shop_service_name: row.shop_service_name,
    note: decryptNote(key, row.note),
    reply: decryptNote(key, row.reply),
    customer: { id: row.user_id, name: row.user_name, email: row.user_email, phone_number: row.user_phone ?? null },
    created_at: row.created_at,
    handled_at: row.handled_at,
    handled_by_name: row.handled_by_name ?? null,
  };
}

export async function listRequests(ctx: ActorContext, status: 'new' | 'handled' | 'all', shop?: number) {
  const shopId = await shopScope(ctx.db, ctx.actor, shop);
  const [rows, newCount] = await Promise.all([repo.listRequests(ctx.db, shopId, status), repo.countNew(ctx.db, shopId)]);
  return { data: rows.map((row) => toRequest(ctx, row)), new_count: newCount };
}

export async function getRequest(ctx: ActorContext, id: number, shop?: number): Promise<AdminInfoRequest> {
  const shopId = await shopScope(ctx.db, ctx.actor, shop);
  const row = await repo.findRequest(ctx.db, shopId, id);
  if (!row) throw notFound(m.infoRequestNotFound);
  return toRequest(ctx, row);
}

/** Marks the request handled (again: the reply is replaced and sent again) and notifies the customer of a reply. */
export async function handleRequest(
  ctx: ActorContext,
  id: number,
  body: z.output<typeof InfoRequestHandleBodySchema>,
): Promise<AdminInfoRequest> {
  const shopId = await shopScope(ctx.db, ctx.actor, body.shop_id);
  const reply = body.reply ?? null;
  await ctx.db.transaction().execute(async (trx) => {
    const before = await repo.findRequest(trx, shopId, id);
    if (!before) throw notFound(m.infoRequestNotFound);
    await repo.markHandled(trx, id, ctx.actor.id, encryptNote(ctx.config.fileEncryptionKey, reply), nowIso());
    if (reply) {
      const subject = fillMessage(m.infoRequestReplySubject, { service: before.shop_service_name });
      await notifyUser(trx, before.user_id, { title: subject, body: reply, url: '/app/services', email: { subject, text: reply } });
    }
    // The trail records that a reply was sent, not its words (they may speak of health).
    await audit(trx, ctx, {
      action: 'handle',
      entity: 'info_request',
      entityId: id,
      shopId,
      before: { status: before.status },
      after: { status: 'handled', replied: reply !== null },
    });
  });
  return getRequest(ctx, id, shopId);
}
