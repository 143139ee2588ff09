import type { Prescription, ProductRequest } from '@farmacia/contract';
import { presentPrescriptions } from '../prescriptions/index.js';
import { presentProductRequests } from '../product-requests/index.js';
import type { ServiceContext } from '../../context.js';
import { preparedQuery } from '../../db/prepared-query.js';

/**
 * The prescriptions and product requests an order carries. The checkout moves them from the cart
 * to the order (their `order_id`); they are presented by their own modules (files included).
 */
export interface OrderAttachments {
  prescriptions: Map<number, Prescription[]>;
  productRequests: Map<number, ProductRequest[]>;
}

// Read for every order list and order page: built and compiled once (decision 0553).
const prescriptionsOf = preparedQuery((db, v: { ids: number[] }) => db.selectFrom('prescriptions').selectAll().where('order_id', 'in', v.ids).orderBy('id'));
const requestsOf = preparedQuery((db, v: { ids: number[] }) => db.selectFrom('product_requests').selectAll().where('order_id', 'in', v.ids).orderBy('id'));

export async function loadOrderAttachments(ctx: ServiceContext, orderIds: readonly number[]): Promise<OrderAttachments> {
  const prescriptions = new Map<number, Prescription[]>();
  const productRequests = new Map<number, ProductRequest[]>();
  if (orderIds.length === 0) return { prescriptions, productRequests };
  const ids = [...orderIds];
  const [prescriptionRows, requestRows] = await Promise.all([prescriptionsOf(ctx.db, { ids }), requestsOf(ctx.db, { ids })]);
  const presentedPrescriptions = await presentPrescriptions(ctx, prescriptionRows);
  prescriptionRows.forEach((row, i) => {
    const list = prescriptions.get(row.order_id as number) ?? [];
    list.push(presentedPrescriptions[i] as Prescription);
    prescriptions.set(row.order_id as number, list);
  });
  const presentedRequests = await presentProductRequests(ctx, requestRows);
  requestRows.forEach((row, i) => {
    const list = productRequests.get(row.order_id as number) ?? [];
    list.push(presentedRequests[i] as ProductRequest);
    productRequests.set(row.order_id as number, list);
  });
  return { prescriptions, productRequests };
}
