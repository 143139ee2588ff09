import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.js';
import { buildCatalogueTestApp } from '../../../test/factories/catalogue.js';
import * as repo from './catalogue.repository.js';
import { renderSearchHit, SEARCH_HIT_PARTS } from './catalogue.service.js';
import type { ProductRecord } from './catalogue.table.js';

/**
 * A search hit in halves (decision 0604): PostgreSQL keeps each product's half and joins it with
 * the shop's offer on every search, so the join must be renderSearchHit's text byte for byte — for
 * every product of the test catalogue, and with another offer than the one the half was cut from
 * (a field of the shop's left in the product's half would show a stale price or stock).
 */

let t: TestApp;
let records: ProductRecord[];

beforeAll(async () => {
  const built = await buildCatalogueTestApp();
  t = built.t;
  const shop = await t.app.db.selectFrom('shops').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
  const read = await repo.findProductsByCodes(t.app.db, shop.id, built.products.map((p) => p.codice_ministeriale));
  // As a search reads them: whether the shop sells it is not a field of a search hit.
  records = read.map(({ on_sale: _onSale, offered: _offered, ...record }) => record);
});
afterAll(() => t.close());

function joined(product: readonly string[], offer: readonly string[]): string {
  expect(product).toHaveLength(offer.length + 1);
  return product.reduce((hit, part, i) => hit + (i > 0 ? offer[i - 1] : '') + part);
}

/** Offers unlike the catalogue's: another price, no stock, a promotion with a higher and a lower list price, odd cents. */
const OTHER_OFFERS: Partial<ProductRecord>[] = [
  { price_cents: 1, list_price_cents: null, stock: 0, promo: 0 },
  { price_cents: 1234, list_price_cents: 2000, stock: 7, promo: 1 },
  { price_cents: 1234, list_price_cents: 1000, stock: 150, promo: 1 },
  { price_cents: 999.5, list_price_cents: 1500.25, stock: 3, promo: 1 },
  { price_cents: 50_000, list_price_cents: 60_000, stock: 12, promo: 0 },
];

describe('search hit halves', () => {
  it('join into renderSearchHit for every product of the test catalogue', () => {
    expect(records.length).toBe(500);
    for (const record of records) {
      expect(joined(SEARCH_HIT_PARTS.product(record), SEARCH_HIT_PARTS.offer(record))).toBe(renderSearchHit(record));
    }
  });

  it("join a product's half with any other offer of it into that offer's hit", () => {
    for (const record of records) {
      const product = SEARCH_HIT_PARTS.product(record);
      for (const other of OTHER_OFFERS) {
        const offered = { ...record, ...other };
        expect(joined(product, SEARCH_HIT_PARTS.offer(offered))).toBe(renderSearchHit(offered));
      }
    }
  });

});
