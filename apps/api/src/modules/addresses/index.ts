/** The public entry of the addresses module: what other modules and the HTTP layer may use (docs/architecture.md). */
export { findDeliveryAddress } from './addresses.service.js';
export type { AddressTables } from './addresses.table.js';
