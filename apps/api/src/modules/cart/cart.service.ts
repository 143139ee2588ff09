import {
  type Address,
  type ApplyVoucher,
  type Cart,
  type CartProduct,
  type CartUpdate,
  centsToEuro,
  type DeliveryType,
  deliveryTypeNeedsAddress,
  ErrorCode,
  euroToCents,
  isMedicine,
  messages,
  type PaymentType,
  type ShippingConfigurations,
} from '@farmacia/contract';
import { nowIso } from '../../db/column.js';
import { AppError, notFound, validationFailed } from '../../errors.js';
import { findDeliveryAddress } from '../addresses/index.js';
import { keptOffersByCode, type Offers, productImageUrl, productNotFound } from '../catalogue/index.js';
import type { ProductRecord } from '../catalogue/index.js';
import { deleteAllPrescriptionsInCart, prescriptionsInCart } from '../prescriptions/index.js';
import { deleteAllProductRequestsInCart, productRequestsInCart } from '../product-requests/index.js';
import {
  applyVoucherOf,
  cartVoucher,
  findVoucherByCode,
  releaseCartVoucher,
  reserveVoucher,
  termsOf,
  toVoucher,
} from '../vouchers/index.js';
import { evaluateVoucher } from '../vouchers/index.js';
import type { CartOwner } from './cart-owner.js';
import { type CartTotals, computeCartTotals, lineTotalCents, type PricedLine, type ShippingPrice } from './cart-totals.js';
import * as repo from './cart.repository.js';
import type { CartProductRow, CartRow } from './cart.table.js';
import { type CheckoutChoices, mergeChoices, methodOf } from './checkout-choices.js';
import { cartShippingRestriction, cartShopSettings, shopSettingsOf } from './sale-rules.js';
import type { ServiceContext } from '../../context.js';

/**
 * The cart (spec §2 Cart, §3 Cart, §7 Cart; decision 0200): one per customer and shop. Lines keep
 * a code and a quantity; every read prices them from the catalogue, re-evaluates the voucher and
 * the delivery price, so the numbers are always the server's. The checkout (orders module) reads
 * a cart through {@link loadCartState} and empties it with {@link clearCart}.
 */

/** Everything the cart is made of right now, priced: what the checkout turns into an order. */
export interface CartState {
  row: CartRow;
  /** `notSoldHere`: no `product` because this shop does not sell it, though the catalogue has it. */
  lines: Array<CartProductRow & { product: ProductRecord | undefined; notSoldHere: boolean; priced: PricedLine }>;
  totals: CartTotals;
  shippingConfig: ShippingConfigurations | null;
  cart: Cart;
}

function shippingPriceOf(method: { price: number; free_above: number | null } | undefined): ShippingPrice | undefined {
  if (!method) return undefined;
  return { priceCents: euroToCents(method.price), freeAboveCents: method.free_above === null ? null : euroToCents(method.free_above) };
}

function choicesOf(row: CartRow): CheckoutChoices {
  return {
    shippingType: row.shipping_type as DeliveryType | null,
    shippingMethod: row.shipping_method,
    addressId: row.address_id,
    paymentType: row.payment_type,
  };
}

/**
 * Prices a cart row and everything in it; `lastApply` is the outcome of a voucher just tried.
 * `known`: the lines and their products when the caller has read them already (with the cart row, or around its write).
 */
