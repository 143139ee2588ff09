import {
  AddressResponseSchema,
  CartResponseSchema,
  CatalogueImportJobResponseSchema,
  FiscalCodeResponseSchema,
  PrescriptionResponseSchema,
  ProductRequestResponseSchema,
  ReservationResponseSchema,
  ShopUploadResponseSchema,
} from '@farmacia/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createEvent } from '../../src/modules/events/events.service.js';
import { createGroup, createShopService } from '../../src/modules/services/index.js';
import { romeInstant } from '../../src/modules/bookings/rome-time.js';
import { ensureCard } from '../../src/modules/loyalty/loyalty.service.js';
import { createClosure } from '../../src/modules/staff/staff.service.js';
import { createBookableService, createStaff, everyDay, setRomeNow } from '../factories/bookings.js';
import { createProduct, createVoucher, SAMPLE_FILES, uploadOf } from '../factories/cart.js';
import { finishedImport } from '../factories/catalogue.js';
import { HOME_ADDRESS, placeOrder, setOrderShipping } from '../factories/orders.js';
import { createPaymentOver, finalizingOrder } from '../factories/payments.js';
import { bearer, type CreatedUser, createPharmacist, createShop, createUser, ensureShop, randomFiscalCode } from '../factories/users.js';

/**
 * The rows of the security suites: a customer (alice) who owns one real row of every kind the
 * route table calls `owned`, all made through the API as the app makes them; a second customer
 * of the same shop (bob); a pharmacist of alice's shop and one of another shop. Every response
 * the suites get goes through {@link World.call}, so a suite can scan all of them for leaks.
 */
