import { cartRequestRepository } from '../cart/cart-request.repository.js';

/** The user's product requests in the cart (the queries every cart request shares). */
export const { listInCart, findInCart, insert, update, remove, removeAllInCart } = cartRequestRepository('product_requests');
