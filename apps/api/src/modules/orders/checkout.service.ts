import {
  type CheckoutBody,
  type DeliveryType,
  deliveryTypeNeedsAddress,
  euroToCents,
  fillMessage,
  isCartEmpty,
  isOnlinePaymentType,
  messages,
  orderShippingTypeOf,
  requiresPharmacySettlement,
  shippingMethodRefusal,
  shippingMethodsFor,
  shippingTypeRefusal,
} from '@farmacia/contract';
import { nowIso } from '../../db/column.js';
import { conflict, validationFailed } from '../../errors.js';
import { cartOwnerOf, lockCartRow } from '../cart/index.js';
import { type CartState, clearCart, loadCartState } from '../cart/index.js';
import { notifyUser } from '../notifications/index.js';
import { alertStaff, orderAlert } from '../staff-alerts/index.js';
import { recordCreation } from './order-lifecycle.js';
import * as orders from './orders.repository.js';
import { isPaymentTypeAllowed } from '../payments/index.js';
import { cartVoucher, redeemCartVoucher, termsOf } from '../vouchers/index.js';
import * as repo from './checkout.repository.js';
import { receiptFiscalCode } from '../fiscal-codes/index.js';
import type { ServiceContext } from '../../context.js';

/**
 * `POST /cart/checkout {note}` (spec §7; ARCHITECTURE §4 Order lifecycle): the cart becomes an
 * order `created` — lines, prescriptions, requests, delivery, payment type, voucher and totals
 * frozen — and the cart is emptied. An incomplete checkout is refused with 422 naming each
 * missing or unavailable choice.
 */

type CheckoutInput = { note: string | null } & Omit<CheckoutBody, 'note'>;


/** Prescriptions or prescription-only medicines: settled at the pharmacy (decision 0221). */
/** Everything that keeps the cart from becoming an order, keyed by the field to fix. */
export function checkoutProblems(state: CartState): Record<string, string[]> {
  const { cart, shippingConfig } = state;
  const errors: Record<string, string[]> = {};
  if (isCartEmpty(cart)) {
    errors.cart = [messages.checkout.emptyCart];
  }
  const gone = state.lines.filter((l) => l.priced.unitCents === null);
  if (gone.length > 0) {
    errors.products = gone.map((l) =>
      fillMessage(l.notSoldHere ? messages.checkout.productNotSoldHere : messages.checkout.productUnavailable, { name: l.product_name }),
    );
  }
  const type = cart.shippingType;
  if (!type) errors.shippingType = [messages.checkout.selectDeliveryType];
  else if (!shippingConfig?.deliveryTypes[type]?.enabled) errors.shippingType = [messages.checkout.deliveryTypeUnavailable];
  else {
    // The online-sale rule (decision 0400): a refused method is refused on the delivery type too.
    const refusal =
      shippingTypeRefusal(cart.shipping_restriction, type) ??
      (cart.shippingMethod ? shippingMethodRefusal(cart.shipping_restriction, type, cart.shippingMethod.type) : null);
    if (refusal) errors.shippingType = [refusal];
  }
  if (!cart.shippingMethod) {
    errors.shippingMethod = [state.row.shipping_method ? messages.checkout.deliveryMethodUnavailable : messages.checkout.selectDeliveryMethod];
  }
  if (type && deliveryTypeNeedsAddress(type)) {
    const chosen = type === 'address' ? cart.address : cart.pickuppoint;
    if (!chosen) errors.address = [state.row.address_id ? messages.checkout.addressUnavailable : messages.checkout.selectAddress];
  }
  const settledAtPharmacy = requiresPharmacySettlement(cart.prescriptions.length, cart.products);
  if (!cart.paymentType) errors.paymentType = [messages.checkout.selectPaymentType];
  else if (settledAtPharmacy && isOnlinePaymentType(cart.paymentType)) errors.paymentType = [messages.orders.pharmacySettlement];
  else if (type && !isPaymentTypeAllowed(shippingConfig, cart.paymentType, type, false)) {
    errors.paymentType = [messages.checkout.paymentTypeUnavailable];
  }
  return errors;
}

