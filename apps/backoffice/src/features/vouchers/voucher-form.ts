import type { AdminVoucher, AdminVoucherBody } from '@farmacia/contract';

/**
 * The voucher form's fields as typed (text, Italian decimal comma) and the API body they become:
 * empty limits are "no limit" (null), a free-shipping voucher carries no value.
 */
export interface VoucherForm {
  code: string;
  name: string;
  description: string;
  kind: AdminVoucher['kind'];
  value: string;
  valid_from: string;
  valid_to: string;
  total_limit: string;
  per_customer_limit: string;
  minimum_cart_total: string;
  include_promo_product: boolean;
  active: boolean;
}

export const EMPTY: VoucherForm = {
  code: '',
  name: '',
  description: '',
  kind: 'percent',
  value: '10',
  valid_from: '',
  valid_to: '',
  total_limit: '',
  per_customer_limit: '1',
  minimum_cart_total: '0',
  include_promo_product: true,
  active: true,
};

export const toForm = (v: AdminVoucher): VoucherForm => ({
  code: v.code,
  name: v.name,
  description: v.description ?? '',
  kind: v.kind,
  value: String(v.value).replace('.', ','),
  valid_from: v.valid_from ?? '',
  valid_to: v.valid_to ?? '',
  total_limit: v.total_limit === null ? '' : String(v.total_limit),
  per_customer_limit: v.per_customer_limit === null ? '' : String(v.per_customer_limit),
  minimum_cart_total: String(v.minimum_cart_total).replace('.', ','),
  include_promo_product: v.include_promo_product,
  active: v.active,
});

const num = (s: string) => Number(s.replace(',', '.'));
export const toBody = (f: VoucherForm): AdminVoucherBody => ({
  code: f.code,
  name: f.name,
  description: f.description,
  kind: f.kind,
  value: f.kind === 'free_shipping' ? 0 : num(f.value),
  valid_from: f.valid_from || null,
  valid_to: f.valid_to || null,
  total_limit: f.total_limit === '' ? null : num(f.total_limit),
  per_customer_limit: f.per_customer_limit === '' ? null : num(f.per_customer_limit),
  minimum_cart_total: f.minimum_cart_total === '' ? 0 : num(f.minimum_cart_total),
  include_promo_product: f.include_promo_product,
  active: f.active,
});
