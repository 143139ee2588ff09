import { type RawBuilder, sql } from 'kysely';
import { type SaleRuleInput, type ShippingConfigurations, type ShippingRestriction, shippingRestriction } from '@farmacia/contract';
import type { ProductRecord } from '../catalogue/index.js';
import { storedOptionValue } from '../shops/index.js';
import type { ServiceContext } from '../../context.js';
import { preparedQuery } from '../../db/prepared-query.js';

/** What a cart needs of its shop: the delivery configuration and the shop's side of the online-sale rule. */
export interface CartShopSettings {
  shippingConfig: ShippingConfigurations | null;
  sale: SaleRuleInput['shop'];
}

/**
 * What a cart needs of its shop as three columns of any statement that knows the shop's id (`shopId`:
 * an SQL reference to it): the Ministry authorization (a shop column) and two options. The cart's
 * own statement carries them too (decision 0599); here they are written once for both.
 */
export function shopSettingsColumns(shopId: RawBuilder<unknown>) {
  const option = (key: string) =>
    sql<string | null>`(select o.value from options o where o.shop_id = ${shopId} and o.key = ${sql.lit(key)})`;
  return [
    sql<string | null>`(select s.ministry_authorization_code from shops s where s.id = ${shopId})`.as('ministry_authorization_code'),
    option('order_shipping_configurations').as('shipping'),
    option('prescription_staff_delivery').as('staff_delivery'),
  ];
}

// When no cart statement carried them: one statement, built and compiled once (issue 22: they were
// three, each a round trip on PostgreSQL).
const settingsOf = preparedQuery((db, v: { shopId: number }) =>
  db.selectFrom('shops').select(shopSettingsColumns(sql.ref('shops.id'))).where('shops.id', '=', v.shopId),
);

/**
 * The shipping configurations decoded, by their stored text: the same text always decodes to the same
 * value, so the JSON parse and the contract's schema run once per text, not on every cart answer. Frozen,
 * since every cart of the shop shares it. Values that fail to decode are not kept (each read logs them).
 */
const decodedShipping = new Map<string, ShippingConfigurations>();
const DECODED_MAX = 200;

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

function shippingConfigOf(ctx: ServiceContext, stored: string | null): ShippingConfigurations | null {
  if (stored === null) return null;
  const kept = decodedShipping.get(stored);
  if (kept) return kept;
  const decoded = storedOptionValue(ctx, 'order_shipping_configurations', stored) as ShippingConfigurations | null;
  if (decoded === null) return null;
  if (decodedShipping.size >= DECODED_MAX) decodedShipping.clear();
  decodedShipping.set(stored, deepFreeze(decoded));
  return decoded;
}

/**
 * The shop's delivery configuration and its side of the online-sale rule (decision 0400): the
 * Ministry authorization (a shop column, edited by admins) and the own-staff delivery option for
 * prescription orders.
 */
export async function cartShopSettings(ctx: ServiceContext, shopId: number): Promise<CartShopSettings> {
  const [row] = await settingsOf(ctx.db, { shopId });
  return shopSettingsOf(ctx, row);
}

/** The stored shop settings a cart needs, as {@link shopSettingsColumns} reads them. */
export interface StoredShopSettings {
  ministry_authorization_code: string | null;
  shipping: string | null;
  staff_delivery: string | null;
}

/** {@link cartShopSettings} from the stored values, read by the caller (`undefined`: no such shop). */
export function shopSettingsOf(ctx: ServiceContext, row: StoredShopSettings | undefined): CartShopSettings {
  return {
    shippingConfig: shippingConfigOf(ctx, row?.shipping ?? null),
    sale: {
      ministryAuthorized: (row?.ministry_authorization_code ?? '').trim() !== '',
      prescriptionStaffDelivery: storedOptionValue(ctx, 'prescription_staff_delivery', row?.staff_delivery) === '1',
    },
  };
}

/** The delivery allowed for the cart's catalogue lines and attached prescriptions. */
export function cartShippingRestriction(
  shop: SaleRuleInput['shop'],
  products: ReadonlyArray<ProductRecord | undefined>,
  prescriptions: number,
): ShippingRestriction {
  return shippingRestriction({
    products: products
      .filter((p): p is ProductRecord => p !== undefined)
      .map((p) => ({ prescription_only: p.prescription_only === 1, sop_otc: p.sop_otc === 1, medicine: p.medicine === 1 })),
    prescriptions,
    shop,
  });
}
