import { euLogoLinkOf, ShopLegalBodySchema, ShopLegalResponseSchema, ShopsResponseSchema } from '@farmacia/contract';
import { describe, expect, it } from 'vitest';
import { testEngine } from '../../../test/build-test-app.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { seedDemo } from '../../db/seed/index.js';

describe(`demo pharmacy: the seller's legal data (${testEngine})`, () => {
  const t = useTestApp({ outboxWorker: false, demoCatalogueSize: 30 }, seedDemo);

  it('gives every demo shop complete legal data that the back office would accept as it is, and the EU logo', async () => {
    const shops = ShopsResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/shops' })).json()).data;
    expect(shops).toHaveLength(2);
    for (const shop of shops) {
      const legal = ShopLegalResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/api/shop/legal?shop_id=${shop.id}` })).json()).data;
      const { shop_id, shop_name, email, phone, ...editable } = legal;
      expect(Object.values(editable).every(Boolean), shop.name).toBe(true);
      expect(ShopLegalBodySchema.parse(editable)).toEqual(editable);
      expect(euLogoLinkOf(legal)).toMatch(/^https:\/\/www\.salute\.gov\.it\//);
      expect(email).toMatch(/@/);
    }
  });
});
