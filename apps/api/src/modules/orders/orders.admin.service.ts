import {
  type AdminOrder,
  type AdminOrderDetail,
  type AdminOrderListQuery,
  type DeliveryType,
  euroToCents,
  type FinalizeOrderBody,
  type FinalizeOrderBodySchema,
  fillMessage,
  isMedicine,
  isOnlinePaymentType,
  messages,
  type OrderNotesBody,
  type OrderNotesBodySchema,
  type OrderStatus,
  orderMoveTarget,
  type PharmacistOrderMove,
  requiresPharmacySettlement,
} from '@farmacia/contract';
import type { z } from 'zod';
import { nowIso } from '../../db/column.js';
import { conflict, notFound, validationFailed } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { computeCartTotals, type PricedLine } from '../cart/index.js';
import { catalogueProductsByCode, type ProductRecord } from '../catalogue/index.js';
import { type OrderActorRef, orderChange, requireMove, transition, transitionNotAllowed } from './order-lifecycle.js';
import { raiseLive } from '../../live/index.js';
import { presentOrder, presentOrders } from './order-view.js';
import * as orders from './orders.repository.js';
import type { NewOrderProductRow, OrderProductRow, OrderRow } from './orders.table.js';
import { isPaymentTypeAllowed, shippingConfigurations } from '../payments/index.js';
import { abandonOpenPayments, hasPendingPayment, processRefund, recordCancellationRefund } from '../payments/index.js';
import { audit } from '../audit/index.js';
import type { VoucherTerms } from '../vouchers/index.js';
import * as repo from './orders.admin.repository.js';
import type { ActorContext, ServiceContext } from '../../context.js';

/**
 * The pharmacist's side of the order lifecycle (ARCHITECTURE §4), scoped to the staff member's
 * shop (another shop's order is 404): take charge, finalize with the final lines, prices,
 * unavailable lines, delivery date and notes, then fulfil. Every transition goes through the state
 * machine (409 when illegal) and is recorded with who and when.
 */

type Staff = Pick<AuthContext, 'id' | 'shopId' | 'role'>;

const actorOf = (staff: Staff): OrderActorRef => ({ kind: 'pharmacist', userId: staff.id, role: staff.role });

/** What the audit trail keeps of an order before and after a pharmacist's change. */
const auditView = (row: OrderRow) => ({
  id: row.id,
  status: row.status,
  total_cents: row.total_cents,
  subtotal_cents: row.subtotal_cents,
  shipping_cents: row.shipping_cents,
  discount_cents: row.discount_cents,
  total_quantity: row.total_quantity,
  payment_type: row.payment_type,
  delivery_date: row.delivery_date,
  info: row.info,
});
const auditLines = (lines: ReadonlyArray<Pick<OrderProductRow, 'code' | 'quantity' | 'unit_cents' | 'unavailable'>>) =>
  lines.map((l) => ({ code: l.code, quantity: l.quantity, unit_cents: l.unit_cents, unavailable: l.unavailable === 1 }));

async function shopOrder(ctx: ServiceContext, staff: Staff, id: number): Promise<OrderRow> {
  const row = await orders.findShopOrder(ctx.db, staff.shopId, id);
  if (!row) throw notFound(messages.orders.notFound);
  return row;
}

async function detail(ctx: ServiceContext, row: OrderRow): Promise<AdminOrderDetail> {
  const [order, customer, events] = await Promise.all([
    presentOrder(ctx, row),
    repo.findCustomer(ctx.db, row.user_id),
    repo.listOrderEventsWithActors(ctx.db, row.id),
  ]);
  return {
    ...order,
    customer: customer ?? { id: row.user_id, name: '', email: '', phone_number: null },
    events: events.map((e) => ({
      id: e.id,
      from_status: e.from_status,
      to_status: e.to_status,
      actor_role: e.actor_role,
      actor_user_id: e.actor_user_id,
      actor_name: e.actor_name ?? null,
      note: e.note,
      created_at: e.created_at,
    })),
  };
}

export async function listShopOrders(
  ctx: ServiceContext,
  staff: Staff,
  query: AdminOrderListQuery,
): Promise<{ data: AdminOrder[]; total: number; p: number; rpp: number }> {
  const { rows, total } = await orders.listShopOrders(ctx.db, staff.shopId, {
    ...(query.status ? { statuses: query.status } : {}),
    ...(query.q ? { q: query.q } : {}),
    limit: query.rpp,
    offset: (query.p - 1) * query.rpp,
  });
  const presented = await presentOrders(ctx, rows);
  const data = presented.map((order, i) => {
    const row = rows[i] as (typeof rows)[number];
    return { ...order, customer: { id: row.user_id, name: row.customer_name, email: row.customer_email, phone_number: row.customer_phone } };
  });
  return { data, total, p: query.p, rpp: query.rpp };
}

