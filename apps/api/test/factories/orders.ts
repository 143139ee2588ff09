import { CheckoutResponseSchema, type DeliveryType, type OrderStatus, type ShippingConfigurations } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../src/db/column.js';
import { createPickupPoint } from '../../src/modules/addresses/addresses.service.js';
import * as orders from '../../src/modules/orders/orders.repository.js';
import type { OrderRow } from '../../src/modules/orders/orders.table.js';
import type { ServiceContext } from '../../src/context.js';
import { createProduct, setShippingConfiguration, type TestProduct, TEST_SHIPPING } from './cart.js';
import { bearer } from './users.js';

/** Factories of the checkout, orders, pharmacist and payment suites. */

/** The test delivery configuration plus every online payment type (Axerve, Nexi, PayPal). */
export const ORDER_SHIPPING: ShippingConfigurations = {
  ...TEST_SHIPPING,
  paymentTypes: {
    ...TEST_SHIPPING.paymentTypes,
    gestpay: { label: 'Carta (Axerve)', description: 'Carta di credito', shippingTypes: ['inShop', 'pickupPoint', 'address'] },
    nexi: { label: 'Nexi', description: 'Pagina sicura Nexi', shippingTypes: ['inShop', 'pickupPoint', 'address'] },
    paypal: { label: 'PayPal', description: 'Conto PayPal', shippingTypes: ['inShop', 'pickupPoint', 'address'] },
  },
};

export async function setOrderShipping(app: Pick<ServiceContext, 'db'>, shopId: number): Promise<void> {
  await setShippingConfiguration(app, shopId, ORDER_SHIPPING);
}

export const HOME_ADDRESS = {
  name: 'Casa',
  address_1: 'Via Dante 10',
  address_2: null,
  city: 'Bologna',
  state_region: 'BO',
  postal_code: '40121',
  phone_number: null,
};

export async function createTestPickupPoint(app: Pick<ServiceContext, 'db'>, shopId: number): Promise<number> {
  return (await createPickupPoint(app.db, shopId, { ...HOME_ADDRESS, name: 'Edicola di Piazza Maggiore', country: 'it' })).id;
}

export interface CartLine {
  product: TestProduct;
  quantity: number;
}

export interface CheckoutChoice {
  shippingType: DeliveryType;
  shippingMethod: string;
  paymentType: string;
  address?: number;
  note?: string;
  /** The receipt's fiscal code (`/fiscalcode` id); unset = the customer's own. */
  fiscalCodeId?: number;
}

/** Fills the customer's cart over HTTP (products, choices) and answers the raw checkout response. */
export async function checkoutOver(app: FastifyInstance, token: string, lines: CartLine[], choice: CheckoutChoice) {
  for (const line of lines) {
    const res = await app.inject({
      method: 'POST',
      url: `/api/cart/products/${line.product.code}`,
      headers: bearer(token),
      payload: { quantity: line.quantity },
    });
    if (res.statusCode !== 200) throw new Error(`add to cart failed: ${res.statusCode} ${res.body}`);
  }
  const put = await app.inject({
    method: 'PUT',
    url: '/api/cart',
    headers: bearer(token),
    payload: {
      shippingType: choice.shippingType,
      shippingMethod: JSON.stringify({ type: choice.shippingMethod }),
      paymentType: choice.paymentType,
      ...(choice.address === undefined ? {} : { address: choice.address }),
    },
  });
  if (put.statusCode !== 200) throw new Error(`PUT /cart failed: ${put.statusCode} ${put.body}`);
  return app.inject({ method: 'POST', url: '/api/cart/checkout', headers: bearer(token), payload: { note: choice.note ?? null, fiscal_code_id: choice.fiscalCodeId } });
}

/** A real order placed through the cart and the checkout; answers its id. */
export async function placeOrder(
  app: FastifyInstance,
  token: string,
  choice: CheckoutChoice,
  lines?: CartLine[],
): Promise<number> {
  const use = lines ?? [{ product: await createProduct(app, { priceCents: 1250 }), quantity: 2 }];
  const res = await checkoutOver(app, token, use, choice);
  if (res.statusCode !== 201) throw new Error(`checkout failed: ${res.statusCode} ${res.body}`);
  return CheckoutResponseSchema.parse(res.json()).id;
}

/** The pharmacist takes charge and finalizes (optionally with a body), over HTTP. */
export async function finalizeOverApi(app: FastifyInstance, staffToken: string, orderId: number, body: object = {}) {
  const take = await app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/take-charge`, headers: bearer(staffToken) });
  if (take.statusCode !== 200) throw new Error(`take charge failed: ${take.statusCode} ${take.body}`);
  const fin = await app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/finalize`, headers: bearer(staffToken), payload: body });
  if (fin.statusCode !== 200) throw new Error(`finalize failed: ${fin.statusCode} ${fin.body}`);
  return fin;
}

/** An order written straight into the database in any status (for state-machine tests). */
export async function insertOrder(
  app: Pick<ServiceContext, 'db'>,
  over: { userId: number; shopId: number; status?: OrderStatus } & Partial<Omit<OrderRow, 'id'>>,
): Promise<OrderRow> {
  const at = nowIso();
  const { userId, shopId, ...columns } = over;
  const row = await orders.insertOrder(app.db, {
    status: 'created',
    note: null,
    delivery_type: 'inShop',
    shipping_type: 'inShop',
    shipping_method_type: 'ritiro',
    shipping_method_label: 'Ritiro in farmacia',
    shipping_price_cents: 0,
    shipping_free_above_cents: null,
    shipping_cents: 0,
    address_json: null,
    payment_type: 'payInShop',
    payment_valid: 0,
    paid_at: null,
    subtotal_cents: 2500,
    total_cents: 2500,
    discount_cents: 0,
    total_quantity: 2,
    voucher_json: null,
    voucher_terms_json: null,
    requires_pharmacy_settlement: 0,
    delivery_date: null,
    info: null,
    created_at: at,
    updated_at: at,
    ...columns,
    user_id: userId,
    shop_id: shopId,
  });
  await orders.insertOrderProducts(app.db, [
    {
      order_id: row.id,
      position: 0,
      code: '012745093',
      name: 'Tachipirina 500 mg',
      requested_quantity: 2,
      requested_unit_cents: 1250,
      quantity: 2,
      unit_cents: 1250,
      total_cents: 2500,
      promo: 0,
      prescription_only: 0,
      unavailable: 0,
      added_by_pharmacist: 0,
    },
  ]);
  return row;
}
