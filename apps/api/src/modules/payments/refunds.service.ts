import { randomBytes } from 'node:crypto';
import {
  canRefund,
  canRetryRefund,
  centsToEuro,
  euroToCents,
  fillMessage,
  formatCents,
  messages,
  type OrderRefunds,
  orderRefundState,
  paymentProviderMessages,
  refundableCents,
  refundAmountRefusal,
  refundedCents,
} from '@farmacia/contract';
import type { ActorContext, ServiceContext } from '../../context.js';
import { nowIso } from '../../db/column.js';
import type { Executor } from '../../db/database.js';
import { conflict, forbidden, notFound, validationFailed } from '../../errors.js';
import { providerFor } from '../../payments/config.js';
import { ProviderUnreachable } from '../../payments/http.js';
import { ProviderError, type ProviderName, type RefundReport, type RefundRequest } from '../../payments/provider.js';
import { audit } from '../audit/index.js';
import { notifyUser } from '../notifications/index.js';
import { findOrder, type OrderCustomer, type OrderRow, ownOrderRow } from '../orders/index.js';
import type { PaymentRow, RefundRow } from './payments.table.js';
import * as repo from './refunds.repository.js';

/**
 * Refunds of orders paid online (issue 19, decision 0515). The discipline of the payments: the
 * refund is written first (`requested`, with the key the provider receives), the provider is
 * asked with no transaction held, and its answer moves the row only from the status it was read
 * in. A crash between asking and recording leaves a `requested` row; the reconciler asks again
 * with the same key, which the provider answers with the refund it already made (Nexi
 * Idempotency-Key, PayPal-Request-Id) or which the adapter checks against the provider's record
 * first (Axerve). One refund in flight per order (a partial unique index) keeps that unambiguous.
 */

/** A key nobody else sends: the refund's id and attempt, and randomness so a restored database never repeats one. */
const newKey = (orderId: number) => `R${orderId}K${Date.now().toString(36).toUpperCase()}${randomBytes(6).toString('hex').toUpperCase()}`;

/** A refund the reconciler takes up only when its request is this old: it never races the request still asking. */
export const RECONCILE_AFTER_MS = 2 * 60_000;