export async function checkout(ctx: ServiceContext, user: { id: number; shopId: number }, body: CheckoutInput): Promise<{ id: number }> {
  const owner = cartOwnerOf(user);
  const state = await loadCartState(ctx, owner);
  const problems = checkoutProblems(state);
  const receipt = await receiptFiscalCode(ctx.db, owner.userId, body.fiscal_code_id);
  if (receipt === undefined) problems.fiscal_code_id = [messages.saleRules.receiptFiscalCodeNotYours];
  if (Object.keys(problems).length > 0) throw validationFailed(problems);

  const { cart, totals, shippingConfig } = state;
  const deliveryType = cart.shippingType as DeliveryType;
  const method = (shippingConfig ? shippingMethodsFor(shippingConfig, deliveryType) : []).find(
    (m) => m.type === cart.shippingMethod?.type,
  );
  const voucher = totals.discountCents > 0 ? await cartVoucher(ctx.db, state.row.id) : undefined;
  const address = deliveryType === 'address' ? cart.address : deliveryType === 'pickupPoint' ? cart.pickuppoint : null;
  const settledAtPharmacy = requiresPharmacySettlement(cart.prescriptions.length, cart.products);
  const at = nowIso();

  const order = await ctx.db.transaction().execute(async (trx) => {
    // First statement: the cart's row lock, so a second click waits and then finds the cart empty.
    await lockCartRow(trx, state.row.id);
    const row = await orders.insertOrder(trx, {
      shop_id: owner.shopId,
      user_id: owner.userId,
      status: 'created',
      note: body.note,
      delivery_type: deliveryType,
      shipping_type: orderShippingTypeOf(deliveryType),
      shipping_method_type: method?.type ?? cart.shippingMethod?.type ?? '',
      shipping_method_label: method?.label ?? cart.shippingMethod?.label ?? '',
      shipping_price_cents: method ? euroToCents(method.price) : totals.shippingCents,
      shipping_free_above_cents: method?.free_above === null || method === undefined ? null : euroToCents(method.free_above),
      shipping_cents: totals.shippingCents,
      address_json: address ? JSON.stringify(address) : null,
      payment_type: cart.paymentType as string,
      payment_valid: 0,
      paid_at: null,
      subtotal_cents: totals.subTotalCents,
      total_cents: totals.totalCents,
      discount_cents: totals.discountCents,
      total_quantity: totals.totalQuantity,
      voucher_json: voucher && cart.vouchers[0] ? JSON.stringify(cart.vouchers[0]) : null,
      voucher_terms_json: voucher ? JSON.stringify(termsOf(voucher)) : null,
      requires_pharmacy_settlement: settledAtPharmacy ? 1 : 0,
      delivery_date: null,
      info: null,
      receipt_fiscal_code: receipt ?? null,
      created_at: at,
      updated_at: at,
    });
    await orders.insertOrderProducts(
      trx,
      state.lines.map((l, position) => ({
        order_id: row.id,
        position,
        code: l.product_code,
        name: l.product?.nome_prodotto ?? l.product_name,
        requested_quantity: l.quantity,
        requested_unit_cents: l.priced.unitCents ?? 0,
        quantity: l.quantity,
        unit_cents: l.priced.unitCents ?? 0,
        total_cents: (l.priced.unitCents ?? 0) * l.quantity,
        promo: l.product?.promo ?? 0,
        prescription_only: l.product?.prescription_only ?? 0,
        medicine: l.priced.medicine ? 1 : 0,
        unavailable: 0,
        added_by_pharmacist: 0,
      })),
    );
    const taken = await repo.takeCartLines(trx, state.row.id);
    const prescriptions = await repo.movePrescriptions(trx, owner.userId, state.row.id, row.id, at);
    const requests = await repo.moveProductRequests(trx, owner.userId, state.row.id, row.id, at);
    if (taken !== state.lines.length || prescriptions !== cart.prescriptions.length || requests !== cart.product_requests.length) {
      throw conflict('CART_CHANGED', messages.checkout.cartChanged);
    }
    // The voucher's use becomes the order's (a voucher that did not apply is given back below).
    if (voucher) await redeemCartVoucher(trx, state.row.id, row.id);
    await recordCreation(trx, row);
    const text = fillMessage(messages.orders.received, { id: row.id });
    await notifyUser(trx, owner.userId, {
      title: messages.request.submittedTitle,
      body: text,
      url: `/app/orders/${row.id}`,
      tag: `order-${row.id}`,
      email: { subject: `${messages.request.submittedTitle}: n. ${row.id}`, text },
    });
    // The pharmacy is told in the same transaction (issue 15): prescriptions and requests arrive with the order.
    await alertStaff(trx, ctx.config.publicUrl, owner.shopId, orderAlert(row, { products: taken, prescriptions, requests }));
    return row;
  });

  // Empties what is left (delivery choices, an unapplied voucher's reservation); its own transactions.
  await clearCart(ctx, state.row.id);
  return { id: order.id };
}
