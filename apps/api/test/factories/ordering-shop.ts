import { buildTestApp, type TestApp } from '../build-test-app.js';
import { setOrderShipping } from './orders.js';
import { type CreatedUser, createShop, createUser } from './users.js';

/**
 * Where the order and payment suites start: a test app, a shop that ships orders (ORDER_SHIPPING)
 * and one of its customers. Apart from orders.ts so that the domain suites, which import that one,
 * never load the web framework.
 */
export async function orderingShop(shopName: string, customerName?: string): Promise<{ t: TestApp; shopId: number; customer: CreatedUser }> {
  const t = await buildTestApp();
  const shopId = await createShop(t.app, shopName);
  await setOrderShipping(t.app, shopId);
  const customer = await createUser(t.app, customerName === undefined ? { shopId } : { shopId, name: customerName });
  return { t, shopId, customer };
}
