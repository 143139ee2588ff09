import { type Cart, CartResponseSchema, minsanCheckDigit, type ShippingConfigurations } from '@farmacia/contract';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../src/db/column.js';
import { writeProducts } from '../../src/modules/catalogue/catalogue-writer.js';
import { openVoucherFields } from '../../src/modules/vouchers/vouchers.seed.js';
import type { VoucherRow } from '../../src/modules/vouchers/vouchers.table.js';
import { bearer, type CreatedUser } from './users.js';
import type { ServiceContext } from '../../src/context.js';

/** Factories of the cart, prescription, product-request and voucher suites. */

let productSequence = 0;

/** A valid ministerial code (check digit computed) not used before in this run. */
export function newProductCode(): string {
  productSequence += 1;
  const first8 = String(90_000_000 + ((Date.now() % 1_000_000) * 10 + productSequence) % 9_999_999).padStart(8, '0');
  return first8 + String(minsanCheckDigit(first8));
}

export interface TestProduct {
  code: string;
  name: string;
  priceCents: number;
}

/** Inserts a product through the catalogue's writer: parapharmacy unless told (no online-sale rule applies). */
export async function createProduct(
  app: Pick<ServiceContext, 'db'>,
  over: { name?: string; priceCents?: number; promo?: boolean; prescriptionOnly?: boolean; sopOtc?: boolean; medicine?: boolean } = {},
): Promise<TestProduct> {
  const code = newProductCode();
  const name = over.name ?? `Prodotto di prova ${code}`;
  // Every shop there is offers it (issue 18): make the test shop first when there is none yet.
  const shop = await app.db.selectFrom('shops').select('id').limit(1).executeTakeFirst();
  if (!shop) await app.db.insertInto('shops').values({ name: 'Farmacia di Prova', created_at: nowIso() }).execute();
  const priceCents = over.priceCents ?? 1000;
  await writeProducts(app.db, [
    {
      codice_ministeriale: code,
      nome_prodotto: name,
      price_cents: priceCents,
      stock: 10,
      promo: over.promo ?? false,
      prescription_only: over.prescriptionOnly ?? false,
      sop_otc: over.sopOtc ?? false,
      medicine: over.medicine ?? false,
    },
  ]);
  return { code, name, priceCents };
}

/** A delivery configuration with every type: the shop, two courier methods (one free from 49 €), a pickup point. */
export const TEST_SHIPPING: ShippingConfigurations = {
  deliveryTypes: {
    inShop: { enabled: true, label: 'Ritiro in farmacia', methods: [{ type: 'ritiro', label: 'Ritiro in farmacia', price: 0, free_above: null }] },
    vendingMachine: { enabled: false, label: 'Distributore', methods: [] },
    pickupPoint: { enabled: true, label: 'Punto di ritiro', methods: [{ type: 'punto', label: 'Consegna al punto di ritiro', price: 2, free_above: null }] },
    address: {
      enabled: true,
      label: 'Consegna a domicilio',
      methods: [
        { type: 'corriere', label: 'Corriere espresso', price: 5.9, free_above: 49 },
        { type: 'fattorino', label: 'Fattorino della farmacia', price: 3.5, free_above: null },
      ],
    },
  },
  paymentTypes: {
    payInShop: { label: 'Pagamento in farmacia', description: 'Paghi al ritiro', shippingTypes: ['inShop', 'pickupPoint'] },
    cashOnDelivery: { label: 'Contrassegno', description: 'Paghi alla consegna', shippingTypes: ['address'] },
    payOnline: { label: 'Carta', description: 'Pagamento anticipato con carta', shippingTypes: ['inShop', 'pickupPoint', 'address'] },
  },
};

/** Sets the shop's `order_shipping_configurations` option. */
export async function setShippingConfiguration(app: Pick<ServiceContext, 'db'>, shopId: number, config: ShippingConfigurations = TEST_SHIPPING) {
  const at = nowIso();
  await app.db
    .insertInto('options')
    .values({ shop_id: shopId, key: 'order_shipping_configurations', value: JSON.stringify(config), updated_at: at })
    .onConflict((oc) => oc.columns(['shop_id', 'key']).doUpdateSet({ value: JSON.stringify(config), updated_at: at }))
    .execute();
}

let voucherSequence = 0;

/** A voucher of the shop (10% off, no limits unless overridden). */
export async function createVoucher(app: Pick<ServiceContext, 'db'>, shopId: number, over: Partial<VoucherRow> = {}): Promise<VoucherRow> {
  voucherSequence += 1;
  return app.db
    .insertInto('vouchers')
    .values({
      shop_id: shopId,
      code: `PROVA${voucherSequence}${Date.now().toString(36).toUpperCase()}`,
      name: 'Sconto di prova',
      description: 'Un codice per i test',
      kind: 'percent',
      value: 10,
      ...openVoucherFields(nowIso()),
      ...over,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

// --- Files -------------------------------------------------------------------------------------

/** The smallest real files of each kind the app accepts (and one it refuses). */
export const SAMPLE_FILES = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n'),
  png: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'),
  jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]),
  gif: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  eps: Buffer.from('%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\nshowpage\n'),
  exe: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62, 0x90), Buffer.from('This program cannot be run in DOS mode.')]),
} as const;

/** A file field as the browser's FileReader builds it (`data:` URL in `base64`). */
export function uploadOf(name: string, bytes: Buffer, type = 'application/pdf') {
  return { name, type, lastModified: 1_717_171_717_000, size: bytes.length, base64: `data:${type};base64,${bytes.toString('base64')}` };
}

/** A customer's call to `/api…` with their token, and a JSON body when one is given. */
export function customerCall(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  user: CreatedUser,
  payload?: unknown,
) {
  return app.inject({ method, url: `/api${url}`, headers: bearer(user.token), ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** The cart a cart route answered; any status but 200 fails the test with the body. */
export async function cartOf(res: { statusCode: number; body: string; json(): unknown }): Promise<Cart> {
  expect(res.statusCode, res.body).toBe(200);
  return CartResponseSchema.parse(res.json()).data;
}