interface RefundActor {
  userId: number | null;
  role: string;
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** The order's refunds as both sides show them. */
async function refundsView(db: Executor, order: OrderRow): Promise<OrderRefunds> {
  const [payment, rows] = await Promise.all([repo.approvedPayment(db, order.id), repo.listOrderRefunds(db, order.id)]);
  const paid = payment?.amount_cents ?? 0;
  return {
    paid: centsToEuro(paid),
    refunded: centsToEuro(refundedCents(rows)),
    refundable: centsToEuro(refundableCents(paid, rows)),
    state: orderRefundState(paid, rows),
    refunds: rows.map((r) => ({
      id: r.id,
      amount: centsToEuro(r.amount_cents),
      reason: r.reason,
      provider: r.provider,
      status: r.status,
      attempts: r.attempts,
      error: r.error,
      created_at: r.created_at,
      updated_at: r.updated_at,
      settled_at: r.settled_at,
      can_retry: canRetryRefund(r, paid, rows),
    })),
  };
}

async function insertRequested(
  db: Executor,
  order: OrderRow,
  payment: PaymentRow,
  input: { amountCents: number; reason: string; requestId: string | null; actor: RefundActor },
): Promise<RefundRow> {
  const at = nowIso();
  return repo.insertRefund(db, {
    order_id: order.id,
    shop_id: order.shop_id,
    payment_id: payment.id,
    provider: payment.provider,
    amount_cents: input.amountCents,
    currency: payment.currency,
    reason: input.reason,
    status: 'requested',
    idempotency_key: newKey(order.id),
    request_id: input.requestId,
    provider_ref: null,
    attempts: 1,
    error: null,
    actor_user_id: input.actor.userId,
    actor_role: input.actor.role,
    created_at: at,
    updated_at: at,
    settled_at: null,
  });
}

/**
 * In the transaction that cancels a paid order: the refund of what is left, recorded as
 * requested (the caller sends it with `processRefund` once committed). Null when nothing is to
 * be refunded (not paid online, all given back) or another refund is in flight.
 */
export async function recordCancellationRefund(trx: Executor, order: OrderRow, actor: RefundActor): Promise<number | null> {
  const payment = await repo.approvedPayment(trx, order.id);
  if (!payment) return null;
  const refunds = await repo.listOrderRefunds(trx, order.id);
  const amountCents = refundableCents(payment.amount_cents, refunds);
  if (refundAmountRefusal(amountCents, payment.amount_cents, refunds) !== null) return null;
  const row = await insertRequested(trx, order, payment, { amountCents, reason: messages.refunds.cancelledReason, requestId: null, actor });
  return row.id;
}

function requestOf(refund: RefundRow, payment: PaymentRow, others: readonly RefundRow[]): RefundRequest {
  return {
    payment: {
      providerRef: payment.provider_ref ?? payment.reference,
      reference: payment.reference,
      token: payment.token,
      amountCents: payment.amount_cents,
      currency: payment.currency,
      authorizationCode: payment.authorization_code,
    },
    amountCents: refund.amount_cents,
    currency: refund.currency,
    key: refund.idempotency_key,
    reason: refund.reason,
    providerRef: refund.provider_ref,
    otherRefundedCents: others.filter((r) => r.id !== refund.id && r.payment_id === payment.id && r.status === 'approved').reduce((s, r) => s + r.amount_cents, 0),
  };
}

/** Records what the provider said, once: the customer hears of money given back in the same transaction. */
async function applyReport(ctx: ServiceContext, refund: RefundRow, report: RefundReport): Promise<RefundRow> {
  const at = nowIso();
  return ctx.db.transaction().execute(async (trx) => {
    const moved = await repo.updateRefundFrom(trx, refund.id, [refund.status], {
      status: report.outcome,
      provider_ref: report.providerRef ?? refund.provider_ref,
      error: report.outcome === 'refused' ? (report.detail ?? paymentProviderMessages.refundRefused) : null,
      updated_at: at,
      ...(report.outcome === 'pending' ? {} : { settled_at: at }),
    });
    if (!moved) return (await repo.findRefund(trx, refund.id)) ?? refund;
    if (moved.status === 'approved') {
      const order = await findOrder(trx, moved.order_id);
      if (order) {
        const values = { id: order.id, amount: formatCents(moved.amount_cents) };
        const body = fillMessage(messages.refunds.notifyApproved, values);
        const subject = fillMessage(messages.refunds.notifySubject, values);
        await notifyUser(trx, order.user_id, { title: subject, body, url: `/app/orders/${order.id}`, tag: `order-${order.id}`, email: { subject, text: body } });
      }
    }
    return moved;
  });
}

/**
 * Asks the provider for a refund (or where a pending one stands) and records its answer. When
 * the provider cannot be reached or answers nonsense the refund stays as it was, for the next
 * reconciliation: its answer is unknown, never taken for a refusal.
 */
export async function processRefund(ctx: ServiceContext, refundId: number): Promise<RefundRow | undefined> {
  const refund = await repo.findRefund(ctx.db, refundId);
  if (!refund || (refund.status !== 'requested' && refund.status !== 'pending')) return refund;
  const payment = await ctx.db.selectFrom('payments').selectAll().where('id', '=', refund.payment_id).executeTakeFirstOrThrow();
  const adapter = await providerFor(ctx, refund.shop_id, refund.provider as ProviderName);
  if (!adapter) return applyReport(ctx, refund, { outcome: 'refused', providerRef: null, detail: messages.payment.providerNotConfigured });
  const request = requestOf(refund, payment, await repo.listOrderRefunds(ctx.db, refund.order_id));
  let report: RefundReport;
  try {
    report = refund.status === 'requested' ? await adapter.refund(request) : await adapter.refundStatus(request);
  } catch (error) {
    if (!(error instanceof ProviderError) && !(error instanceof ProviderUnreachable)) throw error;
    ctx.log.warn({ err: error, refundId }, 'refund: provider answer unknown, left for the reconciler');
    return refund;
  }
  return applyReport(ctx, refund, report);
}

/**
 * Finishes what a crash or an unreachable provider left: `requested` refunds older than
 * RECONCILE_AFTER_MS are asked again with their key, `pending` ones are asked where they stand.
 */
export async function reconcileRefunds(ctx: ServiceContext, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - RECONCILE_AFTER_MS).toISOString();
  let settled = 0;
  for (const refund of await repo.listUnsettledRefunds(ctx.db, 100)) {
    if (refund.status === 'requested' && refund.updated_at > before) continue;
    const after = await processRefund(ctx, refund.id);
    if (after && after.status !== refund.status) settled++;
  }
  return settled;
}

async function staffOrder(ctx: ActorContext, orderId: number): Promise<OrderRow> {
  if (!canRefund(ctx.actor.role)) throw forbidden();
  const order = await findOrder(ctx.db, orderId);
  if (!order || order.shop_id !== ctx.actor.shopId) throw notFound(messages.orders.notFound);
  return order;
}

