import {
  AdminOrderResponseSchema,
  allowedMoves,
  CUSTOMER_ORDER_MOVES,
  type CustomerOrderMove,
  customerOrderActions,
  DELIVERY_TYPES,
  type DeliveryType,
  ORDER_STATUSES,
  type OrderStatus,
  OrderResponseSchema,
  orderShippingTypeOf,
  PHARMACIST_ORDER_MOVES,
  type PharmacistOrderMove,
} from '@farmacia/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app.js';
import { ORDER_SHIPPING, insertOrder } from '../../../test/factories/orders.js';
import { setShippingConfiguration } from '../../../test/factories/cart.js';
import { bearer, type CreatedUser, createPharmacist, createShop, createUser } from '../../../test/factories/users.js';

/**
 * Issue 16: for every status × delivery type × payment state, the moves the console offers (the
 * contract's `allowedMoves`, which the console renders, applied to the order as the console
 * receives it) equal the moves the server accepts when each is actually tried over HTTP — and the
 * same for the customer's actions in the app. A refused move must be a 409, an accepted one a 200.
 */

const PAID = [0, 1] as const;
const PHARMACIST_MOVES = Object.keys(PHARMACIST_ORDER_MOVES) as PharmacistOrderMove[];
const CUSTOMER_MOVES = Object.keys(CUSTOMER_ORDER_MOVES) as CustomerOrderMove[];

describe('order moves: console and app agree with the server on every cell', () => {
  const t = useTestApp();
  let shopId: number;
  let customer: CreatedUser;
  let pharmacist: CreatedUser;

  beforeAll(async () => {
    shopId = await createShop(t.app, 'Farmacia delle Mosse');
    // Every delivery type on, and a payment type valid for each, so a payment-type change is judged on the move alone.
    await setShippingConfiguration(t.app, shopId, {
      ...ORDER_SHIPPING,
      deliveryTypes: {
        ...ORDER_SHIPPING.deliveryTypes,
        vendingMachine: { enabled: true, label: 'Distributore', methods: [{ type: 'distributore', label: 'Distributore automatico', price: 0, free_above: null }] },
      },
      paymentTypes: {
        ...ORDER_SHIPPING.paymentTypes,
        payInShop: { label: 'Pagamento in farmacia', description: 'Paghi al ritiro', shippingTypes: [...DELIVERY_TYPES] },
      },
    });
    customer = await createUser(t.app, { shopId });
    pharmacist = await createPharmacist(t.app, shopId);
  });

  const cell = (status: OrderStatus, delivery: DeliveryType, paid: number) =>
    insertOrder(t.app, {
      userId: customer.user.id,
      shopId,
      status,
      delivery_type: delivery,
      shipping_type: orderShippingTypeOf(delivery),
      payment_type: 'payInShop',
      payment_valid: paid,
      paid_at: paid ? '2030-01-01T10:00:00.000Z' : null,
    });

  /** Tries each move on its own copy of the cell's order; answers the moves the server accepted. */
  async function accepted<M extends string>(
    moves: readonly M[],
    status: OrderStatus,
    delivery: DeliveryType,
    paid: number,
    attempt: (id: number, move: M) => Promise<{ statusCode: number; body: string }>,
  ): Promise<M[]> {
    const yes: M[] = [];
    let order = await cell(status, delivery, paid);
    for (const move of moves) {
      const res = await attempt(order.id, move);
      expect([200, 409], `${move} on ${status}/${delivery}/${paid}: ${res.body}`).toContain(res.statusCode);
      if (res.statusCode !== 200) continue;
      yes.push(move);
      order = await cell(status, delivery, paid); // the move changed it: the next move starts from the cell again
    }
    return yes;
  }

  // One test per status (8 cells each), so each stays short on a busy machine.
  for (const status of ORDER_STATUSES) {
    it(`pharmacist, ${status}: the moves the console shows are exactly the moves the server accepts (0 mismatches)`, async () => {
      const mismatches: string[] = [];
      for (const delivery of DELIVERY_TYPES) {
        for (const paid of PAID) {
          const probe = await cell(status, delivery, paid);
          const got = await t.app.inject({ method: 'GET', url: `/api/admin/orders/${probe.id}`, headers: bearer(pharmacist.token) });
          const shown = allowedMoves(AdminOrderResponseSchema.parse(got.json()).data, 'pharmacist');
          const server = await accepted(PHARMACIST_MOVES, status, delivery, paid, (id, move) =>
            t.app.inject({
              method: 'POST',
              url: `/api/admin/orders/${id}/${move}`,
              headers: bearer(pharmacist.token),
              payload: move === 'finalize' ? { info: 'Pronto da giovedì' } : {},
            }),
          );
          if (shown.join() !== server.join()) mismatches.push(`${delivery}/${paid ? 'paid' : 'unpaid'}: console [${shown}] server [${server}]`);
        }
      }
      expect(mismatches).toEqual([]);
    });

    it(`customer, ${status}: the actions the app shows are exactly the moves the server accepts (0 mismatches)`, async () => {
      const mismatches: string[] = [];
      for (const delivery of DELIVERY_TYPES) {
        for (const paid of PAID) {
          const probe = await cell(status, delivery, paid);
          const got = await t.app.inject({ method: 'GET', url: `/api/order/${probe.id}`, headers: bearer(customer.token) });
          const actions = customerOrderActions(OrderResponseSchema.parse(got.json()).data);
          const shown = CUSTOMER_MOVES.filter((m) => (m === 'payment-type' ? actions.changePaymentType : actions[m]));
          const server = await accepted(CUSTOMER_MOVES, status, delivery, paid, (id, move) =>
            t.app.inject({
              method: 'POST',
              url: `/api/order/${id}/${move === 'payment-type' ? 'payment-type/payInShop' : move}`,
              headers: bearer(customer.token),
            }),
          );
          if (shown.join() !== server.join()) mismatches.push(`${delivery}/${paid ? 'paid' : 'unpaid'}: app [${shown}] server [${server}]`);
        }
      }
      expect(mismatches).toEqual([]);
    });
  }
});
