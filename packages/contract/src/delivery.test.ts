import { describe, expect, it } from 'vitest';
import {
  type CheckoutSelection,
  canSubmitCheckout,
  deliveryTypeNeedsAddress,
  enabledDeliveryTypes,
  orderShippingTypeOf,
  paymentTypesFor,
  shippingMethodsFor,
  shippingPrice,
  withDeliveryType,
} from './delivery.js';
import { ShippingConfigurationsSchema } from './shop.js';

const config = ShippingConfigurationsSchema.parse({
  deliveryTypes: {
    inShop: { enabled: true, label: 'Ritiro in farmacia', methods: [{ type: 'pickup', label: 'Ritiro', price: 0, free_above: null }] },
    vendingMachine: { enabled: false, label: 'Distributore', methods: [] },
    pickupPoint: { enabled: false, label: 'Punto di ritiro', methods: [] },
    address: {
      enabled: true,
      label: 'A domicilio',
      methods: [{ type: 'courier', label: 'Corriere', price: 5.9, free_above: 50 }],
    },
  },
  paymentTypes: {
    payInShop: { label: 'In farmacia', description: 'Paghi al ritiro', shippingTypes: ['inShop'] },
    nexi: { label: 'Carta', description: 'Carta di credito', shippingTypes: ['inShop', 'address'] },
  },
});

const ready: CheckoutSelection = { shippingType: 'inShop', shippingMethod: { type: 'pickup' }, paymentType: 'payInShop', address: null };

describe('checkout enabling rule (spec §4)', () => {
  it('needs delivery type, delivery method and payment type', () => {
    expect(canSubmitCheckout(ready)).toBe(true);
    expect(canSubmitCheckout({ ...ready, shippingType: null })).toBe(false);
    expect(canSubmitCheckout({ ...ready, shippingMethod: null })).toBe(false);
    expect(canSubmitCheckout({ ...ready, paymentType: '' })).toBe(false);
  });

  it('address and pickupPoint also need a selected address', () => {
    for (const shippingType of ['address', 'pickupPoint'] as const) {
      expect(canSubmitCheckout({ ...ready, shippingType })).toBe(false);
      expect(canSubmitCheckout({ ...ready, shippingType, address: 3 })).toBe(true);
      expect(canSubmitCheckout({ ...ready, shippingType, address: { id: 3 } })).toBe(true);
    }
    expect(canSubmitCheckout({ ...ready, shippingType: 'vendingMachine' })).toBe(true);
  });
});

describe('changing the delivery type (spec §4)', () => {
  it('resets the method and the payment type', () => {
    const next = withDeliveryType({ ...ready, address: 3 }, 'address');
    expect(next).toEqual({ shippingType: 'address', shippingMethod: null, paymentType: null, address: 3 });
  });

  it('drops the address when the new type takes none, and keeps everything when the type is the same', () => {
    const withAddress = { ...ready, shippingType: 'address' as const, address: 3 };
    expect(withDeliveryType(withAddress, 'inShop').address).toBeNull();
    expect(withDeliveryType(withAddress, 'address')).toBe(withAddress);
  });
});

describe('delivery helpers', () => {
  it('maps delivery types to the order shipping type', () => {
    expect(orderShippingTypeOf('inShop')).toBe('inShop');
    expect(orderShippingTypeOf('vendingMachine')).toBe('inShop');
    expect(orderShippingTypeOf('pickupPoint')).toBe('address');
    expect(orderShippingTypeOf('address')).toBe('address');
    expect(deliveryTypeNeedsAddress(null)).toBe(false);
  });

  it('lists enabled types, their methods and the payment types that allow them', () => {
    expect(enabledDeliveryTypes(config)).toEqual(['inShop', 'address']);
    expect(shippingMethodsFor(config, 'vendingMachine')).toEqual([]);
    expect(shippingMethodsFor(config, 'pickupPoint')).toEqual([]);
    expect(shippingMethodsFor(config, 'address').map((m) => m.type)).toEqual(['courier']);
    expect(paymentTypesFor(config, 'inShop')).toEqual(['payInShop', 'nexi']);
    expect(paymentTypesFor(config, 'address')).toEqual(['nexi']);
  });

  it('a method is free from its threshold up, compared in cents', () => {
    const courier = shippingMethodsFor(config, 'address')[0]!;
    expect(shippingPrice(courier, 49.99)).toBe(5.9);
    expect(shippingPrice(courier, 49.99 + 0.01)).toBe(0);
    expect(shippingPrice({ ...courier, free_above: null }, 1000)).toBe(5.9);
  });
});
