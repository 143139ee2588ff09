import { formatCents, formatDate, fillMessage, messages, promotionDay } from '@farmacia/contract';
import type { Executor } from '../../db/database.js';
import type { CatalogueProductInput } from './catalogue-input.js';
import { pricedOffers, promotionPrice } from './offer-price-history.js';

const M = messages.catalogueImport;

/**
 * The catalogue import's promotions (decision 0701): a row that puts or keeps a product on
 * promotion is struck through at the law's prior price, read from the shop's price history. An
 * empty or missing `prezzo_pieno` takes it; one that differs, a price not below it, or a product
 * not sold before the promotion rejects the row with the reason (never a silent change). Only the
 * rows that may be promotions are read — one statement per 500 of them.
 */
export async function settlePromotionPrices(
  db: Executor,
  shopId: number,
  inputs: readonly CatalogueProductInput[],
): Promise<{ inputs: CatalogueProductInput[]; refused: Map<string, string> }> {
  const refused = new Map<string, string>();
  // `promo` 1, or no `promo` column and a list price given (the stored offer may be on promotion).
  const candidates = inputs.filter((i) => i.promo === true || (i.promo === undefined && i.list_price_cents !== undefined));
  if (candidates.length === 0) return { inputs: [...inputs], refused };
  const offers = await pricedOffers(db, shopId, candidates.map((i) => i.codice_ministeriale));
  const today = promotionDay();
  const settled = new Map<string, number>();
  for (const input of candidates) {
    const offer = offers.get(input.codice_ministeriale);
    if (input.promo !== true && offer?.promo !== true) continue;
    const start = input.promo_start !== undefined ? input.promo_start : offer?.promo ? offer.promo_start : null;
    const price = promotionPrice(
      offer?.history ?? [],
      { priceCents: input.price_cents, start, typedCents: input.list_price_cents ?? null },
      today,
    );
    if (!('problem' in price)) settled.set(input.codice_ministeriale, price.listPriceCents);
    else if (price.problem === 'never-sold') refused.set(input.codice_ministeriale, fillMessage(M.promoNeverSold, { day: formatDate(price.day) }));
    else {
      const prior = formatCents(price.priorCents);
      const reason =
        price.problem === 'differs'
          ? fillMessage(M.listPriceNotPrior, { typed: formatCents(input.list_price_cents as number), prior })
          : price.problem === 'run-up'
            ? fillMessage(M.promoRunUp, { prior, today: formatCents(price.todayCents) })
            : fillMessage(M.promoNotBelowPrior, { price: formatCents(input.price_cents), prior });
      refused.set(input.codice_ministeriale, reason);
    }
  }
  const kept: CatalogueProductInput[] = [];
  for (const input of inputs) {
    if (refused.has(input.codice_ministeriale)) continue;
    const listPrice = settled.get(input.codice_ministeriale);
    kept.push(listPrice === undefined ? input : { ...input, list_price_cents: listPrice });
  }
  return { inputs: kept, refused };
}
