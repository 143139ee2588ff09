import { describe, expect, it } from 'vitest';
import { messages } from './common/messages.js';
import {
  allowedShippingMethods,
  allowedShippingTypes,
  isMedicine,
  OWN_STAFF_DELIVERY_METHOD,
  type SaleRuleInput,
  saleKindOf,
  shippingMethodRefusal,
  shippingRestriction,
  shippingTypeRefusal,
} from './sale-rules.js';
import { DELIVERY_TYPES, ShippingConfigurationsSchema } from './shop.js';

const m = messages.saleRules;
const rx = { prescription_only: true, sop_otc: false, medicine: true };
const otc = { prescription_only: false, sop_otc: true, medicine: true };
const para = { prescription_only: false, sop_otc: false, medicine: false };
/** A homeopathic (or veterinary) medicine without prescription: neither flag, still a medicine (decision 0699). */
const homeo = { prescription_only: false, sop_otc: false, medicine: true };

type Row = [name: string, input: Omit<SaleRuleInput, 'shop'>, authorized: boolean, staff: boolean, refused: Record<string, string>];
const pickupOnly = { vendingMachine: m.prescriptionPickupOnly, pickupPoint: m.prescriptionPickupOnly, address: m.prescriptionPickupOnly };
const staffOnly = { vendingMachine: m.prescriptionStaffOnly, pickupPoint: m.prescriptionStaffOnly };
const notAuthorized = { vendingMachine: m.sopOtcNotAuthorized, pickupPoint: m.sopOtcNotAuthorized, address: m.sopOtcNotAuthorized };

const table: Row[] = [
  ['parapharmacy, no authorization', { products: [para], prescriptions: 0 }, false, false, {}],
  ['parapharmacy, authorized', { products: [para], prescriptions: 0 }, true, false, {}],
  ['empty cart', { products: [], prescriptions: 0 }, false, false, {}],
  ['SOP/OTC, authorized', { products: [otc, para], prescriptions: 0 }, true, false, {}],
  ['SOP/OTC, not authorized', { products: [para, otc], prescriptions: 0 }, false, true, notAuthorized],
  ['homeopathic, authorized', { products: [homeo, para], prescriptions: 0 }, true, false, {}],
  ['homeopathic, not authorized', { products: [para, homeo], prescriptions: 0 }, false, false, notAuthorized],
  ['prescription-only medicine', { products: [rx], prescriptions: 0 }, true, false, pickupOnly],
  ['prescription-only among others, not authorized', { products: [para, otc, rx], prescriptions: 0 }, false, false, pickupOnly],
  ['an attached prescription only', { products: [], prescriptions: 1 }, true, false, pickupOnly],
  ['a prescription with parapharmacy', { products: [para], prescriptions: 2 }, true, false, pickupOnly],
  ['prescription, staff delivery on', { products: [rx], prescriptions: 0 }, true, true, staffOnly],
  ['attached prescription, staff delivery on, not authorized', { products: [], prescriptions: 1 }, false, true, staffOnly],
];

describe('online-sale rule (D.Lgs. 219/2006 art. 112-quater; decision 0400)', () => {
  it.each(table)('%s', (_name, input, ministryAuthorized, prescriptionStaffDelivery, refused) => {
    const r = shippingRestriction({ ...input, shop: { ministryAuthorized, prescriptionStaffDelivery } });
    expect(r.refusedTypes).toEqual(refused);
    for (const type of DELIVERY_TYPES) expect(shippingTypeRefusal(r, type)).toBe(refused[type] ?? null);
    // The pharmacy counter is always allowed.
    expect(shippingTypeRefusal(r, 'inShop')).toBeNull();
  });

  it('with staff delivery, home delivery takes only the own-staff method', () => {
    const r = shippingRestriction({ products: [rx], prescriptions: 0, shop: { ministryAuthorized: true, prescriptionStaffDelivery: true } });
    expect(shippingMethodRefusal(r, 'address', OWN_STAFF_DELIVERY_METHOD)).toBeNull();
    expect(shippingMethodRefusal(r, 'address', 'courier')).toBe(m.prescriptionStaffOnly);
    expect(shippingMethodRefusal(r, 'inShop', 'ritiro')).toBeNull();
  });

  it('restricts no method elsewhere', () => {
    const shop = { ministryAuthorized: true, prescriptionStaffDelivery: false };
    for (const input of [{ products: [otc], prescriptions: 0 }, { products: [rx], prescriptions: 0 }]) {
      expect(shippingMethodRefusal(shippingRestriction({ ...input, shop }), 'address', 'courier')).toBeNull();
    }
  });

  it('names what sets the delivery', () => {
    expect(saleKindOf({ products: [otc], prescriptions: 1 })).toBe('prescription');
    expect(saleKindOf({ products: [otc, rx], prescriptions: 0 })).toBe('prescription');
    expect(saleKindOf({ products: [para, otc], prescriptions: 0 })).toBe('sopOtc');
    expect(saleKindOf({ products: [para], prescriptions: 0 })).toBe('free');
    expect(saleKindOf({ products: [para, homeo], prescriptions: 0 })).toBe('sopOtc');
  });
});

