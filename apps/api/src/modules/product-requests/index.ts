/** The public entry of the product-requests module: what other modules and the HTTP layer may use (docs/architecture.md). */
export { deleteAllProductRequestsInCart, presentProductRequests, productRequestsInCart } from './product-requests.service.js';
export type { ProductRequestTables } from './product-requests.table.js';
