import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createVoucher, setShippingConfiguration } from '../../../test/factories/cart.js';
import { createUser } from '../../../test/factories/users.js';
import { type DomainContext, serviceContextWithShop } from '../../../test/service-context.js';
import type { CartOwner } from '../cart/cart-owner.js';
import { applyVoucher, setProductQuantity, updateCheckoutChoices } from '../cart/cart.service.js';
import { checkout } from '../orders/checkout.service.js';

/**
 * Voucher eligibility and use as services with a plain context (issue 16, spec §4 Voucher state):
 * a code that cannot apply is answered with its reason on the cart, never a discount; its limits
 * (per customer, in total) hold across carts and orders.
 */
describe('vouchers, domain: eligibility and use', () => {
  let d: DomainContext;
  let shopId: number;

  beforeAll(async () => {
    ({ d, shopId } = await serviceContextWithShop('Farmacia dei Colli'));
    await setShippingConfiguration(d.ctx, shopId);
  });
  afterAll(() => d.close());

  /** A new customer with `cents` worth of one product (a promotion when `promo`) in the cart. */
  async function cartOf(cents: number, promo = false): Promise<CartOwner> {
    const { user } = await createUser(d.ctx, { shopId });
    const owner = { userId: user.id, shopId };
    const product = await createProduct(d.ctx, { priceCents: cents, promo });
    await setProductQuantity(d.ctx, owner, product.code, 1);
    return owner;
  }
  const apply = async (owner: CartOwner, code: string) => (await applyVoucher(d.ctx, owner, code)).apply_voucher;

  it('applies an eligible code with its discount', async () => {
    const voucher = await createVoucher(d.ctx, shopId, { kind: 'percent', value: 20 });
    expect(await apply(await cartOf(3000), voucher.code)).toMatchObject({ type: 'success', discount_amount: 6 });
  });

  it('refuses a cart under the minimum, a cart of promotions only, an expired and an unknown code', async () => {
    const minimum = await createVoucher(d.ctx, shopId, { minimum_cart_total: 5000 });
    expect(await apply(await cartOf(2500), minimum.code)).toMatchObject({ type: 'minimum_cart_total', discount_amount: 0 });

    const noPromo = await createVoucher(d.ctx, shopId, { include_promo_product: 0 });
    expect(await apply(await cartOf(2500, true), noPromo.code)).toMatchObject({ type: 'no_eligible_products', discount_amount: 0 });

    const expired = await createVoucher(d.ctx, shopId, { ends_at: '2020-01-31T23:59:59.000Z' });
    expect(await apply(await cartOf(2500), expired.code)).toMatchObject({ type: 'expired', discount_amount: 0 });

    expect(await apply(await cartOf(2500), 'NONESISTE')).toMatchObject({ type: 'invalid', discount_amount: 0 });
  });

  it('lets a customer use a once-per-customer code once: the next cart is told it was used', async () => {
    const voucher = await createVoucher(d.ctx, shopId, { per_customer_limit: 1 });
    const owner = await cartOf(2500);
    expect(await apply(owner, voucher.code)).toMatchObject({ type: 'success' });
    await updateCheckoutChoices(d.ctx, owner, { shippingType: 'inShop', shippingMethod: { type: 'ritiro' }, paymentType: 'payInShop' });
    await checkout(d.ctx, { id: owner.userId, shopId }, { note: null });

    const product = await createProduct(d.ctx, { priceCents: 2500 });
    await setProductQuantity(d.ctx, owner, product.code, 1);
    expect(await apply(owner, voucher.code)).toMatchObject({ type: 'already_used', discount_amount: 0 });
  });

  it('gives the last use of a limited code to one cart only', async () => {
    const voucher = await createVoucher(d.ctx, shopId, { total_limit: 1 });
    expect(await apply(await cartOf(2500), voucher.code)).toMatchObject({ type: 'success' });
    expect(await apply(await cartOf(2500), voucher.code)).toMatchObject({ type: 'exhausted', discount_amount: 0 });
  });
});