export async function getShopOrder(ctx: ServiceContext, staff: Staff, id: number): Promise<AdminOrderDetail> {
  return detail(ctx, await shopOrder(ctx, staff, id));
}

/**
 * A simple move by the pharmacist (every one but `finalize`): accepted exactly when the contract's
 * `allowedMoves` lists it for the order (409 with the reason otherwise).
 */
export async function moveOrder(
  ctx: ActorContext,
  id: number,
  move: Exclude<PharmacistOrderMove, 'finalize'>,
  note: string | null,
): Promise<AdminOrderDetail> {
  const staff = ctx.actor;
  const row = await shopOrder(ctx, staff, id);
  requireMove(row, 'pharmacist', move);
  const to = orderMoveTarget('pharmacist', move);
  // Reopening for changes: not while the bank decides (a payment in flight is not part of the order's facts).
  if (move === 'reopen' && (await hasPendingPayment(ctx.db, row.id))) {
    throw conflict('ORDER_PAYMENT_IN_PROGRESS', messages.orders.paymentInProgress);
  }
  let refundId: number | null = null;
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const moved = await transition(trx, { order: row, to, actor: actorOf(staff), note });
    if (to === 'managing' || to === 'cancelled') await abandonOpenPayments(trx, row.id);
    // A paid order cancelled is refunded in full: recorded with the cancel, sent once committed (decision 0515).
    if (to === 'cancelled') refundId = await recordCancellationRefund(trx, moved, { userId: staff.id, role: staff.role });
    await audit(trx, ctx, {
      action: move,
      entity: 'order',
      entityId: row.id,
      before: auditView(row),
      after: { ...auditView(moved), ...(note ? { note } : {}) },
      shopId: row.shop_id,
    });
    return moved;
  });
  if (refundId !== null) await processRefund(ctx, refundId);
  return detail(ctx, updated);
}

type FinalizeInput = z.output<typeof FinalizeOrderBodySchema>;

interface FinalLines {
  rows: Omit<NewOrderProductRow, 'order_id'>[];
  priced: PricedLine[];
}

/**
 * The final lines: every line sent replaces the one with its code (quantity, unit price,
 * unavailable); a code the order did not have is added (its name from the catalogue, or given);
 * a line not sent stays in the order marked unavailable, so the customer sees what is missing.
 */
