/** The public entry of the cart module: what other modules and the HTTP layer may use (docs/architecture.md). */
export { cartOwnerOf, lockCartRow, type CartOwner } from './cart-owner.js';
export { cartRequests, keepsStoredFile } from './cart-requests.js';
export { computeCartTotals, type PricedLine } from './cart-totals.js';
export { carryCartToShop, clearCart, loadCartState, setProductQuantity, type CartState } from './cart.service.js';
export type { CartTables } from './cart.table.js';
