import { randomUUID } from 'node:crypto';
import {
  type AdminLoyaltyCard,
  type AdminLoyaltyCardDetail,
  fillMessage,
  type LoyaltyAdjustBodySchema,
  type LoyaltyReissueBodySchema,
  messages,
} from '@farmacia/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { nowIso } from '../../db/column.js';
import { notFound, validationFailed } from '../../errors.js';
import { shopScope } from '../admin/admin-scope.js';
import { audit } from '../audit/audit.service.js';
import { cardNumberTaken } from '../loyalty/loyalty.repository.js';
import { newCardNumber } from '../loyalty/loyalty.service.js';
import * as repo from './admin-loyalty.repository.js';

/**
 * Loyalty cards in the back office (decision 0314), over the loyalty module's tables and rules
 * (decision 0243): every change of points is a movement row and the score moves with it in one
 * transaction; a hand adjustment carries its reason and never takes the score below zero; a lost
 * card is re-issued with a new EAN-13 number and the same points (the old number stops working).
 */

const m = messages.backofficeShop;
type CardRow = NonNullable<Awaited<ReturnType<typeof repo.findCard>>>;

function toCard(row: CardRow): AdminLoyaltyCard {
  return {
    id: row.id,
    card_number: row.card_number,
    score: row.score,
    reset_date: row.reset_date,
    updated_at: row.updated_at,
    customer: { id: row.user_id, name: row.user_name, email: row.user_email },
  };
}

export async function listCards(app: FastifyInstance, request: FastifyRequest, shop?: number, q?: string): Promise<AdminLoyaltyCard[]> {
  const shopId = await shopScope(app.db, request, shop);
  return (await repo.listCards(app.db, shopId, q)).map(toCard);
}

export async function getCard(app: FastifyInstance, request: FastifyRequest, id: number, shop?: number): Promise<AdminLoyaltyCardDetail> {
  const shopId = await shopScope(app.db, request, shop);
  const row = await repo.findCard(app.db, shopId, id);
  if (!row) throw notFound(m.cardNotFound);
  const movements = await repo.listMovements(app.db, row.id);
  return { ...toCard(row), movements };
}

export async function adjustPoints(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  body: z.output<typeof LoyaltyAdjustBodySchema>,
): Promise<AdminLoyaltyCardDetail> {
  const shopId = await shopScope(app.db, request, body.shop_id);
  await app.db.transaction().execute(async (trx) => {
    const before = await repo.findCard(trx, shopId, id);
    if (!before) throw notFound(m.cardNotFound);
    const at = nowIso();
    if (!(await repo.moveScore(trx, before.id, body.points, at))) {
      throw validationFailed({ points: [fillMessage(m.pointsNegative, { score: before.score })] });
    }
    await repo.insertMovement(trx, {
      card_id: before.id,
      points: body.points,
      reason: 'adjustment',
      reference: `adjustment:${before.id}:${randomUUID()}`,
      note: body.reason,
      created_at: at,
    });
    await audit(trx, request, {
      action: 'adjust',
      entity: 'loyalty_card',
      entityId: before.id,
      shopId,
      before: { score: before.score },
      after: { score: before.score + body.points, points: body.points },
      reason: body.reason,
    });
  });
  return getCard(app, request, id, shopId);
}

export async function reissueCard(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  body: z.output<typeof LoyaltyReissueBodySchema>,
): Promise<AdminLoyaltyCardDetail> {
  const shopId = await shopScope(app.db, request, body.shop_id);
  await app.db.transaction().execute(async (trx) => {
    const before = await repo.findCard(trx, shopId, id);
    if (!before) throw notFound(m.cardNotFound);
    let number = newCardNumber();
    while (number === before.card_number || (await cardNumberTaken(trx, number))) number = newCardNumber();
    await repo.setCardNumber(trx, before.id, number, nowIso());
    await audit(trx, request, {
      action: 'reissue',
      entity: 'loyalty_card',
      entityId: before.id,
      shopId,
      before: { card_number: before.card_number },
      after: { card_number: number },
      reason: body.reason,
    });
  });
  return getCard(app, request, id, shopId);
}
