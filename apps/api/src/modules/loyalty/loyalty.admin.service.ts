import { randomUUID } from 'node:crypto';
import {
  type AdminLoyaltyCard,
  type AdminLoyaltyCardDetail,
  fillMessage,
  ErrorCode,
  type LoyaltyAdjustBodySchema,
  type LoyaltyBlockBodySchema,
  type LoyaltyReissueBodySchema,
  type LoyaltyUnblockBodySchema,
  messages,
} from '@farmacia/contract';
import type { z } from 'zod';
import { nowIso } from '../../db/column.js';
import { AppError, notFound, validationFailed } from '../../errors.js';
import { shopScope } from '../staff/index.js';
import { audit } from '../audit/index.js';
import { cardNumberTaken } from './loyalty.repository.js';
import { newCardNumber } from './loyalty.service.js';
import * as repo from './loyalty.admin.repository.js';
import type { ActorContext } from '../../context.js';

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
    blocked_at: row.blocked_at,
    blocked_reason: row.blocked_reason,
  };
}

export async function listCards(ctx: ActorContext, shop?: number, q?: string): Promise<AdminLoyaltyCard[]> {
  const shopId = await shopScope(ctx.db, ctx.actor, shop);
  return (await repo.listCards(ctx.db, shopId, q)).map(toCard);
}

export async function getCard(ctx: ActorContext, id: number, shop?: number): Promise<AdminLoyaltyCardDetail> {
  const shopId = await shopScope(ctx.db, ctx.actor, shop);
  const row = await repo.findCard(ctx.db, shopId, id);
  if (!row) throw notFound(m.cardNotFound);
  const [movements, previous_numbers] = await Promise.all([repo.listMovements(ctx.db, row.id), repo.listRetiredNumbers(ctx.db, row.id)]);
  return { ...toCard(row), movements, previous_numbers };
}

type Executor = Parameters<typeof repo.findCard>[0];
type CardOfShop = NonNullable<Awaited<ReturnType<typeof repo.findCard>>>;

/**
 * A change to one card of the caller's shop (404 for any other), made with its audit row in one
 * transaction; answers the card as it is after.
 */
async function changeCard(
  ctx: ActorContext,
  id: number,
  askedShopId: number | undefined,
  change: (trx: Executor, before: CardOfShop, shopId: number) => Promise<void>,
): Promise<AdminLoyaltyCardDetail> {
  const shopId = await shopScope(ctx.db, ctx.actor, askedShopId);
  await ctx.db.transaction().execute(async (trx) => {
    const before = await repo.findCard(trx, shopId, id);
    if (!before) throw notFound(m.cardNotFound);
    await change(trx, before, shopId);
  });
  return getCard(ctx, id, shopId);
}

export async function adjustPoints(
  ctx: ActorContext,
  id: number,
  body: z.output<typeof LoyaltyAdjustBodySchema>,
): Promise<AdminLoyaltyCardDetail> {
  return changeCard(ctx, id, body.shop_id, async (trx, before, shopId) => {
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
    await audit(trx, ctx, {
      action: 'adjust',
      entity: 'loyalty_card',
      entityId: before.id,
      shopId,
      before: { score: before.score },
      after: { score: before.score + body.points, points: body.points },
      reason: body.reason,
    });
  });
}

export async function reissueCard(
  ctx: ActorContext,
  id: number,
  body: z.output<typeof LoyaltyReissueBodySchema>,
): Promise<AdminLoyaltyCardDetail> {
  return changeCard(ctx, id, body.shop_id, async (trx, before, shopId) => {
    let number = newCardNumber();
    while (number === before.card_number || (await cardNumberTaken(trx, number))) number = newCardNumber();
    await repo.replaceCardNumber(trx, before.id, before.card_number, number, nowIso());
    await audit(trx, ctx, {
      action: 'reissue',
      entity: 'loyalty_card',
      entityId: before.id,
      shopId,
      before: { card_number: before.card_number, blocked_at: before.blocked_at },
      after: { card_number: number, blocked_at: null },
      reason: body.reason,
    });
  });
}

/** Blocks a card (lost, misused): it earns nothing and the app withdraws its barcode (decision 0531). */
export async function blockCard(ctx: ActorContext, id: number, body: z.output<typeof LoyaltyBlockBodySchema>): Promise<AdminLoyaltyCardDetail> {
  return changeCard(ctx, id, body.shop_id, async (trx, before, shopId) => {
    if (before.blocked_at !== null) throw new AppError(ErrorCode.CONFLICT, messages.loyaltyBlock.alreadyBlocked, { kind: ErrorCode.CONFLICT });
    const at = nowIso();
    await repo.setBlocked(trx, before.id, at, body.reason ?? null, at);
    await audit(trx, ctx, {
      action: 'block',
      entity: 'loyalty_card',
      entityId: before.id,
      shopId,
      before: { blocked_at: null },
      after: { blocked_at: at },
      ...(body.reason ? { reason: body.reason } : {}),
    });
  });
}

export async function unblockCard(ctx: ActorContext, id: number, body: z.output<typeof LoyaltyUnblockBodySchema>): Promise<AdminLoyaltyCardDetail> {
  return changeCard(ctx, id, body.shop_id, async (trx, before, shopId) => {
    if (before.blocked_at === null) throw new AppError(ErrorCode.CONFLICT, messages.loyaltyBlock.notBlocked, { kind: ErrorCode.CONFLICT });
    await repo.setBlocked(trx, before.id, null, null, nowIso());
    await audit(trx, ctx, {
      action: 'unblock',
      entity: 'loyalty_card',
      entityId: before.id,
      shopId,
      before: { blocked_at: before.blocked_at, blocked_reason: before.blocked_reason },
      after: { blocked_at: null },
    });
  });
}
