import { describe, expect, it } from 'vitest';
import {
  CART_QUANTITY_CHOICES,
  CartProductParamsSchema,
  CartQuantityBodySchema,
  CartUpdateBodySchema,
  cartBadgeCount,
  isCartEmpty,
  isCartRemoval,
} from './cart.js';
import { messages } from './common/messages.js';

describe('cart quantity 0..10', () => {
  it('offers the choices 0 to 10', () => {
    expect(CART_QUANTITY_CHOICES).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('accepts 0 and 10, refuses 11 and fractions with the range message', () => {
    expect(CartQuantityBodySchema.parse({ quantity: 0 })).toEqual({ quantity: 0 });
    expect(CartQuantityBodySchema.parse({ quantity: 10 })).toEqual({ quantity: 10 });
    for (const quantity of [11, 1.5, '3', null, undefined]) {
      expect(CartQuantityBodySchema.safeParse({ quantity }).error?.issues[0]?.message).toBe(messages.cart.quantityRange);
    }
  });

  it('accepts negative integers, which remove the product like 0', () => {
    expect(CartQuantityBodySchema.parse({ quantity: -3 })).toEqual({ quantity: -3 });
    expect(isCartRemoval(-3)).toBe(true);
    expect(isCartRemoval(0)).toBe(true);
    expect(isCartRemoval(1)).toBe(false);
  });
});

describe('cart product code param', () => {
  it('accepts ministerial codes and refuses path tricks', () => {
    expect(CartProductParamsSchema.parse({ code: '012745093' })).toEqual({ code: '012745093' });
    for (const code of ['', '../x', 'a b', 'x'.repeat(21)]) expect(CartProductParamsSchema.safeParse({ code }).success).toBe(false);
  });
});

describe('PUT /cart body', () => {
  it('keeps absent keys absent and null as a clear', () => {
    expect(CartUpdateBodySchema.parse({})).toEqual({});
    expect(CartUpdateBodySchema.parse({ shippingType: null, address: null, shippingMethod: null, paymentType: null })).toEqual({
      shippingType: null,
      address: null,
      shippingMethod: null,
      paymentType: null,
    });
  });

  it('reads the shipping method as JSON text or object', () => {
    const method = { type: 'courier', label: 'Corriere', price: 5.9 };
    expect(CartUpdateBodySchema.parse({ shippingMethod: JSON.stringify(method) }).shippingMethod).toEqual(method);
    expect(CartUpdateBodySchema.parse({ shippingMethod: { type: 'courier' } }).shippingMethod).toEqual({ type: 'courier' });
    expect(CartUpdateBodySchema.safeParse({ shippingMethod: '{bad json' }).success).toBe(false);
    expect(CartUpdateBodySchema.safeParse({ shippingMethod: { label: 'x' } }).error?.issues[0]?.message).toBe(
      messages.checkout.selectDeliveryMethod,
    );
  });

  it('checks delivery and payment types and the address id', () => {
    expect(CartUpdateBodySchema.parse({ shippingType: 'pickupPoint', address: '4', paymentType: 'nexi' })).toEqual({
      shippingType: 'pickupPoint',
      address: 4,
      paymentType: 'nexi',
    });
    expect(CartUpdateBodySchema.safeParse({ shippingType: 'drone' }).success).toBe(false);
    expect(CartUpdateBodySchema.safeParse({ paymentType: 'bitcoin' }).error?.issues[0]?.message).toBe(
      messages.checkout.selectPaymentType,
    );
    expect(CartUpdateBodySchema.safeParse({ address: 0 }).success).toBe(false);
  });
});

describe('cart badge (spec §2)', () => {
  it('sums quantities plus prescriptions plus product requests', () => {
    const cart = {
      products: [{ quantity: 2 }, { quantity: 3 }],
      prescriptions: [{}],
      product_requests: [{}, {}],
    } as unknown as Parameters<typeof cartBadgeCount>[0];
    expect(cartBadgeCount(cart)).toBe(8);
    expect(cartBadgeCount(null)).toBe(0);
  });
});

describe('empty cart', () => {
  it('is empty only with no product, no prescription and no product request', () => {
    const cart = (products: number, prescriptions: number, requests: number) =>
      ({
        products: Array(products).fill({ quantity: 1 }),
        prescriptions: Array(prescriptions).fill({}),
        product_requests: Array(requests).fill({}),
      }) as unknown as Parameters<typeof isCartEmpty>[0];
    expect(isCartEmpty(cart(0, 0, 0))).toBe(true);
    expect(isCartEmpty(cart(1, 0, 0))).toBe(false);
    expect(isCartEmpty(cart(0, 1, 0))).toBe(false);
    expect(isCartEmpty(cart(0, 0, 1))).toBe(false);
  });
});