export interface World {
  app: FastifyInstance;
  shopA: number;
  shopB: number;
  alice: CreatedUser;
  bob: CreatedUser;
  pharmacistA: CreatedUser;
  pharmacistB: CreatedUser;
  aliceCode: string;
  bobCode: string;
  /** Path params that name alice's rows (and valid-shaped values for the other params). */
  params: Record<string, string | number>;
  /** Per owned route prefix, the param values of alice's row (e.g. `/fiscalcode` → `{ id }`). */
  ids: {
    fiscalCode: number;
    address: number;
    prescription: number;
    productRequest: number;
    file: number;
    cart: number;
    cartVoucher: number;
    order: number;
    reservation: number;
    loyaltyCard: string;
    closure: number;
    serviceId: number;
    /** Shop A's back-office rows: the service's category, its staff member, a voucher, alice's card (by id). */
    serviceCategory: number;
    staff: number;
    voucher: number;
    loyaltyCardId: number;
    /** The provider's id of alice's card payment (`/payment/gestpay/payment-id/:id`). */
    payment: string;
    /** An event of shop A (public; its back-office routes are shop A's). */
    event: number;
    /** Shop A's informational service, its group, and alice's information request about it. */
    shopService: number;
    serviceGroup: number;
    infoRequest: number;
    /** A catalogue import of shop A (pharmacist A's price list). */
    catalogueImport: number;
  };
  /** Every response seen so far (URL and body), for the leak scan. */
  seen: Array<{ url: string; status: number; body: string }>;
  call(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse>;
}

/** The Rome "today" the booking rules run at, so a reservation can be made and cancelled. */
export const TODAY = '2027-02-01';
export const BOOKING_DAY = '2027-02-10';

function ok(res: LightMyRequestResponse, status: number, what: string): LightMyRequestResponse {
  if (res.statusCode !== status) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res;
}

export async function buildWorld(app: FastifyInstance): Promise<World> {
  const seen: World['seen'] = [];
  const call = async (options: InjectOptions & { url: string }) => {
    const res = await app.inject(options);
    seen.push({ url: `${options.method ?? 'GET'} ${options.url}`, status: res.statusCode, body: res.body });
    return res;
  };
  setRomeNow(app, TODAY, '08:00');
  const shopA = await ensureShop(app);
  const shopB = await createShop(app, 'Farmacia Altrove');
  const aliceCode = randomFiscalCode();
  const alice = await createUser(app, { shopId: shopA, name: 'Alice Segreta', codiceFiscale: aliceCode });
  const bobCode = randomFiscalCode();
  const bob = await createUser(app, { shopId: shopA, name: 'Bruno Curioso', codiceFiscale: bobCode });
  const pharmacistA = await createPharmacist(app, shopA);
  const pharmacistB = await createPharmacist(app, shopB);
  const as = (user: CreatedUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    call({ method, url: `/api${url}`, headers: bearer(user.token), ...(payload === undefined ? {} : { payload }) });

  // An order first: the checkout empties the cart the later rows live in.
  await setOrderShipping(app, shopA);
  const order = await placeOrder(app, alice.token, { shippingType: 'inShop', shippingMethod: 'ritiro', paymentType: 'payInShop', note: 'Nota di Alice' });

  // An order of alice's waiting to be paid by card, with its payment created at the provider
  // (the built-in sandbox): the id the payment-id route looks up.
  const online = await finalizingOrder(app, { userId: alice.user.id, shopId: shopA }, 'gestpay');
  const payment = (await createPaymentOver(app, alice.token, 'gestpay', online.id)).body?.payload?.paymentID;
  if (typeof payment !== 'string') throw new Error('no payment created for the online order');

  const fiscalCode = FiscalCodeResponseSchema.parse(
    ok(await as(alice, 'POST', '/fiscalcode', { codice_fiscale: randomFiscalCode() }), 201, 'fiscal code').json(),
  ).data.id;
  const address = AddressResponseSchema.parse(
    ok(await as(alice, 'POST', '/address', { ...HOME_ADDRESS, name: 'Casa di Alice' }), 201, 'address').json(),
  ).data.id;
  const product = await createProduct(app);
  const cart = CartResponseSchema.parse(
    ok(await as(alice, 'POST', `/cart/products/${product.code}`, { quantity: 2 }), 200, 'cart line').json(),
  ).data.id;
  const voucher = await createVoucher(app, shopA);
  const withVoucher = CartResponseSchema.parse(ok(await as(alice, 'POST', `/cart/vouchers/${voucher.code}`, {}), 200, 'voucher').json()).data;
  const cartVoucher = withVoucher.vouchers[0]?.id;
  if (cartVoucher === undefined) throw new Error(`voucher not on the cart: ${JSON.stringify(withVoucher)}`);
  const prescription = PrescriptionResponseSchema.parse(
    ok(await as(alice, 'POST', '/cart/prescriptions', { mode: 'nre', nre: 'ABCDEFGHIJKLM', codice_fiscale: aliceCode }), 201, 'prescription').json(),
  ).data.id;
  const request = ProductRequestResponseSchema.parse(
    ok(
      await as(alice, 'POST', '/cart/product_requests', {
        type: 'search',
        note: 'Crema di Alice',
        file: JSON.stringify(uploadOf('scatola.png', SAMPLE_FILES.png, 'image/png')),
      }),
      201,
      'product request',
    ).json(),
  ).data;
  const file = Number(request.file?.url?.split('/').pop());

  const { serviceId, categoryId: serviceCategory } = await createBookableService(app, { shopId: shopA, duration: 30, bookingCancellations: 1 });
  const staffId = await createStaff(app, shopA, [serviceId], everyDay('09:00', '13:00'));
  const reservation = ReservationResponseSchema.parse(
    ok(
      await as(alice, 'POST', `/reservations/${serviceId}`, { staff_id: staffId, day: BOOKING_DAY, start_appointment: '10:00', note: 'Nota riservata' }),
      201,
      'reservation',
    ).json(),
  ).data.id;
  // An event of shop A, so the routes about one (public and back office) meet a real row.
  const event = await createEvent(app.db, {
    shopId: shopA,
    name: 'Giornata della pelle',
    description: 'Controllo gratuito dei nei.',
    serviceIds: [serviceId],
    windows: [{ start: new Date(romeInstant(BOOKING_DAY, '09:00')), end: new Date(romeInstant(BOOKING_DAY, '12:00')) }],
  });
  // Shop A's informational service in a group, and alice's question about it (the inbox's row).
  const serviceGroup = await createGroup(app.db, shopA, null, 'Consulenze', '<p>Su appuntamento</p>');
  const shopService = await createShopService(app.db, {
    shopId: shopA,
    categoryId: null,
    groupId: serviceGroup,
    name: 'Consulenza nutrizionale',
    description: '<p>Un incontro</p>',
    priceCents: null,
  });
  const infoRequest = (
    ok(
      await as(alice, 'POST', '/shopservices', { shop_service_id: shopService, shop_service_name: 'Consulenza nutrizionale', note: 'È adatta a me?' }),
      201,
      'info request',
    ).json() as { data: { id: number } }
  ).data.id;
  // A price list pharmacist A uploaded: the import job's row. Its one row has a bad code, so it
  // changes no offer; waited for, so no job runs under the suites.
  const upload = await call({
    method: 'POST',
    url: '/api/admin/catalogue/imports?name=listino.csv',
    headers: { ...bearer(pharmacistA.token), 'content-type': 'text/csv' },
    payload: 'codice_ministeriale;nome_prodotto;prezzo\r\nABC;Prodotto sbagliato;1,00\r\n',
  });
  const catalogueImport = CatalogueImportJobResponseSchema.parse(ok(upload, 202, 'catalogue import').json()).data.id;
  await finishedImport(app, pharmacistA.token, catalogueImport);
  // A slide picture of shop A, so the public media route meets a real file.
  const slide = ShopUploadResponseSchema.parse(
    ok(
      await as(pharmacistA, 'POST', '/admin/options/media', {
        target: 'slide',
        file: { name: 'estate.png', type: 'image/png', base64: SAMPLE_FILES.png.toString('base64') },
      }),
      201,
      'slide',
    ).json(),
  ).data;
  const slideName = slide.url.split('/').pop() as string;
  const card = await ensureCard(app.db, alice.user.id, shopA);
  await createClosure(app.db, { shopId: shopA, staffId: null, from: '2027-03-01', to: '2027-03-01', reason: 'Inventario' });
  const closure = (await app.db.selectFrom('staff_exceptions').select('id').where('shop_id', '=', shopA).executeTakeFirstOrThrow()).id;

  const ids = {
    fiscalCode,
    address,
    prescription,
    productRequest: request.id,
    file,
    cart,
    cartVoucher,
    order,
    reservation,
    loyaltyCard: card.card_number,
    closure,
    serviceId,
    serviceCategory,
    staff: staffId,
    voucher: voucher.id,
    loyaltyCardId: card.id,
    event,
    payment,
    shopService,
    serviceGroup,
    infoRequest,
    catalogueImport,
  };
  return {
    app,
    shopA,
    shopB,
    alice,
    bob,
    pharmacistA,
    pharmacistB,
    aliceCode,
    bobCode,
    ids,
    params: {
      code: product.code,
      type: 'email',
      device: 'account',
      day: BOOKING_DAY,
      method: 'gestpay',
      orderId: online.id,
      serviceId,
      eventId: event,
      shopId: shopA,
      key: 'chatbot',
      name: slideName,
    },
    seen,
    call,
  };
}