async function stateOf(
  ctx: ServiceContext,
  owner: CartOwner,
  row: CartRow,
  lastApply?: ApplyVoucher,
  known?: { lineRows: CartProductRow[]; offers: Offers; extras?: repo.CartAnswerExtras },
): Promise<CartState> {
  const extras = known?.extras;
  const lineRows = known?.lineRows ?? (await repo.listLines(ctx.db, row.id));
  const offers = known?.offers ?? (await keptOffersByCode(ctx.db, row.shop_id, lineRows.map((l) => l.product_code)));
  const lines = lineRows.map((l) => {
    const product = offers.onSale.get(l.product_code);
    const priced: PricedLine = {
      code: l.product_code,
      quantity: l.quantity,
      unitCents: product ? product.price_cents : null,
      promo: product?.promo === 1,
      medicine: product !== undefined && isMedicine(product),
    };
    // Spelled out, not `...l`: the lines come from three places (the cart's statement, a changed line, an added
    // one) with their keys in different orders, and spreading them was 8 % of the cart set's CPU (decision 0599).
    return {
      cart_id: l.cart_id,
      product_code: l.product_code,
      product_name: l.product_name,
      quantity: l.quantity,
      created_at: l.created_at,
      updated_at: l.updated_at,
      product,
      notSoldHere: offers.notSoldHere.has(l.product_code),
      priced,
    };
  });

  const shop = extras ? shopSettingsOf(ctx, extras.shop) : await cartShopSettings(ctx, row.shop_id);
  const { shippingConfig } = shop;
  const type = row.shipping_type as DeliveryType | null;
  const method = type && row.shipping_method ? methodOf(shippingConfig, type, row.shipping_method) : undefined;
  // Read only when the cart's statement found one (decision 0599), as are prescriptions and requests below.
  const voucher = extras?.voucher === false ? undefined : await cartVoucher(ctx.db, row.id);
  const totals = computeCartTotals({
    lines: lines.map((l) => l.priced),
    shipping: shippingPriceOf(method),
    voucher: voucher ? termsOf(voucher) : undefined,
    now: new Date(),
  });

  let address: Address | null = null;
  if (type && deliveryTypeNeedsAddress(type) && row.address_id !== null) {
    address =
      (await findDeliveryAddress(ctx.db, { id: owner.userId, shopId: owner.shopId }, row.address_id, type as 'address' | 'pickupPoint')) ??
      null;
  }

  const products_: CartProduct[] = lines.map((l) => ({
    code: l.product_code,
    name: l.product?.nome_prodotto ?? l.product_name,
    amount: centsToEuro(l.priced.unitCents ?? 0),
    quantity: l.quantity,
    total: centsToEuro(lineTotalCents(l.priced) ?? 0),
    image: l.product ? productImageUrl(l.product.codice_ministeriale) : null,
    promo: l.priced.promo,
    prescription_only: l.product?.prescription_only === 1,
    unavailable: l.product === undefined,
    not_sold_here: l.notSoldHere,
  }));

  const prescriptions = extras?.prescriptions === false ? [] : await prescriptionsInCart(ctx, owner.userId, row.id);
  const cart: Cart = {
    id: row.id,
    products: products_,
    prescriptions,
    product_requests: extras?.requests === false ? [] : await productRequestsInCart(ctx, owner.userId, row.id),
    subTotal: centsToEuro(totals.subTotalCents),
    total: centsToEuro(totals.totalCents),
    totalQuantity: totals.totalQuantity,
    shippingType: type,
    shippingMethod: method ? { type: method.type, label: method.label, price: centsToEuro(totals.shippingCents) } : null,
    address: type === 'address' ? address : null,
    pickuppoint: type === 'pickupPoint' ? address : null,
    paymentType: row.payment_type as PaymentType | null,
    vouchers: voucher ? [toVoucher(voucher, totals.discountCents)] : [],
    apply_voucher:
      lastApply ?? (voucher && totals.voucher ? applyVoucherOf(totals.voucher.outcome, voucher, totals.discountCents) : null),
    shipping_restriction: cartShippingRestriction(
      shop.sale,
      lines.map((l) => l.product),
      prescriptions.length,
    ),
  };
  return { row, lines, totals, shippingConfig, cart };
}

async function ensureCartRow(ctx: ServiceContext, owner: CartOwner): Promise<CartRow> {
  return repo.ensureCart(ctx.db, owner.userId, owner.shopId, nowIso());
}

/**
 * The owner's cart priced now (created empty on first use). `known`: the cart as the caller's session
 * statement read it (`sessionWithCart`; null when there was none), instead of reading it here.
 */
export async function loadCartState(ctx: ServiceContext, owner: CartOwner, known?: repo.CartRead | null): Promise<CartState> {
  const { row, lines, read, extras } = await repo.ensureCartWithLines(ctx.db, owner.userId, owner.shopId, nowIso(), known);
  const offers = await keptOffersByCode(ctx.db, row.shop_id, lines.map((l) => l.product_code), read);
  return stateOf(ctx, owner, row, undefined, { lineRows: lines, offers, extras });
}

export async function getCart(ctx: ServiceContext, owner: CartOwner, known?: repo.CartRead | null): Promise<Cart> {
  return (await loadCartState(ctx, owner, known)).cart;
}

/**
 * `POST /cart/products/{code} {quantity}`: sets the line to `quantity` (adding it when missing);
 * 0 or less removes it (spec §5). The product must be in the catalogue.
 */
