/** The public entry of the payments module: what other modules and the HTTP layer may use (docs/architecture.md). */
export { isPaymentTypeAllowed, paymentMethodsOf, shippingConfigurations } from './payment-methods.js';
export { abandonOpenPayments, hasPendingPayment } from './payments.service.js';
export type { PaymentTables } from './payments.table.js';
export { processRefund, recordCancellationRefund } from './refunds.service.js';
