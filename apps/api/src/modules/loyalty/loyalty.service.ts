import { randomInt } from 'node:crypto';
import { type LoyaltyCard, loyaltyCardEarns, messages, orderLoyaltyPoints } from '@farmacia/contract';
import bwipjs from 'bwip-js/node';
import { nowIso } from '../../db/column.js';
import type { Db, Executor } from '../../db/database.js';
import { notFound } from '../../errors.js';
import { romeDay } from '../bookings/index.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import * as repo from './loyalty.repository.js';
import type { LoyaltyCardRow, LoyaltyMovementReason } from './loyalty.table.js';

/**
 * Loyalty cards (ARCHITECTURE §4 Loyalty). A customer has one card per shop, issued the first
 * time they earn points (or by the shop); points accrue on completed orders and referrals at the
 * rates the shop sets, and a collection runs to the end of the calendar year ("valida fino al"),
 * after which the score starts again from zero (decision 0243).
 */

/** Shop settings (options table, not public): points per euro spent, points for a referral. */
export const LOYALTY_SETTINGS = {
  pointsPerEuro: 'loyalty_points_per_euro',
  referralRewardPoints: 'referral_reward_points',
} as const;
const DEFAULT_POINTS_PER_EURO = 1;
const DEFAULT_REFERRAL_REWARD_POINTS = 0;

async function numericSetting(db: Executor, shopId: number, key: string, fallback: number): Promise<number> {
  const raw = await repo.findShopSetting(db, shopId, key);
  if (raw === undefined) return fallback;
  const value = Number(raw.replace(',', '.'));
  return Number.isFinite(value) && value >= 0 ? value : fallback;
}

export const pointsPerEuro = (db: Executor, shopId: number) =>
  numericSetting(db, shopId, LOYALTY_SETTINGS.pointsPerEuro, DEFAULT_POINTS_PER_EURO);
export const referralRewardPoints = (db: Executor, shopId: number) =>
  numericSetting(db, shopId, LOYALTY_SETTINGS.referralRewardPoints, DEFAULT_REFERRAL_REWARD_POINTS).then(Math.floor);

/** Last day of the collection that contains `day` (YYYY-MM-DD): 31 December of its year. */
export const collectionEnd = (day: string) => `${day.slice(0, 4)}-12-31`;

/** EAN-13 check digit of 12 digits: weights 1,3,1,3… from the left, mod 10. */
export function ean13CheckDigit(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return String((10 - (sum % 10)) % 10);
}

/** A card number: '2' (EAN prefix for numbers used inside one business) + 11 random digits + check. */
export function newCardNumber(): string {
  let digits = '2';
  for (let i = 0; i < 11; i++) digits += String(randomInt(10));
  return digits + ean13CheckDigit(digits);
}

const barcodes = new Map<string, string>();
const BARCODES_MAX = 1000;

/** The card number as an EAN-13 PNG (bwip-js), base64; rendered once per number and cached. */
export async function renderBarcode(cardNumber: string): Promise<string> {
  const cached = barcodes.get(cardNumber);
  if (cached) return cached;
  const png = await bwipjs.toBuffer({
    bcid: 'ean13',
    text: cardNumber,
    scale: 3,
    height: 22,
    includetext: true,
    textxalign: 'center',
    backgroundcolor: 'FFFFFF',
    paddingwidth: 10,
    paddingheight: 6,
  });
  const base64 = png.toString('base64');
  if (barcodes.size >= BARCODES_MAX) barcodes.delete(barcodes.keys().next().value as string);
  barcodes.set(cardNumber, base64);
  return base64;
}