export async function setProductQuantity(
  ctx: ServiceContext,
  owner: CartOwner,
  code: string,
  quantity: number,
  /** As {@link loadCartState}'s. */
  known?: repo.CartRead | null,
): Promise<Cart> {
  if (quantity <= 0) {
    const row = await ensureCartRow(ctx, owner);
    await repo.deleteLine(ctx.db, row.id, code);
    return (await stateOf(ctx, owner, row)).cart;
  }
  // The busiest write (issue 22, decision 0583): the cart and its lines are read before the write,
  // the product with the lines' products in one statement, and the answer prices the lines as the
  // write left them, instead of reading the product, then the lines and their products again.
  const cartRead = await repo.ensureCartWithLines(ctx.db, owner.userId, owner.shopId, nowIso(), known);
  const { row, lines: lineRows, extras } = cartRead;
  const offers = await offersOfSet(ctx, cartRead, code);
  const product = offers.onSale.get(code);
  if (!product) throw productNotFound();
  const line = { cartId: row.id, code, name: product.nome_prodotto, quantity, at: nowIso() };
  await repo.upsertLine(ctx.db, line);
  return (await stateOf(ctx, owner, row, undefined, { lineRows: repo.withLineSet(lineRows, line), offers, extras })).cart;
}

/**
 * {@link setProductQuantity} on PostgreSQL in one statement, one round trip and one commit (decision 0683): the
 * token's session is read by the statement that writes the line, which writes only for a live session (auth's rule in
 * SQL), an existing cart and a product its shop sells; `pass` then checks the row read with the same rule at the same
 * instant (401 when it fails) and answers the owner. The first set of a customer without a cart, and a quantity that
 * removes the line, take {@link setProductQuantity}'s way once the session passed.
 */
export async function setProductQuantityWithSession(
  ctx: ServiceContext,
  claims: { sessionId: number; userId: number; jti: string },
  code: string,
  quantity: number,
  pass: (session: repo.SessionWithCart | undefined, nowMs: number) => CartOwner,
): Promise<Cart> {
  const nowMs = Date.now();
  const now = new Date(nowMs).toISOString();
  const { session, set } =
    quantity > 0
      ? await repo.setLineWithSession(ctx.db, { claims, now, code, quantity })
      : { session: await repo.sessionWithCart(ctx.db, claims.sessionId), set: undefined };
  const owner = pass(session, nowMs);
  // `pass` answered: the session is there.
  const known = (session as repo.SessionWithCart).cart;
  if (set === undefined) {
    if (known !== null && quantity > 0) throw productNotFound();
    return setProductQuantity(ctx, owner, code, quantity, known);
  }
  const { row, lines, extras } = known as repo.CartRead;
  const offers = await offersOfSet(ctx, known as repo.CartRead, code);
  return (await stateOf(ctx, owner, row, undefined, { lineRows: repo.withLineSet(lines, set), offers, extras })).cart;
}

/** What the cart's shop makes of its lines' codes and of `code`, a line being set. */
function offersOfSet(ctx: ServiceContext, cart: repo.CartRead, code: string): Promise<Offers> {
  const codes = cart.lines.map((l) => l.product_code);
  if (!codes.includes(code)) codes.push(code);
  return keptOffersByCode(ctx.db, cart.row.shop_id, codes, cart.read);
}

/** `DELETE /cart/products/{code}`: 404 when the product is not in the caller's cart. */
export async function removeProduct(ctx: ServiceContext, owner: CartOwner, code: string): Promise<Cart> {
  const row = await ensureCartRow(ctx, owner);
  if (!(await repo.deleteLine(ctx.db, row.id, code))) throw notFound(messages.cart.productNotInCart);
  return (await stateOf(ctx, owner, row)).cart;
}

/**
 * Empties a cart: lines, prescriptions and requests (with their files), the voucher (its use
 * given back) and the delivery choices. The checkout calls it after moving the contents to the
 * order (prescriptions and requests it moved are no longer in the cart, so they stay).
 */
export async function clearCart(ctx: ServiceContext, cartId: number): Promise<void> {
  await releaseCartVoucher(ctx, cartId);
  await repo.deleteAllLines(ctx.db, cartId);
  await deleteAllPrescriptionsInCart(ctx, cartId);
  await deleteAllProductRequestsInCart(ctx, cartId);
  await repo.updateChoices(ctx.db, cartId, { shipping_type: null, shipping_method: null, address_id: null, payment_type: null }, nowIso());
}

/** `DELETE /cart/{id}`: only the caller's own cart; any other id is 404. */
export async function clearOwnCart(ctx: ServiceContext, owner: CartOwner, cartId: number): Promise<Cart> {
  const row = await repo.findCart(ctx.db, owner.userId, owner.shopId);
  if (!row || row.id !== cartId) throw notFound(messages.cart.notFound);
  await clearCart(ctx, row.id);
  return getCart(ctx, owner);
}

