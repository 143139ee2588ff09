import { type CartUpdate, messages, orderPayableTotal } from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createVoucher, setShippingConfiguration } from '../../../test/factories/cart.js';
import { createTestPickupPoint } from '../../../test/factories/orders.js';
import { createUser } from '../../../test/factories/users.js';
import { type DomainContext, serviceContextWithShop } from '../../../test/service-context.js';
import type { CartOwner } from '../cart/cart-owner.js';
import { applyVoucher, getCart, setProductQuantity, updateCheckoutChoices } from '../cart/cart.service.js';
import { checkout } from './checkout.service.js';
import { getOrder } from './orders.service.js';

/**
 * The checkout as a service with a plain context (issue 16): the totals frozen into the order
 * (lines, delivery price, voucher) and the online-sale rule that keeps prescription orders at the
 * pharmacy (collection only, paid there — decisions 0221, 0400).
 */
describe('checkout, domain: totals and sale rules', () => {
  let d: DomainContext;
  let shopId: number;
  let pickupPoint: number;

  beforeAll(async () => {
    ({ d, shopId } = await serviceContextWithShop('Farmacia del Corso'));
    // Collection free, pickup point 2 €, card accepted for any delivery (TEST_SHIPPING).
    await setShippingConfiguration(d.ctx, shopId);
    pickupPoint = await createTestPickupPoint(d.ctx, shopId);
  });
  afterAll(() => d.close());

  async function customerWithCart(lines: Array<{ code: string; quantity: number }>, choices: CartUpdate): Promise<CartOwner> {
    const { user } = await createUser(d.ctx, { shopId });
    const owner = { userId: user.id, shopId };
    for (const line of lines) await setProductQuantity(d.ctx, owner, line.code, line.quantity);
    await updateCheckoutChoices(d.ctx, owner, choices);
    return owner;
  }
  const placeFor = (owner: CartOwner) => checkout(d.ctx, { id: owner.userId, shopId }, { note: null });
  const orderOf = (owner: CartOwner, id: number) => getOrder(d.ctx, { id: owner.userId, shopId }, id);

  it('freezes the lines, the delivery price and the voucher into the order, and empties the cart', async () => {
    const product = await createProduct(d.ctx, { priceCents: 1250 });
    const owner = await customerWithCart([{ code: product.code, quantity: 2 }], {
      shippingType: 'pickupPoint',
      shippingMethod: { type: 'punto' },
      paymentType: 'payInShop',
      address: pickupPoint,
    });
    const voucher = await createVoucher(d.ctx, shopId, { kind: 'percent', value: 10 });
    await applyVoucher(d.ctx, owner, voucher.code);

    const { id } = await placeFor(owner);
    const order = await orderOf(owner, id);
    // 2 × 12,50 € = 25,00 €, plus 2,00 € to the pickup point; 10 % off the lines: 2,50 €.
    expect(order).toMatchObject({ status: 'created', subTotal: 25, total: 27, discount_amount: 2.5, totalQuantity: 2 });
    expect(orderPayableTotal(order)).toBe(24.5);
    expect((await getCart(d.ctx, owner)).products).toEqual([]);
  });

  /** A customer whose cart holds one prescription-only medicine (8,00 €), with these choices. */
  async function prescriptionCart(choices: CartUpdate): Promise<CartOwner> {
    const medicine = await createProduct(d.ctx, { priceCents: 800, prescriptionOnly: true });
    return customerWithCart([{ code: medicine.code, quantity: 1 }], choices);
  }

  // [what is refused, the cart's choices, the errors by field]
  it.each<[string, () => CartUpdate, Record<string, string[]>]>([
    [
      'a pickup point for a prescription-only medicine: collected at the pharmacy only',
      () => ({ shippingType: 'pickupPoint', shippingMethod: { type: 'punto' }, paymentType: 'payInShop', address: pickupPoint }),
      { shippingType: [messages.saleRules.prescriptionPickupOnly] },
    ],
    [
      'an online payment for a prescription order: it is settled at the pharmacy',
      () => ({ shippingType: 'inShop', shippingMethod: { type: 'ritiro' }, paymentType: 'payOnline' }),
      { paymentType: [messages.orders.pharmacySettlement] },
    ],
  ])('refuses %s', async (_refused, choices, errors) => {
    const owner = await prescriptionCart(choices());
    await expect(placeFor(owner)).rejects.toMatchObject({ code: 'VALIDATION_FAILED', options: { errors } });
  });

  it('places a prescription order collected and paid at the pharmacy, marked as settled there', async () => {
    const owner = await prescriptionCart({ shippingType: 'inShop', shippingMethod: { type: 'ritiro' }, paymentType: 'payInShop' });
    const { id } = await placeFor(owner);
    const row = await d.ctx.db.selectFrom('orders').select(['requires_pharmacy_settlement', 'total_cents']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ requires_pharmacy_settlement: 1, total_cents: 800 });
  });
});
