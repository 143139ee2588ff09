import { addDays } from './calendar-day.js';
import { isPromotionRunning } from './promotion-period.js';

/*
 * Decision 0701: the struck-through price of a promotion is the price the law sets, not one the
 * pharmacist types. Codice del Consumo art. 17-bis (D.Lgs. 26/2023, Directive (EU) 2019/2161):
 * an announced reduction states the prior price, the lowest price applied to consumers in the 30
 * days before the reduction (or over the time the product has been on sale, when shorter); in a
 * progressive reduction of one uninterrupted campaign, the price before the first reduction.
 * Without zod, so the back office can explain it as the server computes it.
 */

/** Days before a promotion's first day whose prices count (art. 17-bis c. 1). */
export const PRIOR_PRICE_DAYS = 30;

/**
 * One state of a shop's offer, from the pharmacy's day ('YYYY-MM-DD', Rome) it was written on,
 * until the next state. A scheduled promotion needs no later write to apply: its period is here.
 */
export interface OfferPriceState {
  day: string;
  price_cents: number;
  list_price_cents: number | null;
  promo: boolean;
  promo_start: string | null;
  promo_end: string | null;
  on_sale: boolean;
}

/** What the law's prior price is for a promotion, and from which days it was read. */
export type PriorPrice =
  /** The lowest price applied from `from` to `to` (both inclusive), the days before the campaign began on `campaignStart`. */
  | { cents: number; basis: 'lowest'; from: string; to: string; campaignStart: string }
  /** The campaign was already running when the history began (migration 0143): its struck price as recorded then. */
  | { cents: number; basis: 'recorded'; campaignStart: string }
  /** Not sold on any day before the campaign: there is no price to strike through. */
  | { cents: null; basis: 'never-sold'; campaignStart: string };

/** The price a state sells at on `day` (decision 0530: outside its period a promotion sells at the list price); null when not on sale. */
export function appliedPrice(state: OfferPriceState, day: string): number | null {
  if (!state.on_sale) return null;
  if (state.promo && !isPromotionRunning({ start: state.promo_start, end: state.promo_end }, day) && state.list_price_cents !== null) {
    return state.list_price_cents;
  }
  return state.price_cents;
}

const isDiscounting = (state: OfferPriceState, day: string) =>
  state.on_sale && state.promo && isPromotionRunning({ start: state.promo_start, end: state.promo_end }, day);

/**
 * The prior price of a promotion whose first day is `firstDay`, from the offer's `history`
 * (oldest first; the last state goes on unchanged after its day). The campaign is followed back
 * while the day before it was already a promotion running (progressive reductions: the prior
 * price stays the first reduction's); then the lowest price applied on any day of the 30 before
 * it counts, a previous promotion's included.
 */
export function priorPrice(history: readonly OfferPriceState[], firstDay: string): PriorPrice {
  const first = history[0];
  if (first === undefined) return { cents: null, basis: 'never-sold', campaignStart: firstDay };
  // States written on `day`, and the one in force when it began (none before the history: the time on sale is shorter).
  const statesOn = (day: string): OfferPriceState[] => {
    let index = -1;
    while (index + 1 < history.length && (history[index + 1] as OfferPriceState).day < day) index++;
    const during = history.filter((s) => s.day === day);
    return index >= 0 ? [history[index] as OfferPriceState, ...during] : during;
  };
  const lastOn = (day: string) => statesOn(day).at(-1);

  let start = firstDay;
  for (;;) {
    const before = addDays(start, -1);
    const state = before < first.day ? undefined : lastOn(before);
    if (state === undefined || !isDiscounting(state, before)) break;
    start = before;
  }
  if (start <= first.day && isDiscounting(first, first.day) && first.list_price_cents !== null) {
    // Nothing before the campaign is recorded: keep what it announced when the history began.
    return { cents: first.list_price_cents, basis: 'recorded', campaignStart: start };
  }

  const from = addDays(start, -PRIOR_PRICE_DAYS);
  const to = addDays(start, -1);
  let lowest: number | null = null;
  for (let day = from; day <= to; day = addDays(day, 1)) {
    for (const state of statesOn(day)) {
      const price = appliedPrice(state, day);
      if (price !== null && (lowest === null || price < lowest)) lowest = price;
    }
  }
  if (lowest === null) return { cents: null, basis: 'never-sold', campaignStart: start };
  return { cents: lowest, basis: 'lowest', from, to, campaignStart: start };
}