/** Runs `fn` in the caller's transaction when `db` is one, else in a new transaction. */
function inTransaction<T>(db: Executor, fn: (trx: Executor) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

/**
 * The user's card in the shop, issuing it when missing. Safe when two calls race (the second
 * insert does nothing). A new number that collides with another card's is drawn again — except
 * inside a caller's transaction, where a failed insert would abort it: there one draw is made
 * (a collision among 10^11 numbers, after checking, is not a practical concern).
 */
export async function ensureCard(db: Executor, userId: number, shopId: number): Promise<LoyaltyCardRow> {
  const existing = await repo.findCardOfUser(db, userId, shopId);
  if (existing) return existing;
  const at = nowIso();
  const attempts = db.isTransaction ? 1 : 5;
  for (let attempt = 0; attempt < attempts; attempt++) {
    let cardNumber = newCardNumber();
    while (await repo.cardNumberTaken(db, cardNumber)) cardNumber = newCardNumber();
    try {
      await repo.insertCardIfMissing(db, {
        shop_id: shopId,
        user_id: userId,
        card_number: cardNumber,
        reset_date: collectionEnd(romeDay(new Date())),
        at,
      });
      break;
    } catch (error) {
      // Two new cards drew the same number: draw again.
      if (!isUniqueViolation(error) || attempt === attempts - 1) throw error;
    }
  }
  const card = await repo.findCardOfUser(db, userId, shopId);
  if (!card) throw new Error('loyalty card could not be issued');
  return card;
}

/** Closes a collection whose last day has passed: the score goes back to zero, once. */
async function rollOver(trx: Executor, card: LoyaltyCardRow, today: string): Promise<LoyaltyCardRow> {
  if (today <= card.reset_date) return card;
  const at = nowIso();
  const next = collectionEnd(today);
  const recorded = await repo.insertMovementOnce(trx, {
    card_id: card.id,
    points: -card.score,
    reason: 'reset',
    reference: `reset:${card.id}:${card.reset_date}`,
    at,
  });
  if (recorded) await repo.resetCard(trx, card.id, next, at);
  return (await repo.findCardById(trx, card.id)) ?? card;
}

export interface AwardResult {
  /** Points added now; 0 when this reference was rewarded before or there was nothing to award. */
  awarded: number;
  cardNumber: string;
  score: number;
}

/**
 * Adds points to the user's card in the shop (issuing it), once per (reason, reference): calling
 * it again for the same order or referral changes nothing. Pass a transaction to make the points
 * part of the caller's change (they exist exactly when it is committed).
 */
export async function awardPoints(
  db: Executor,
  input: { userId: number; shopId: number; points: number; reason: LoyaltyMovementReason; reference: string },
): Promise<AwardResult> {
  const points = Math.floor(input.points);
  const card = await ensureCard(db, input.userId, input.shopId);
  return inTransaction(db, async (trx) => {
    const current = await rollOver(trx, card, romeDay(new Date()));
    if (points <= 0 || !loyaltyCardEarns(cardState(current))) return { awarded: 0, cardNumber: current.card_number, score: current.score };
    const at = nowIso();
    const recorded = await repo.insertMovementOnce(trx, {
      card_id: current.id,
      points,
      reason: input.reason,
      reference: input.reference,
      at,
    });
    if (!recorded) return { awarded: 0, cardNumber: current.card_number, score: current.score };
    await repo.addToScore(trx, current.id, points, at);
    return { awarded: points, cardNumber: current.card_number, score: current.score + points };
  });
}

/** The fields of an order that decide its points (structural: the orders module passes its row). */
export interface OrderForPoints {
  id: number;
  user_id: number;
  shop_id: number;
  status: string;
  subtotal_cents: number;
  discount_cents: number;
  /** What the order's medicine lines cost: they earn no points (decision 0696). */
  medicine_cents: number;
}

/**
 * Points for a completed order: the goods actually paid that are not medicines (subtotal minus
 * medicines minus discount — a discount never touches a medicine —, delivery excluded) times the
 * shop's `loyalty_points_per_euro`, rounded down. Idempotent per order; an
 * order that is not completed earns nothing. Call it with the transaction that completes the
 * order, so the points and the status change commit together.
 */
export async function awardOrderPoints(db: Executor, order: OrderForPoints): Promise<AwardResult | undefined> {
  if (order.status !== 'completed') return undefined;
  const rate = await pointsPerEuro(db, order.shop_id);
  const card = await repo.findCardOfUser(db, order.user_id, order.shop_id);
  const points = orderLoyaltyPoints({
    paidCents: order.subtotal_cents - order.medicine_cents - order.discount_cents,
    pointsPerEuro: rate,
    card: card ? cardState(card) : { blocked: false },
  });
  if (points <= 0) return undefined;
  return awardPoints(db, { userId: order.user_id, shopId: order.shop_id, points, reason: 'order', reference: `order:${order.id}` });
}

/** The card as the contract's rules read it (decision 0531). */
export const cardState = (row: Pick<LoyaltyCardRow, 'blocked_at'>) => ({ blocked: row.blocked_at !== null });

async function toLoyaltyCard(row: LoyaltyCardRow): Promise<LoyaltyCard> {
  const { blocked } = cardState(row);
  return {
    card_id: row.card_number,
    score: row.score,
    // A blocked card has nothing to scan at the counter: the app says it is blocked instead.
    barcode: blocked ? null : await renderBarcode(row.card_number),
    blocked,
    updated_at: row.updated_at,
    reset_date: row.reset_date,
  };
}

/** `GET /fidelityCard`: the user's cards, the associated shop's first (rolled over when a collection ended). */
export async function listCards(db: Db, userId: number, shopId: number): Promise<LoyaltyCard[]> {
  const today = romeDay(new Date());
  const rows = await repo.listCardsOfUser(db, userId);
  rows.sort((a, b) => Number(b.shop_id === shopId) - Number(a.shop_id === shopId) || a.id - b.id);
  const cards: LoyaltyCard[] = [];
  for (const row of rows) {
    const current = today > row.reset_date ? await inTransaction(db, (trx) => rollOver(trx, row, today)) : row;
    cards.push(await toLoyaltyCard(current));
  }
  return cards;
}

/** `GET /fidelityCard/{id}`: one of the user's cards by its number; anybody else's is 404. */
export async function getCard(db: Db, userId: number, cardNumber: string): Promise<LoyaltyCard> {
  const row = await repo.findOwnCardByNumber(db, userId, cardNumber);
  if (!row) throw notFound(messages.loyalty.notFound);
  const today = romeDay(new Date());
  const current = today > row.reset_date ? await inTransaction(db, (trx) => rollOver(trx, row, today)) : row;
  return toLoyaltyCard(current);
}
