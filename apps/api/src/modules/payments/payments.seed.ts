import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../db/column.js';
import { PAYMENT_PROVIDERS_OPTION, type PaymentProvidersOption } from '../../payments/config.js';

/**
 * The demo shops' payment credentials (private option `payment_providers`): sandbox merchants of
 * the built-in sandbox, which PAYMENT_MODE=sandbox (the default) uses whatever URL is set here.
 * A shop going live replaces them with its real Nexi alias and MAC key, Axerve shopLogin and API
 * key, PayPal client id, secret and webhook id, and sets PAYMENT_MODE=live.
 */
export async function seedPaymentProviders(app: FastifyInstance, shops: ReadonlyArray<{ id: number }>): Promise<void> {
  for (const shop of shops) {
    const n = String(shop.id).padStart(5, '0');
    const value: PaymentProvidersOption = {
      nexi: { alias: `ALIAS_DEMO_${n}`, macKey: `demo-nexi-mac-key-${n}`, url: 'https://int-ecommerce.nexi.it/ecomm/ecomm/DispatcherServlet' },
      gestpay: { shopLogin: `GESPAY${n}`, apiKey: `demo-axerve-api-key-${n}`, apiUrl: 'https://sandbox.gestpay.net/api/v1' },
      paypal: {
        clientId: `demo-paypal-client-${n}`,
        clientSecret: `demo-paypal-secret-${n}`,
        webhookId: `WH-DEMO-${n}`,
        apiUrl: 'https://api-m.sandbox.paypal.com',
      },
    };
    const at = nowIso();
    await app.db
      .insertInto('options')
      .values({ shop_id: shop.id, key: PAYMENT_PROVIDERS_OPTION, value: JSON.stringify(value), updated_at: at })
      .onConflict((oc) => oc.columns(['shop_id', 'key']).doUpdateSet({ value: JSON.stringify(value), updated_at: at }))
      .execute();
  }
}
