import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../db/column.js';
import type { NewVoucherRow } from './vouchers.table.js';

/** The columns of an active, never used voucher with no dates, limits or minimum (the seed's and the tests' base). */
export function openVoucherFields(at: string) {
  return {
    starts_at: null,
    ends_at: null,
    total_limit: null,
    per_customer_limit: null,
    minimum_cart_total: 0,
    include_promo_product: 1,
    active: 1,
    uses: 0,
    created_at: at,
    updated_at: at,
  } as const;
}

/**
 * Demo discount codes of every shop, one of each kind (decision 0202), documented in the README:
 * BENVENUTO10 (10%, once per customer), SCONTO5 (5 € from 30 €), SPEDIZIONEGRATIS (free delivery
 * from 25 €), PARAFARMACO15 (15% on products not already on promotion, from 20 €), ESTATE2024
 * (expired), PRIMI100 (20%, only the first 100 uses).
 */
export async function seedVouchers(app: FastifyInstance, shops: ReadonlyArray<{ id: number }>): Promise<void> {
  const base = openVoucherFields(nowIso());
  const rows: NewVoucherRow[] = shops.flatMap((shop) => [
    {
      ...base,
      shop_id: shop.id,
      code: 'BENVENUTO10',
      name: 'Benvenuto',
      description: 'Il 10% di sconto sul tuo primo ordine.',
      kind: 'percent',
      value: 10,
      per_customer_limit: 1,
    },
    {
      ...base,
      shop_id: shop.id,
      code: 'SCONTO5',
      name: '5 euro di sconto',
      description: '5 € di sconto con una spesa di almeno 30 €.',
      kind: 'fixed',
      value: 500,
      minimum_cart_total: 3000,
    },
    {
      ...base,
      shop_id: shop.id,
      code: 'SPEDIZIONEGRATIS',
      name: 'Consegna gratuita',
      description: 'La consegna è gratuita con una spesa di almeno 25 €.',
      kind: 'free_shipping',
      value: 0,
      minimum_cart_total: 2500,
    },
    {
      ...base,
      shop_id: shop.id,
      code: 'PARAFARMACO15',
      name: 'Parafarmaco -15%',
      description: 'Il 15% di sconto sui prodotti non già in promozione, con almeno 20 € di spesa su di essi.',
      kind: 'percent',
      value: 15,
      minimum_cart_total: 2000,
      include_promo_product: 0,
    },
    {
      ...base,
      shop_id: shop.id,
      code: 'ESTATE2024',
      name: 'Estate 2024',
      description: 'Promozione estiva terminata.',
      kind: 'percent',
      value: 20,
      starts_at: '2024-06-01T00:00:00.000Z',
      ends_at: '2024-09-01T00:00:00.000Z',
    },
    {
      ...base,
      shop_id: shop.id,
      code: 'PRIMI100',
      name: 'Primi 100',
      description: 'Il 20% di sconto per i primi 100 ordini.',
      kind: 'percent',
      value: 20,
      total_limit: 100,
      per_customer_limit: 1,
    },
  ]);
  await app.db.insertInto('vouchers').values(rows).execute();
}
