import { type SaleRuleInput, type ShippingRestriction, shippingRestriction } from '@farmacia/contract';
import type { ProductRecord } from '../catalogue/index.js';
import { getOption } from '../shops/index.js';
import type { ServiceContext } from '../../context.js';
import { preparedQuery } from '../../db/prepared-query.js';

// Read by every cart call: built and compiled once (decision 0553).
const authorizationOf = preparedQuery((db, v: { shopId: number }) =>
  db.selectFrom('shops').select('ministry_authorization_code').where('id', '=', v.shopId),
);

/**
 * The shop's side of the online-sale rule (decision 0400): the Ministry authorization (a shop
 * column, edited by admins) and the own-staff delivery option for prescription orders.
 */
export async function shopSaleSettings(ctx: ServiceContext, shopId: number): Promise<SaleRuleInput['shop']> {
  const [shop] = await authorizationOf(ctx.db, { shopId });
  return {
    ministryAuthorized: (shop?.ministry_authorization_code ?? '').trim() !== '',
    prescriptionStaffDelivery: (await getOption(ctx, shopId, 'prescription_staff_delivery')) === '1',
  };
}

/** The delivery allowed for the cart's catalogue lines and attached prescriptions. */
export async function cartShippingRestriction(
  ctx: ServiceContext,
  shopId: number,
  products: ReadonlyArray<ProductRecord | undefined>,
  prescriptions: number,
): Promise<ShippingRestriction> {
  return shippingRestriction({
    products: products
      .filter((p): p is ProductRecord => p !== undefined)
      .map((p) => ({ prescription_only: p.prescription_only === 1, sop_otc: p.sop_otc === 1 })),
    prescriptions,
    shop: await shopSaleSettings(ctx, shopId),
  });
}
