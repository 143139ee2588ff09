import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testEngine } from '../../test/build-test-app.js';
import { buildCatalogueTestApp } from '../../test/factories/catalogue.js';
import { renderSearchHit } from '../modules/catalogue/catalogue.service.js';
import { SqliteFts5Search } from './sqlite-fts5.js';

/**
 * Decision 0691: once a query's lists, names and hits are kept and nothing was committed, the SQLite
 * adapter answers it at once — an outcome, not a promise — and that answer is the one it gave when it
 * first had to read them: a word, a word being typed, several words with the phrase check, a substring,
 * a typo and its correction, a later page.
 */
describe.skipIf(testEngine !== 'sqlite')('a search the SQLite adapter holds (sqlite)', () => {
  let t: TestApp;
  let search: SqliteFts5Search;
  let shopId: number;

  beforeAll(async () => {
    ({ t } = await buildCatalogueTestApp());
    search = SqliteFts5Search.open(t.config.databaseUrl, t.app.db);
    shopId = (await t.app.db.selectFrom('shops').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()).id;
    // The first two searches load the index and then take the database's data version as seen (as in sqlite-data-version.test.ts).
    for (let i = 0; i < 2; i++) await search.search({ shopId, text: 'oki', offset: 0, limit: 10 });
  });
  afterAll(async () => {
    await search.close();
    await t.close();
  });

  it('is answered at once, the same as when it was read', async () => {
    // [text, offset]: a word, a word being typed, several words, a substring, a typo, a later page.
    const asked: [string, number][] = [['tachipirina', 0], ['tachi', 0], ['tachipirina 500', 0], ['pirina', 0], ['tachiprina', 0], ['tachi', 10]];
    for (const [text, offset] of asked) {
      const request = { shopId, text, offset, limit: 10, renderHit: renderSearchHit };
      const read = await search.search(request);
      expect(read.total, text).toBeGreaterThan(0);
      const held = search.search(request);
      expect(held, text).not.toBeInstanceOf(Promise);
      expect(held, text).toEqual(read);
    }
  });
});