export async function getOrderRefunds(ctx: ActorContext, orderId: number): Promise<OrderRefunds> {
  return refundsView(ctx.db, await staffOrder(ctx, orderId));
}

/** The customer's view of their order's refunds (another's order: 404). */
export async function customerOrderRefunds(ctx: ServiceContext, customer: OrderCustomer, orderId: number): Promise<OrderRefunds> {
  return refundsView(ctx.db, await ownOrderRow(ctx, customer, orderId));
}

const inFlight = () => conflict('REFUND_IN_PROGRESS', messages.refunds.inFlight);

/**
 * `POST /admin/orders/{id}/refunds`: a refund of `amount` euro with its reason, by the shop's
 * staff. The amount must fit what is left (422 on the field); the same `request_id` twice is one
 * refund; another refund in flight is 409.
 */
export async function requestRefund(
  ctx: ActorContext,
  orderId: number,
  body: { amount: number; reason: string; request_id?: string | undefined },
): Promise<OrderRefunds> {
  const order = await staffOrder(ctx, orderId);
  const requestId = body.request_id ?? null;
  if (requestId) {
    const earlier = await repo.findRefundByRequest(ctx.db, order.id, requestId);
    if (earlier) return refundsView(ctx.db, order);
  }
  const payment = await repo.approvedPayment(ctx.db, order.id);
  const refunds = await repo.listOrderRefunds(ctx.db, order.id);
  const paid = payment?.amount_cents ?? 0;
  const amountCents = euroToCents(body.amount);
  switch (refundAmountRefusal(amountCents, paid, refunds)) {
    case 'notPaid':
      throw conflict('ORDER_NOT_PAID_ONLINE', messages.refunds.notPaid);
    case 'notPositive':
      throw validationFailed({ amount: [messages.refunds.amountInvalid] });
    case 'overRemainder':
      throw validationFailed({ amount: [fillMessage(messages.refunds.overRemainder, { max: formatCents(refundableCents(paid, refunds)) })] });
    case 'inFlight':
      throw inFlight();
    case null:
      break;
  }
  let refund: RefundRow;
  try {
    refund = await ctx.db.transaction().execute(async (trx) => {
      const row = await insertRequested(trx, order, payment as PaymentRow, {
        amountCents,
        reason: body.reason,
        requestId,
        actor: { userId: ctx.actor.id, role: ctx.actor.role },
      });
      await audit(trx, ctx, { action: 'refund', entity: 'order', entityId: order.id, shopId: order.shop_id, after: auditView(row), reason: body.reason });
      return row;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // A double submit racing itself, or another refund that started meanwhile.
    if (requestId && (await repo.findRefundByRequest(ctx.db, order.id, requestId))) return refundsView(ctx.db, order);
    throw inFlight();
  }
  await processRefund(ctx, refund.id);
  return refundsView(ctx.db, order);
}

const auditView = (r: RefundRow) => ({ refund_id: r.id, amount_cents: r.amount_cents, provider: r.provider, status: r.status, attempts: r.attempts });

/** `POST /admin/orders/{id}/refunds/{refundId}/retry`: a refused refund sent again, with a new key (the old one is the refusal). */
export async function retryRefund(ctx: ActorContext, orderId: number, refundId: number): Promise<OrderRefunds> {
  const order = await staffOrder(ctx, orderId);
  const refund = await repo.findRefund(ctx.db, refundId);
  if (!refund || refund.order_id !== order.id) throw notFound(messages.refunds.notFound);
  const payment = await repo.approvedPayment(ctx.db, order.id);
  const refunds = await repo.listOrderRefunds(ctx.db, order.id);
  if (!canRetryRefund(refund, payment?.amount_cents ?? 0, refunds)) throw conflict('REFUND_NOT_RETRYABLE', messages.refunds.notRetryable);
  let moved: RefundRow | undefined;
  try {
    moved = await ctx.db.transaction().execute(async (trx) => {
      const row = await repo.updateRefundFrom(trx, refund.id, ['refused'], {
        status: 'requested',
        idempotency_key: newKey(order.id),
        attempts: refund.attempts + 1,
        error: null,
        provider_ref: null,
        settled_at: null,
        updated_at: nowIso(),
      });
      if (row) await audit(trx, ctx, { action: 'refund_retry', entity: 'order', entityId: order.id, shopId: order.shop_id, before: auditView(refund), after: auditView(row) });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw inFlight();
    throw error;
  }
  // Retried by someone else a moment ago: what they started is what the view shows.
  if (moved) await processRefund(ctx, moved.id);
  return refundsView(ctx.db, order);
}
