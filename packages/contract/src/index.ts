/**
 * @farmacia/contract — the single source of entities, bodies, rules and Italian texts
 * for the API and the web app. Each domain lives in its own module.
 */
export * from './common/errors.js';
export * from './common/messages.js';
export * from './common/shell-messages.js';
export * from './common/fiscal-code.js';
export * from './common/phone.js';
export * from './common/text.js';
export * from './common/money.js';
export * from './common/dates.js';
export * from './constants.js';
export * from './auth.js';
export * from './profile.js';
export * from './shop.js';
export * from './catalogue.js';
export * from './booking.js';
export * from './common/api.js';
export * from './common/flags.js';
export * from './common/paging.js';
export * from './common/file.js';
export * from './fiscal-code.js';
export * from './address.js';
export * from './voucher.js';
export * from './delivery.js';
export * from './payment.js';
export * from './prescription.js';
export * from './product-request.js';
export * from './cart.js';
export * from './order.js';
export * from './loyalty.js';
export * from './chat.js';
export * from './notification.js';
export * from './referrer.js';
export * from './gdpr.js';
export * from './privacy.js';
export * from './routes.js';
export * from './backoffice.js';
export * from './backoffice-bookings.js';
export * from './backoffice-catalogue.js';
export * from './backoffice-customers.js';
export * from './backoffice-shops.js';
export * from './backoffice-shop-settings.js';
export * from './common/validation-locale.js';
export * from './staff-alerts.js';