describe('what a medicine is (decision 0699)', () => {
  it('is prescription-only, SOP/OTC, or marked a medicine (homeopathic, veterinary); parapharmacy is not', () => {
    expect(isMedicine(homeo)).toBe(true);
    // Each flag alone, as the tables' 0/1 too: a row stored before the mark was always set is still a medicine.
    expect(isMedicine({ prescription_only: 1, sop_otc: 0, medicine: 0 })).toBe(true);
    expect(isMedicine({ prescription_only: 0, sop_otc: 1, medicine: 0 })).toBe(true);
    expect(isMedicine({ prescription_only: 0, sop_otc: 0, medicine: 1 })).toBe(true);
    expect(isMedicine(para)).toBe(false);
  });
});

describe('what the checkout offers', () => {
  const config = ShippingConfigurationsSchema.parse({
    deliveryTypes: {
      inShop: { enabled: true, label: 'Ritiro', methods: [{ type: 'ritiro', label: 'Ritiro', price: 0, free_above: null }] },
      vendingMachine: { enabled: false, label: 'Distributore', methods: [] },
      pickupPoint: { enabled: true, label: 'Punto di ritiro', methods: [{ type: 'punto', label: 'Punto', price: 2, free_above: null }] },
      address: {
        enabled: true,
        label: 'A domicilio',
        methods: [
          { type: 'courier', label: 'Corriere', price: 5.9, free_above: null },
          { type: OWN_STAFF_DELIVERY_METHOD, label: 'Fattorino', price: 3, free_above: null },
        ],
      },
    },
    paymentTypes: {},
  });

  it("offers the shop's enabled types the rule allows, and lists the refused ones with the reason", () => {
    const shop = { ministryAuthorized: true, prescriptionStaffDelivery: false };
    expect(allowedShippingTypes(config, shippingRestriction({ products: [para], prescriptions: 0, shop }))).toEqual({
      offered: ['inShop', 'pickupPoint', 'address'],
      refused: [],
    });
    // A disabled type (vendingMachine) is neither offered nor explained.
    expect(allowedShippingTypes(config, shippingRestriction({ products: [rx], prescriptions: 0, shop }))).toEqual({
      offered: ['inShop'],
      refused: [
        { choice: 'pickupPoint', reason: m.prescriptionPickupOnly },
        { choice: 'address', reason: m.prescriptionPickupOnly },
      ],
    });
  });

  it('offers only the own-staff method for prescription orders of a shop that delivers them', () => {
    const r = shippingRestriction({ products: [], prescriptions: 1, shop: { ministryAuthorized: false, prescriptionStaffDelivery: true } });
    const methods = allowedShippingMethods(config, r, 'address');
    expect(methods.offered.map((x) => x.type)).toEqual([OWN_STAFF_DELIVERY_METHOD]);
    expect(methods.refused).toEqual([{ choice: expect.objectContaining({ type: 'courier' }), reason: m.prescriptionStaffOnly }]);
    expect(allowedShippingMethods(config, r, 'inShop').offered.map((x) => x.type)).toEqual(['ritiro']);
  });
});
