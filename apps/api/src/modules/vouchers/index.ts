/** The public entry of the vouchers module: what other modules and the HTTP layer may use (docs/architecture.md). */
export { evaluateVoucher, type VoucherEvaluation, type VoucherTerms } from './voucher-rules.js';
export { applyVoucherOf, cartVoucher, findVoucherByCode, redeemCartVoucher, releaseCartVoucher, releaseOrderVoucher, releaseUserReservations, reserveVoucher, termsOf, toVoucher } from './vouchers.service.js';
export type { VoucherTables } from './vouchers.table.js';
