import {
  type Address,
  centsToEuro,
  type DeliveryType,
  type Order,
  type OrderProduct,
  type PaymentType,
  type Voucher,
} from '@farmacia/contract';
import { loadOrderAttachments } from './order-attachments.js';
import * as repo from './orders.repository.js';
import type { OrderRow, ShownOrderProductRow, ShownOrderRow } from './orders.table.js';
import type { ServiceContext } from '../../context.js';

function parseJson<T>(text: string | null): T | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

export function toOrderProduct(line: ShownOrderProductRow): OrderProduct {
  return {
    code: line.code,
    name: line.name,
    quantity: line.quantity,
    price: centsToEuro(line.unit_cents),
    total: line.unavailable === 1 ? 0 : centsToEuro(line.total_cents),
    prescription_only: line.prescription_only === 1,
    unavailable: line.unavailable === 1,
  };
}

/** The order as the API answers it (spec §3): euro on the wire, cents in the database. */
export function toOrder(
  row: ShownOrderRow,
  lines: readonly ShownOrderProductRow[],
  attachments: Pick<Order, 'prescriptions' | 'product_requests'>,
): Order {
  const voucher = parseJson<Voucher>(row.voucher_json);
  return {
    id: row.id,
    status: row.status,
    created_at: row.created_at,
    updated_at: row.updated_at,
    prescriptions: attachments.prescriptions,
    products: lines.map(toOrderProduct),
    product_requests: attachments.product_requests,
    totalQuantity: row.total_quantity,
    subTotal: centsToEuro(row.subtotal_cents),
    total: centsToEuro(row.total_cents),
    discount_amount: centsToEuro(row.discount_cents),
    vouchers: voucher ? [voucher] : [],
    shippingType: row.shipping_type,
    delivery_type: row.delivery_type as DeliveryType,
    shippingMethod: {
      type: row.shipping_method_type,
      label: row.shipping_method_label,
      price: centsToEuro(row.shipping_cents),
    },
    address: parseJson<Address>(row.address_json),
    paymentType: row.payment_type as PaymentType,
    payment: { valid: row.payment_valid === 1 ? 1 : 0 },
    requires_pharmacy_settlement: row.requires_pharmacy_settlement === 1,
    delivery_date: row.delivery_date,
    info: row.info,
    note: row.note,
    receipt_fiscal_code: row.receipt_fiscal_code,
  };
}

/**
 * Orders with their lines, prescriptions and product requests, loaded in three queries (two when
 * the caller read the lines with the orders: `lines`, in order and position order).
 */
export async function presentOrders(ctx: ServiceContext, rows: readonly ShownOrderRow[], lines?: readonly ShownOrderProductRow[]): Promise<Order[]> {
  const ids = rows.map((r) => r.id);
  const [allLines, attachments] = await Promise.all([lines ?? repo.listOrderProducts(ctx.db, ids), loadOrderAttachments(ctx, ids)]);
  const linesByOrder = new Map<number, ShownOrderProductRow[]>();
  for (const line of allLines) {
    const list = linesByOrder.get(line.order_id) ?? [];
    list.push(line);
    linesByOrder.set(line.order_id, list);
  }
  return rows.map((row) =>
    toOrder(row, linesByOrder.get(row.id) ?? [], {
      prescriptions: attachments.prescriptions.get(row.id) ?? [],
      product_requests: attachments.productRequests.get(row.id) ?? [],
    }),
  );
}

export async function presentOrder(ctx: ServiceContext, row: OrderRow): Promise<Order> {
  const [order] = await presentOrders(ctx, [row]);
  return order as Order;
}

/** What the customer pays: total minus discount, never negative. */
export function amountDueCents(row: Pick<OrderRow, 'total_cents' | 'discount_cents'>): number {
  return Math.max(0, row.total_cents - row.discount_cents);
}
