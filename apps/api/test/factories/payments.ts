import { PaymentCreateResponseSchema, PaymentIdResponseSchema, type PaymentType } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import type { OrderRow } from '../../src/modules/orders/orders.table.js';
import { insertOrder } from './orders.js';
import { bearer } from './users.js';

/** Helpers of the payment suites: a browser's steps through the sandbox, and what the database says. */

/** Path and query of an absolute URL, for `inject`. */
export function pathOf(url: string): string {
  const u = new URL(url, 'http://localhost');
  return `${u.pathname}${u.search}`;
}

/** A form post, as a browser submits an HTML form. */
export function postForm(app: FastifyInstance, url: string, fields: Record<string, unknown>) {
  const body = new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)])).toString();
  return app.inject({
    method: 'POST',
    url: pathOf(url),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
  });
}

/** An order waiting for the customer's confirmation, to be paid with `paymentType` (25,00 € unless told). */
export function finalizingOrder(
  app: FastifyInstance,
  owner: { userId: number; shopId: number },
  paymentType: PaymentType,
  over: Partial<Omit<OrderRow, 'id'>> = {},
): Promise<OrderRow> {
  return insertOrder(app, { ...owner, status: 'finalizing', payment_type: paymentType, ...over });
}

export async function createPaymentOver(app: FastifyInstance, token: string, method: string, orderId: number) {
  const res = await app.inject({ method: 'GET', url: `/api/payment/${method}/create/${orderId}`, headers: bearer(token) });
  return { res, body: res.statusCode === 200 ? PaymentCreateResponseSchema.parse(res.json()) : undefined };
}

export async function paymentIdOver(app: FastifyInstance, token: string, method: string, ref: string) {
  const res = await app.inject({ method: 'GET', url: `/api/payment/${method}/payment-id/${encodeURIComponent(ref)}`, headers: bearer(token) });
  return { res, body: res.statusCode === 200 ? PaymentIdResponseSchema.parse(res.json()) : undefined };
}

export function orderRow(app: FastifyInstance, id: number) {
  return app.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export function paymentsOf(app: FastifyInstance, orderId: number) {
  return app.db.selectFrom('payments').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

export function paymentEventsOf(app: FastifyInstance, orderId: number) {
  return app.db.selectFrom('payment_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

export function orderEventsOf(app: FastifyInstance, orderId: number) {
  return app.db.selectFrom('order_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

/** A query string of an absolute or relative URL as a plain object. */
export function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'http://localhost').searchParams);
}
