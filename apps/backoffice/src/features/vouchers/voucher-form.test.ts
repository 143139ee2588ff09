import { type AdminVoucher, AdminVoucherBodySchema } from '@farmacia/contract';
import { describe, expect, it } from 'vitest';
import { EMPTY, toBody, toForm } from './voucher-form';

const stored: AdminVoucher = {
  id: 3,
  code: 'ESTATE',
  name: 'Estate',
  description: null,
  kind: 'fixed',
  value: 7.5,
  valid_from: '2026-06-01',
  valid_to: null,
  total_limit: 100,
  per_customer_limit: null,
  minimum_cart_total: 29.9,
  include_promo_product: false,
  active: true,
  uses: 4,
  updated_at: '2026-05-01T10:00:00.000Z',
};

describe('the voucher form', () => {
  it('shows a stored voucher with Italian decimal commas and empty fields for "none"', () => {
    expect(toForm(stored)).toEqual({
      code: 'ESTATE',
      name: 'Estate',
      description: '',
      kind: 'fixed',
      value: '7,5',
      valid_from: '2026-06-01',
      valid_to: '',
      total_limit: '100',
      per_customer_limit: '',
      minimum_cart_total: '29,9',
      include_promo_product: false,
      active: true,
    });
  });

  it('sends back what it showed: commas to numbers, empty limits and days to null', () => {
    const body = toBody(toForm(stored));
    const { id: _id, uses: _uses, updated_at: _at, ...fields } = stored;
    expect(body).toEqual({ ...fields, description: '' });
    expect(AdminVoucherBodySchema.safeParse(body).success).toBe(true);
  });

  it('sends no value for free shipping and no minimum when left empty', () => {
    const body = toBody({ ...EMPTY, code: 'SPEDIZIONE', name: 'Spedizione', kind: 'free_shipping', value: '12', minimum_cart_total: '' });
    expect(body).toMatchObject({ kind: 'free_shipping', value: 0, minimum_cart_total: 0, per_customer_limit: 1, total_limit: null });
    expect(AdminVoucherBodySchema.safeParse(body).success).toBe(true);
  });

  it('starts a new voucher at 10 %, once per customer, active, promo products included', () => {
    expect(toBody({ ...EMPTY, code: 'NUOVO', name: 'Nuovo' })).toMatchObject({
      kind: 'percent',
      value: 10,
      per_customer_limit: 1,
      minimum_cart_total: 0,
      include_promo_product: true,
      active: true,
    });
  });
});