async function finalLines(ctx: ServiceContext, shopId: number, current: readonly OrderProductRow[], body: FinalizeInput): Promise<FinalLines> {
  const byCode = new Map(current.map((l) => [l.code, l]));
  if (!body.products) {
    return {
      rows: current.map(({ id: _id, order_id: _o, ...rest }) => rest),
      priced: current.filter((l) => l.unavailable !== 1).map(pricedOf),
    };
  }
  const seen = new Set<string>();
  const newCodes = body.products.filter((p) => !byCode.has(p.code)).map((p) => p.code);
  const catalogue = await catalogueProductsByCode(ctx.db, shopId, newCodes);
  const errors: Record<string, string[]> = {};
  const rows: Omit<NewOrderProductRow, 'order_id'>[] = [];
  body.products.forEach((line, i) => {
    if (seen.has(line.code)) errors[`products.${i}.code`] = [fillMessage(messages.orders.duplicateLines, { code: line.code })];
    seen.add(line.code);
    const existing = byCode.get(line.code);
    const product = catalogue.get(line.code);
    const name = existing?.name ?? line.name ?? product?.nome_prodotto;
    if (!name) errors[`products.${i}.name`] = [fillMessage(messages.orders.lineNameRequired, { code: line.code })];
    const unit = euroToCents(line.price);
    rows.push({
      position: rows.length,
      code: line.code,
      name: name ?? line.code,
      requested_quantity: existing?.requested_quantity ?? 0,
      requested_unit_cents: existing?.requested_unit_cents ?? unit,
      quantity: line.quantity,
      unit_cents: unit,
      total_cents: unit * line.quantity,
      promo: existing?.promo ?? product?.promo ?? 0,
      prescription_only: existing?.prescription_only ?? product?.prescription_only ?? 0,
      medicine: existing?.medicine ?? (addedLineIsMedicine(product, line.medicine) ? 1 : 0),
      unavailable: line.unavailable ? 1 : 0,
      added_by_pharmacist: existing ? existing.added_by_pharmacist : 1,
    });
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  for (const line of current) {
    if (seen.has(line.code)) continue;
    const { id: _id, order_id: _o, ...rest } = line;
    rows.push({ ...rest, position: rows.length, unavailable: 1 });
  }
  return {
    rows,
    priced: rows.filter((r) => r.unavailable !== 1).map(pricedOf),
  };
}

/**
 * Whether a line the pharmacist adds is a medicine: a catalogue product by its own flags; a code
 * the catalogue does not have as the pharmacist says, and a medicine when they do not say — the
 * law's safe side, no discount code nor points on it (decision 0699).
 */
function addedLineIsMedicine(product: ProductRecord | undefined, said: boolean | undefined): boolean {
  return product ? isMedicine(product) : (said ?? true);
}

/** An order line as the voucher rules read it. */
const pricedOf = (r: Pick<NewOrderProductRow, 'code' | 'quantity' | 'unit_cents' | 'promo' | 'medicine'>): PricedLine => ({
  code: r.code,
  quantity: r.quantity,
  unitCents: r.unit_cents,
  promo: r.promo === 1,
  medicine: r.medicine === 1,
});

/**
 * `POST /admin/orders/{id}/finalize` (managing → finalizing): final lines and prices, totals
 * recomputed with the delivery price and the voucher as they were at checkout, delivery date,
 * notes for the customer. An order that ends up with prescription-only medicines (or carries
 * prescriptions) is settled at the pharmacy: its payment type must be an offline one.
 */
export async function finalizeOrder(ctx: ActorContext, id: number, body: FinalizeInput): Promise<AdminOrderDetail> {
  const staff = ctx.actor;
  const row = await shopOrder(ctx, staff, id);
  requireMove(row, 'pharmacist', 'finalize');
  const current = await orders.listOrderProducts(ctx.db, [row.id]);
  const lines = await finalLines(ctx, row.shop_id, current, body);
  const prescriptions = await ctx.db
    .selectFrom('prescriptions')
    .select('id')
    .where('order_id', '=', row.id)
    .limit(1)
    .execute();
  const settledAtPharmacy = requiresPharmacySettlement(prescriptions.length, lines.rows);
  const paymentType = body.paymentType ?? row.payment_type;
  if (settledAtPharmacy && isOnlinePaymentType(paymentType)) {
    throw validationFailed({ paymentType: [messages.orders.pharmacySettlement] });
  }
  if (body.paymentType && body.paymentType !== row.payment_type) {
    const config = await shippingConfigurations(ctx, row.shop_id);
    if (!isPaymentTypeAllowed(config, body.paymentType, row.delivery_type as DeliveryType, settledAtPharmacy)) {
      throw validationFailed({ paymentType: [messages.orders.paymentTypeNotAllowed] });
    }
  }
  const terms = row.voucher_terms_json ? (JSON.parse(row.voucher_terms_json) as VoucherTerms) : undefined;
  const totals = computeCartTotals({
    lines: lines.priced,
    shipping: { priceCents: row.shipping_price_cents, freeAboveCents: row.shipping_free_above_cents },
    voucher: terms,
    // The voucher is judged as on the day of the checkout: it was valid then.
    now: new Date(row.created_at),
  });
  const updated = await ctx.db.transaction().execute(async (trx) => {
    await orders.deleteOrderProducts(trx, row.id);
    await orders.insertOrderProducts(trx, lines.rows.map((l) => ({ ...l, order_id: row.id })));
    const finalized = await transition(trx, {
      order: row,
      to: 'finalizing',
      actor: actorOf(staff),
      changes: {
        subtotal_cents: totals.subTotalCents,
        shipping_cents: totals.shippingCents,
        total_cents: totals.totalCents,
        discount_cents: totals.discountCents,
        total_quantity: totals.totalQuantity,
        requires_pharmacy_settlement: settledAtPharmacy ? 1 : 0,
        payment_type: paymentType,
        ...(body.delivery_date !== undefined ? { delivery_date: body.delivery_date } : {}),
        info: body.info,
      },
    });
    await audit(trx, ctx, {
      action: 'finalize',
      entity: 'order',
      entityId: row.id,
      before: { ...auditView(row), products: auditLines(current) },
      after: { ...auditView(finalized), products: auditLines(lines.rows) },
      shopId: row.shop_id,
    });
    return finalized;
  });
  return detail(ctx, updated);
}

/** `PUT /admin/orders/{id}/notes`: the delivery date and notes change while the order is open. */
export async function updateNotes(
  ctx: ActorContext,
  id: number,
  body: z.output<typeof OrderNotesBodySchema>,
): Promise<AdminOrderDetail> {
  const row = await shopOrder(ctx, ctx.actor, id);
  const open: OrderStatus[] = ['created', 'managing', 'finalizing', 'confirmed', 'processing', 'shipped'];
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const changed = await orders.updateOrderIn(trx, row.id, open, {
      ...(body.delivery_date !== undefined ? { delivery_date: body.delivery_date } : {}),
      info: body.info,
      updated_at: nowIso(),
    });
    if (!changed) throw transitionNotAllowed();
    await raiseLive(trx, orderChange(changed, 'changed'));
    await audit(trx, ctx, { action: 'notes', entity: 'order', entityId: row.id, before: auditView(row), after: auditView(changed), shopId: row.shop_id });
    return changed;
  });
  return detail(ctx, updated);
}

export type { FinalizeOrderBody, OrderNotesBody };
