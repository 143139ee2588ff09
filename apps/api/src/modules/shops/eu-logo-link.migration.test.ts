import { describe, expect, it } from 'vitest';
import { testEngine } from '../../../test/build-test-app.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { createShop } from '../../../test/factories/users.js';
import { nowIso } from '../../db/column.js';
import * as m0105 from '../../db/migrations/0105_eu_logo_link_to_ministry_list.js';

describe(`migration 0105: the EU logo option becomes the shop's Ministry list link (${testEngine})`, () => {
  const t = useTestApp();

  it("moves the option's link to shops without one, keeps a link already set, and drops the option", async () => {
    const withOption = await createShop(t.app, 'Farmacia con logo');
    const withBoth = await createShop(t.app, 'Farmacia con scheda');
    const without = await createShop(t.app, 'Farmacia senza logo');
    await t.app.db.updateTable('shops').set({ ministry_list_url: 'https://www.salute.gov.it/scheda/2' }).where('id', '=', withBoth).execute();
    for (const shopId of [withOption, withBoth]) {
      await t.app.db
        .insertInto('options')
        .values({ shop_id: shopId, key: 'eu_logo_register_url', value: `https://www.salute.gov.it/vecchio/${shopId}`, updated_at: nowIso() })
        .execute();
    }

    await m0105.up(t.app.db);

    const links = await t.app.db
      .selectFrom('shops')
      .select(['id', 'ministry_list_url'])
      .where('id', 'in', [withOption, withBoth, without])
      .orderBy('id')
      .execute();
    expect(links).toEqual([
      { id: withOption, ministry_list_url: `https://www.salute.gov.it/vecchio/${withOption}` },
      { id: withBoth, ministry_list_url: 'https://www.salute.gov.it/scheda/2' },
      { id: without, ministry_list_url: null },
    ]);
    expect(await t.app.db.selectFrom('options').select('shop_id').where('key', '=', 'eu_logo_register_url').execute()).toEqual([]);
  });
});
