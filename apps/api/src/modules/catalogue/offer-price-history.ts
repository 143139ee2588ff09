import { appliedPrice, type OfferPriceState, type PriorPrice, priorPrice, promotionDay } from '@farmacia/contract';
import type { Generated } from 'kysely';
import type { Executor } from '../../db/database.js';
import { insertRows } from '../../db/multi-row-insert.js';
import type { ProductOfferRow } from './catalogue.table.js';

/**
 * Each shop's price history (migration 0143, decision 0701): the states an offer sold at, and
 * the law's struck-through price of a promotion read from them.
 */

/** One state of an offer, from `at` (the write's instant) until the next one. */
export interface OfferPriceHistoryTable {
  id: Generated<number>;
  shop_id: number;
  product_id: number;
  at: string;
  price_cents: number;
  list_price_cents: number | null;
  promo: number;
  promo_start: string | null;
  promo_end: string | null;
  on_sale: number;
}

export interface OfferPriceHistoryTables {
  offer_price_history: OfferPriceHistoryTable;
}

const STATE_COLUMNS = ['price_cents', 'list_price_cents', 'promo', 'promo_start', 'promo_end', 'on_sale'] as const;

/** Whether a write changes what the offer sells at (a new offer always does); stock alone does not. */
export function priceStateChanged(before: ProductOfferRow | undefined, after: ProductOfferRow): boolean {
  return before === undefined || STATE_COLUMNS.some((column) => before[column] !== after[column]);
}

/** Rows a statement (9 parameters a row, under SQLite's 32,766). */
const INSERT_ROWS = 2000;

const HISTORY_COLUMNS = ['shop_id', 'product_id', 'at', ...STATE_COLUMNS] as const;

/**
 * Records the offers' new states at `at`, one multi-row statement per 2,000 offers (`insertRows`,
 * as the products' insert): an import records up to 250,000.
 */
export async function recordOfferStates(db: Executor, offers: readonly ProductOfferRow[], at: string): Promise<void> {
  for (let start = 0; start < offers.length; start += INSERT_ROWS) {
    await insertRows(db, 'offer_price_history', HISTORY_COLUMNS, offers.slice(start, start + INSERT_ROWS), (o, column) =>
      column === 'at' ? at : o[column],
    );
  }
}

/** A shop's offer of a product as it stands, with its history (oldest first) — what the law's rule reads. */
export interface PricedOffer {
  code: string;
  promo: boolean;
  promo_start: string | null;
  history: OfferPriceState[];
}

/** Codes per read. */
const READ_CODES = 500;

/** The offers of shop `shopId` of these products (by code) with their histories; a code the shop has no offer of is left out. */
export async function pricedOffers(db: Executor, shopId: number, codes: readonly string[]): Promise<Map<string, PricedOffer>> {
  const offers = new Map<string, PricedOffer>();
  for (let start = 0; start < codes.length; start += READ_CODES) {
    const rows = await db
      .selectFrom('products as p')
      .innerJoin('product_offers as o', (j) => j.onRef('o.product_id', '=', 'p.id').on('o.shop_id', '=', shopId))
      .leftJoin('offer_price_history as h', (j) => j.onRef('h.product_id', '=', 'o.product_id').onRef('h.shop_id', '=', 'o.shop_id'))
      .select([
        'p.codice_ministeriale as code',
        'o.promo as offer_promo',
        'o.promo_start as offer_promo_start',
        'h.at',
        'h.price_cents',
        'h.list_price_cents',
        'h.promo',
        'h.promo_start',
        'h.promo_end',
        'h.on_sale',
      ])
      .where('p.codice_ministeriale', 'in', codes.slice(start, start + READ_CODES))
      .orderBy('p.id')
      .orderBy('h.at')
      .orderBy('h.id')
      .execute();
    for (const row of rows) {
      let offer = offers.get(row.code);
      if (offer === undefined) {
        offer = { code: row.code, promo: row.offer_promo === 1, promo_start: row.offer_promo_start, history: [] };
        offers.set(row.code, offer);
      }
      if (row.at === null) continue;
      offer.history.push({
        day: promotionDay(new Date(row.at)),
        price_cents: row.price_cents as number,
        list_price_cents: row.list_price_cents,
        promo: row.promo === 1,
        promo_start: row.promo_start,
        promo_end: row.promo_end,
        on_sale: row.on_sale === 1,
      });
    }
  }
  return offers;
}

/** Why a promotion cannot be announced at this price, or the struck-through price the law sets. */
export type PromotionPrice =
  | { listPriceCents: number; prior: PriorPrice }
  | { problem: 'never-sold'; day: string }
  | { problem: 'not-above'; priorCents: number }
  | { problem: 'differs'; priorCents: number }
  | { problem: 'run-up'; priorCents: number; todayCents: number };

/**
 * The law's struck-through price of a promotion at `priceCents` starting `start` (null = open), on
 * an offer with this `history`; `typedCents`, when the pharmacist gave one, must be it. A start in
 * the past counts from today: the days before were sold as the history says. Until a scheduled
 * promotion starts, the offer sells at its struck price (decision 0530): one that would change
 * today's price that way is refused rather than done silently.
 */
export function promotionPrice(
  history: readonly OfferPriceState[],
  promotion: { priceCents: number; start: string | null; typedCents?: number | null },
  today: string = promotionDay(),
): PromotionPrice {
  const firstDay = promotion.start !== null && promotion.start > today ? promotion.start : today;
  const prior = priorPrice(history, firstDay);
  if (prior.cents === null) return { problem: 'never-sold', day: prior.campaignStart };
  if (prior.cents <= promotion.priceCents) return { problem: 'not-above', priorCents: prior.cents };
  if (promotion.typedCents != null && promotion.typedCents !== prior.cents) return { problem: 'differs', priorCents: prior.cents };
  const last = history.at(-1);
  const todayCents = firstDay > today && last !== undefined ? appliedPrice(last, today) : null;
  if (todayCents !== null && todayCents !== prior.cents) return { problem: 'run-up', priorCents: prior.cents, todayCents };
  return { listPriceCents: prior.cents, prior };
}

/** Records the state of every offer of shop `shopId` now, in one statement: after a write that went around the writer (the demo seed). */
export async function recordShopStates(db: Executor, shopId: number, at: string): Promise<void> {
  await db
    .insertInto('offer_price_history')
    .columns(['shop_id', 'product_id', 'at', ...STATE_COLUMNS])
    .expression((eb) =>
      eb
        .selectFrom('product_offers')
        .select(['shop_id', 'product_id', eb.val(at).as('at'), ...STATE_COLUMNS])
        .where('shop_id', '=', shopId)
        .orderBy('product_id'),
    )
    .execute();
}
