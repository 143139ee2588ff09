import { AddressListResponseSchema } from '@farmacia/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app.js';
import { setOrderShipping } from '../../../test/factories/orders.js';
import { createPaymentOver, finalizingOrder, orderRow, postForm } from '../../../test/factories/payments.js';
import { bearer, createShop, createUser } from '../../../test/factories/users.js';
import { seedPickupPoints } from '../addresses/addresses.seed.js';
import { seedPaymentProviders } from './payments.seed.js';

describe('demo payment configuration', () => {
  const t = useTestApp();

  it('points the seeded shop at the sandbox, keeps the credentials private, and offers pickup points', async () => {
    const shopId = await createShop(t.app, 'Farmacia Demo');
    await setOrderShipping(t.app, shopId);
    await seedPaymentProviders(t.app, [{ id: shopId }]);
    await seedPickupPoints(t.app, [{ id: shopId }]);
    const customer = await createUser(t.app, { shopId });

    const order = await finalizingOrder(t.app, { userId: customer.user.id, shopId }, 'nexi');
    const { body } = await createPaymentOver(t.app, customer.token, 'nexi', order.id);
    // Sandbox mode: the sandbox, not the URL in the option.
    expect(body?.submit).toBe('/sandbox/nexi/ecomm/ecomm/DispatcherServlet');
    expect(body?.payload).toMatchObject({ alias: `ALIAS_DEMO_${String(shopId).padStart(5, '0')}` });
    const payload = body?.payload as Record<string, string>;
    await postForm(t.app, body?.submit as string, payload);
    await postForm(t.app, '/sandbox/nexi/ecomm/ecomm/decision', { codTrans: payload.codTrans, decision: 'approve' });
    expect(await orderRow(t.app, order.id)).toMatchObject({ status: 'confirmed', payment_valid: 1 });

    const options = await t.app.inject({ method: 'GET', url: `/api/optionsClean?shop_id=${shopId}` });
    expect(options.statusCode).toBe(200);
    expect(options.body).not.toContain('payment_providers');
    expect(options.body).not.toContain('demo-nexi-mac-key');
    expect((await t.app.inject({ method: 'GET', url: `/api/option/payment_providers?shop_id=${shopId}` })).statusCode).toBe(404);

    const list = AddressListResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/address', headers: bearer(customer.token) })).json());
    expect(list.data.filter((a) => a.system).map((a) => a.name)).toEqual([
      'Edicola Piazza Duomo',
      'Tabaccheria Porta Romana',
      'Locker Stazione Centrale',
    ]);
  });
});
