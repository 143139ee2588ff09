import { isPromotionRunning } from '@farmacia/contract';
import type { ProductRecord } from '../modules/catalogue/index.js';

/**
 * The columns of a hit as the products table stores them (categories by id), in the order
 * {@link hitFromRow} reads them. Both adapters select exactly these, as an array row.
 */
export const HIT_COLUMNS = [
  'codice_ministeriale', 'nome_prodotto', 'descrizione_ditta_1_produttrice', 'descrizione_atc', 'descrizione_pricipio_attivo',
  'price_cents', 'list_price_cents', 'stock', 'image', 'prescription_only', 'sop_otc', 'promo', 'rank', 'updated_at',
  'cat1_id', 'cat2_id', 'cat3_id', 'cat4_id', 'promo_start', 'promo_end', 'medicine',
] as const;

/** Columns of a hit that are the shop's offer, not the master's (issue 18; the promotion period too, migration 0131). */
const OFFER_COLUMNS = new Set<string>(['price_cents', 'list_price_cents', 'stock', 'promo', 'promo_start', 'promo_end']);

/**
 * {@link HIT_COLUMNS} as a select list over the master `p` joined to a shop's offer `o`: the
 * offer's price, list price, stock and promotion, the master's everything else.
 */
export const HIT_SELECT = HIT_COLUMNS.map((c) => (OFFER_COLUMNS.has(c) ? `o.${c}` : `p.${c}`)).join(', ');

/**
 * {@link HIT_COLUMNS} of a hit whose product's half is kept (decision 0675): the offer `o`'s
 * columns, the rank given as the SQL expression `rank`, the master's columns null — the master is
 * not read at all.
 */
export const offerOnlyHitSelect = (rank: string) =>
  HIT_COLUMNS.map((c) => (OFFER_COLUMNS.has(c) ? `o.${c}` : c === 'rank' ? rank : 'null')).join(', ');

/**
 * Where the master's columns are in {@link HIT_COLUMNS} (the rank aside): what a kept hit's row
 * takes from the master's row kept for it (decision 0675).
 */
export const MASTER_POSITIONS: readonly number[] = HIT_COLUMNS.flatMap((c, i) => (OFFER_COLUMNS.has(c) || c === 'rank' ? [] : [i]));

/** Category names and slugs by id, kept in memory by the adapters (four joins per hit cost more than the search). */
export type CategoryNames = ReadonlyMap<number, { name: string; slug: string }>;

/** The category of id `id` (a row's column: null when the product has none at that level). */
const categoryOf = (categories: CategoryNames, id: unknown) => (id === null || id === undefined ? undefined : categories.get(id as number));

/**
 * The product of an array row holding {@link HIT_COLUMNS} from position `at` on, its promotion
 * and price as they apply on `today` (decision 0530, as the catalogue's own reads): a page's
 * `promotionDay()`, asked once for all its rows — the day read per row (a date and a copy of the clock's
 * answer) and a closure per row were ~0.6 KB of young generation a hit (issue 18).
 */
export function hitFromRow(r: readonly unknown[], at: number, categories: CategoryNames, today: string): ProductRecord {
  const c1 = categoryOf(categories, r[at + 14]);
  const c2 = categoryOf(categories, r[at + 15]);
  const c3 = categoryOf(categories, r[at + 16]);
  const c4 = categoryOf(categories, r[at + 17]);
  const promo_start = r[at + 18] as string | null;
  const promo_end = r[at + 19] as string | null;
  const storedPromo = r[at + 11] === 1;
  const listPrice = r[at + 6] as number | null;
  // A promotion outside its period is off: the product sells at its full price.
  const running = storedPromo && isPromotionRunning({ start: promo_start, end: promo_end }, today);
  const offPeriod = storedPromo && !running && listPrice !== null;
  return {
    codice_ministeriale: r[at] as string,
    nome_prodotto: r[at + 1] as string,
    descrizione_ditta_1_produttrice: r[at + 2] as string | null,
    descrizione_atc: r[at + 3] as string | null,
    descrizione_pricipio_attivo: r[at + 4] as string | null,
    price_cents: offPeriod ? listPrice : (r[at + 5] as number),
    list_price_cents: r[at + 6] as number | null,
    stock: r[at + 7] as number,
    image: r[at + 8] as string | null,
    prescription_only: r[at + 9] as number,
    sop_otc: r[at + 10] as number,
    medicine: r[at + 20] as number,
    promo: running ? 1 : 0,
    promo_start,
    promo_end,
    rank: r[at + 12] as number,
    updated_at: r[at + 13] as string,
    cat1_name: c1?.name ?? null,
    cat1_slug: c1?.slug ?? null,
    cat2_name: c2?.name ?? null,
    cat2_slug: c2?.slug ?? null,
    cat3_name: c3?.name ?? null,
    cat3_slug: c3?.slug ?? null,
    cat4_name: c4?.name ?? null,
    cat4_slug: c4?.slug ?? null,
  };
}
