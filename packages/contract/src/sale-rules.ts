import { saleRulesMessages } from './common/message-groups.js';
import { DELIVERY_TYPES, enabledDeliveryTypes, shippingMethodsFor } from './delivery-rules.js';
import { requiresPharmacySettlement } from './payment-rules.js';
import type { DeliveryType, ShippingConfigurations, ShippingMethodOption } from './shop.js';

/**
 * Which delivery an order may use under the Italian rules on online sale of medicines
 * (issue 15; decision 0400): D.Lgs. 219/2006 art. 112-quater allows distance sale of SOP/OTC
 * medicines only, by a pharmacy authorized by its Region and listed by the Ministry of Health.
 * One pure rule the server's checkout enforces and the app's checkout shows.
 */

/** The delivery method of a shop's own staff (`order_shipping_configurations` address method type). */
export const OWN_STAFF_DELIVERY_METHOD = 'pharmacyDelivery';

/** What the rule reads of the cart and of the shop. */
export interface SaleRuleInput {
  products: ReadonlyArray<MedicineFlags>;
  /** Electronic prescriptions (NRE) or prescription files attached to the cart. */
  prescriptions: number;
  shop: {
    /** `shops.ministry_authorization_code` is set: SOP/OTC may be sold at a distance. */
    ministryAuthorized: boolean;
    /** Option `prescription_staff_delivery` = '1': the shop's own staff may bring prescription orders home. */
    prescriptionStaffDelivery: boolean;
  };
}

/**
 * What the sale rules read of a product: its two prescription flags and `medicine`, the
 * catalogue's mark of a medicine that is neither (a homeopathic or veterinary medicine, D.Lgs.
 * 219/2006 art. 16–20 and D.Lgs. 218/2023; decision 0699). Flags as booleans or the tables' 0/1.
 */
export interface MedicineFlags {
  prescription_only: boolean | number;
  sop_otc: boolean | number;
  medicine: boolean | number;
}

/**
 * A medicine — prescription-only, SOP/OTC, or marked a medicine (homeopathic, veterinary) — as
 * against parapharmacy. Italian law forbids prize operations on medicines and wants every buyer to
 * pay a medicine the same price (art. 5 c. 2–3 D.L. 223/2006, conv. L. 248/2006; art. 32 D.L.
 * 201/2011): so no discount code is taken off a medicine and a medicine earns no loyalty points
 * (decision 0696). A shop's promotion, shown to everyone, is one price for every buyer and stays
 * allowed.
 */
export function isMedicine(product: MedicineFlags): boolean {
  return Boolean(product.prescription_only) || Boolean(product.sop_otc) || Boolean(product.medicine);
}

/**
 * What sets the order's delivery: prescriptions, medicines without prescription (SOP/OTC and the
 * homeopathic or veterinary ones: the distance sale of each needs the Ministry authorization,
 * decision 0699), or nothing (parapharmacy).
 */
export type SaleKind = 'prescription' | 'sopOtc' | 'free';

/**
 * The cart's `shipping_restriction` (its schema, ShippingRestrictionSchema, is in cart.ts: this
 * module stays schema-free for the checkout's start, decision 0579).
 */
export interface ShippingRestriction {
  /** Each refused delivery type with the Italian reason; a type not listed is allowed. */
  refusedTypes: Partial<Record<DeliveryType, string>>;
  /** When set, home delivery (`address`) is allowed with these method types only, for `reason`. */
  methodsOnly: { types: string[]; reason: string } | null;
}

/**
 * An order with prescriptions or prescription-only medicines is a reservation the pharmacy settles
 * and the customer collects (decision 0221: `requiresPharmacySettlement`, the one test of it).
 */
export function saleKindOf(input: Pick<SaleRuleInput, 'products' | 'prescriptions'>): SaleKind {
  if (requiresPharmacySettlement(input.prescriptions, input.products)) return 'prescription';
  return input.products.some(isMedicine) ? 'sopOtc' : 'free';
}

const refuseAllBut = (allowed: readonly DeliveryType[], reason: string): ShippingRestriction['refusedTypes'] =>
  Object.fromEntries(DELIVERY_TYPES.filter((t) => !allowed.includes(t)).map((t) => [t, reason]));

/**
 * The delivery the cart may use. Prescription orders are reservations collected at the pharmacy
 * (`inShop`), or brought home by the pharmacy's own staff when the shop enables it; never courier,
 * vending machine or pickup point. Medicines without prescription (SOP/OTC, homeopathic, veterinary)
 * leave the pharmacy only when the shop has its Ministry authorization. Parapharmacy is unrestricted.
 */
export function shippingRestriction(input: SaleRuleInput): ShippingRestriction {
  const m = saleRulesMessages;
  switch (saleKindOf(input)) {
    case 'prescription':
      if (!input.shop.prescriptionStaffDelivery) return { refusedTypes: refuseAllBut(['inShop'], m.prescriptionPickupOnly), methodsOnly: null };
      return {
        refusedTypes: refuseAllBut(['inShop', 'address'], m.prescriptionStaffOnly),
        methodsOnly: { types: [OWN_STAFF_DELIVERY_METHOD], reason: m.prescriptionStaffOnly },
      };
    case 'sopOtc':
      return input.shop.ministryAuthorized
        ? { refusedTypes: {}, methodsOnly: null }
        : { refusedTypes: refuseAllBut(['inShop'], m.sopOtcNotAuthorized), methodsOnly: null };
    case 'free':
      return { refusedTypes: {}, methodsOnly: null };
  }
}

/** Why a delivery type is refused, or null when it is allowed. */
export function shippingTypeRefusal(restriction: ShippingRestriction, type: DeliveryType): string | null {
  return restriction.refusedTypes[type] ?? null;
}

/** Why a delivery method of an allowed type is refused, or null when it is allowed. */
export function shippingMethodRefusal(restriction: ShippingRestriction, type: DeliveryType, method: string): string | null {
  const only = restriction.methodsOnly;
  return type === 'address' && only !== null && !only.types.includes(method) ? only.reason : null;
}

/** What a checkout offers among the shop's choices, and each refused one with its reason (Italian). */
export interface ShippingOffer<T> {
  offered: T[];
  refused: Array<{ choice: T; reason: string }>;
}

function split<T>(choices: readonly T[], refusal: (choice: T) => string | null): ShippingOffer<T> {
  const offer: ShippingOffer<T> = { offered: [], refused: [] };
  for (const choice of choices) {
    const reason = refusal(choice);
    if (reason === null) offer.offered.push(choice);
    else offer.refused.push({ choice, reason });
  }
  return offer;
}

/** The shop's enabled delivery types the rule allows for this cart, and the refused ones. */
export function allowedShippingTypes(config: ShippingConfigurations, restriction: ShippingRestriction): ShippingOffer<DeliveryType> {
  return split(enabledDeliveryTypes(config), (type) => shippingTypeRefusal(restriction, type));
}

/** The methods of an allowed delivery type the rule allows for this cart, and the refused ones. */
export function allowedShippingMethods(
  config: ShippingConfigurations,
  restriction: ShippingRestriction,
  type: DeliveryType,
): ShippingOffer<ShippingMethodOption> {
  return split(shippingMethodsFor(config, type), (method) => shippingMethodRefusal(restriction, type, method.type));
}