/** `PUT /cart`: the delivery and payment choices, checked against the shop's configuration and the addresses. */
export async function updateCheckoutChoices(ctx: ServiceContext, owner: CartOwner, update: CartUpdate): Promise<Cart> {
  const row = await ensureCartRow(ctx, owner);
  const config = (await cartShopSettings(ctx, owner.shopId)).shippingConfig;
  const merged = mergeChoices(choicesOf(row), update, config);
  if (!merged.ok) throw validationFailed(merged.errors);
  const { choices } = merged;
  if (choices.addressId !== null && choices.shippingType && deliveryTypeNeedsAddress(choices.shippingType)) {
    const address = await findDeliveryAddress(
      ctx.db,
      { id: owner.userId, shopId: owner.shopId },
      choices.addressId,
      choices.shippingType as 'address' | 'pickupPoint',
    );
    if (!address) throw validationFailed({ address: [messages.checkout.selectAddress] });
  }
  await repo.updateChoices(
    ctx.db,
    row.id,
    {
      shipping_type: choices.shippingType,
      shipping_method: choices.shippingMethod,
      address_id: choices.addressId,
      payment_type: choices.paymentType,
    },
    nowIso(),
  );
  return getCart(ctx, owner);
}

/**
 * `POST /cart/vouchers/{code}`: applies a discount code to the cart, replacing the one there.
 * A code that cannot apply is not an HTTP error: the cart answers with `apply_voucher` saying why
 * (spec §4 Voucher state), and the voucher already on the cart stays.
 */
export async function applyVoucher(ctx: ServiceContext, owner: CartOwner, code: string): Promise<Cart> {
  const row = await ensureCartRow(ctx, owner);
  const voucher = await findVoucherByCode(ctx, owner.shopId, code);
  if (!voucher) return (await stateOf(ctx, owner, row, applyVoucherOf('invalid', undefined, 0))).cart;

  const before = await stateOf(ctx, owner, row);
  const evaluation = evaluateVoucher(
    termsOf(voucher),
    { lines: before.lines.map((l) => l.priced), shippingCents: before.totals.shippingCents },
    new Date(),
  );
  if (evaluation.outcome !== 'success') {
    return (await stateOf(ctx, owner, row, applyVoucherOf(evaluation.outcome, voucher, 0))).cart;
  }
  const reserved = await reserveVoucher(ctx, { voucher, userId: owner.userId, cartId: row.id });
  const after = await stateOf(ctx, owner, row);
  const apply =
    reserved === 'success'
      ? applyVoucherOf(after.totals.voucher?.outcome ?? 'success', voucher, after.totals.discountCents)
      : applyVoucherOf(reserved, voucher, 0);
  return { ...after.cart, apply_voucher: apply };
}

/** `DELETE /cart/vouchers/{id}`: removes the voucher from the caller's cart (404 when it is not there). */
export async function removeVoucher(ctx: ServiceContext, owner: CartOwner, voucherId: number): Promise<Cart> {
  const row = await ensureCartRow(ctx, owner);
  if (!(await releaseCartVoucher(ctx, row.id, voucherId))) {
    throw new AppError('VOUCHER_NOT_IN_CART', messages.voucher.invalid, { kind: ErrorCode.NOT_FOUND });
  }
  return (await stateOf(ctx, owner, row)).cart;
}

/**
 * A customer switched pharmacy (`PUT /shops`, issue 18): the product lines of the cart they had
 * at the shop they left move to their cart at the new one, which prices them from its own offers
 * and flags `unavailable` those it does not sell — never dropped silently; the checkout then asks
 * to remove them. A line already in the new cart keeps its quantity there. Prescriptions and
 * product requests were sent to the shop they were made for, so they stay in its cart.
 */
export async function carryCartToShop(ctx: ServiceContext, userId: number, fromShopId: number, toShopId: number): Promise<void> {
  if (fromShopId === toShopId) return;
  await ctx.db.transaction().execute(async (tx) => {
    const from = await repo.findCart(tx, userId, fromShopId);
    if (!from) return;
    const lines = await repo.listLines(tx, from.id);
    if (lines.length === 0) return;
    const to = await repo.ensureCart(tx, userId, toShopId, nowIso());
    const already = new Set((await repo.listLines(tx, to.id)).map((l) => l.product_code));
    for (const line of lines) {
      if (!already.has(line.product_code)) {
        await repo.upsertLine(tx, { cartId: to.id, code: line.product_code, name: line.product_name, quantity: line.quantity, at: nowIso() });
      }
    }
    await repo.deleteAllLines(tx, from.id);
  });
}
