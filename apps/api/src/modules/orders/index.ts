/** The public entry of the orders module: what other modules and the HTTP layer may use (docs/architecture.md). */
export { PAYMENT_ACTOR, transition } from './order-lifecycle.js';
export { amountDueCents } from './order-view.js';
export { findOrder, findOwnOrder, listOrders, ownOrderRow, type OrderCustomer } from './orders.service.js';
export type { OrderRow, OrderTables } from './orders.table.js';
