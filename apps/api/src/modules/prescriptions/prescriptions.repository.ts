import { cartRequestRepository } from '../cart/index.js';

/** The user's prescriptions in the cart (the queries every cart request shares). */
export const { listInCart, findInCart, insert, update, remove, removeAllInCart } = cartRequestRepository('prescriptions');
