import { randomBytes } from 'node:crypto';
import {
  canPayOnline,
  centsToEuro,
  fillMessage,
  isOnlinePaymentType,
  messages,
  type OnlinePaymentType,
  PAYMENT_PROVIDER_OF,
  type PaymentCreateResponse,
  type PaymentIdResponse,
  paymentLogMessages,
  paymentProviderMessages,
  type PaymentType,
} from '@farmacia/contract';
import { nowIso } from '../../db/column.js';
import { conflict, notFound } from '../../errors.js';
import { browserUrl, providerFor } from '../../payments/config.js';
import { ProviderUnreachable } from '../../payments/http.js';
import { claimedProviderRef } from '../../payments/notification-ref.js';
import {
  type InboundNotification,
  NotificationRejected,
  type PaymentCallbackUrls,
  type PaymentReport,
  ProviderError,
  type ProviderName,
} from '../../payments/provider.js';
import { PAYMENT_ACTOR, transition } from '../orders/index.js';
import { amountDueCents } from '../orders/index.js';
import { findOrder } from '../orders/index.js';
import { findOwnOrder, type OrderCustomer, ownOrderRow } from '../orders/index.js';
import type { OrderRow } from '../orders/index.js';
import { getProfile } from '../accounts/index.js';
import type { Executor } from '../../db/database.js';
import * as repo from './payments.repository.js';
import type { PaymentEventOutcome, PaymentEventSource, PaymentRow, PaymentStatus } from './payments.table.js';
import type { ServiceContext } from '../../context.js';

/**
 * Online payments of orders (spec §4, §7; ARCHITECTURE §4/§7 Payments). The amount always comes
 * from the order. An order becomes paid and confirmed only on a statement the provider verifiably
 * made — a MAC-signed notification (Nexi), the payment detail fetched with our API key (Axerve),
 * the capture or a signature-checked webhook (PayPal) — never on what a browser says. A replayed
 * statement changes nothing; a forged or mismatching one is refused; all are logged.
 */

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Our transaction code: unique, ≤ 30 letters and digits (Nexi refuses a codTrans it has seen). */
export function newPaymentReference(orderId: number): string {
  const random = [...randomBytes(5)].map((b) => ALNUM[b % ALNUM.length]).join('');
  return `F${orderId}T${Date.now().toString(36).toUpperCase()}${random}`.slice(0, 30);
}

export function providerOfMethod(method: PaymentType): ProviderName | null {
  return isOnlinePaymentType(method) ? PAYMENT_PROVIDER_OF[method] : null;
}

function callbackUrls(ctx: ServiceContext, method: PaymentType, provider: ProviderName): PaymentCallbackUrls {
  const base = ctx.config.publicUrl.replace(/\/+$/, '');
  const end = (status: 'OK' | 'KO') => `${base}/app/payment-end?status=${status}&paymentMethod=${encodeURIComponent(method)}`;
  return {
    buyerOk: end('OK'),
    buyerKo: end('KO'),
    browserReturn: `${base}/api/payment/nexi/return`,
    browserBack: `${base}/api/payment/nexi/back`,
    notification: `${base}/api/payment/${provider}/notify`,
  };
}

const notPayable = () => conflict('ORDER_NOT_PAYABLE', messages.payment.cannotPay);

/**
 * Spec §4: online payment exactly when the contract's `canPayOnline` says so (the rule the app's
 * "Conferma e paga" follows), and through the provider of the order's type.
 */
function assertPayable(order: OrderRow, provider: ProviderName): void {
  const facts = {
    status: order.status,
    paymentType: order.payment_type,
    payment: { valid: order.payment_valid },
    requires_pharmacy_settlement: order.requires_pharmacy_settlement === 1,
    total: centsToEuro(order.total_cents),
    discount_amount: centsToEuro(order.discount_cents),
  };
  if (!canPayOnline(facts)) {
    // The one refusal worth its own words: a proposal settled at the pharmacy (decision 0221).
    const settled = canPayOnline({ ...facts, requires_pharmacy_settlement: false });
    throw settled ? conflict('ORDER_NOT_PAYABLE', messages.orders.pharmacySettlement) : notPayable();
  }
  if (PAYMENT_PROVIDER_OF[order.payment_type as OnlinePaymentType] !== provider) {
    throw conflict('PAYMENT_METHOD_MISMATCH', messages.payment.methodMismatch);
  }
}

const errorAnswer = (code: string, description: string): PaymentCreateResponse => ({
  error: { code, description },
  submit: null,
  payload: null,
});

async function logEvent(
  db: Executor,
  event: {
    provider: string;
    providerRef: string | null;
    payment: PaymentRow | null;
    source: PaymentEventSource;
    outcome: PaymentEventOutcome;
    reason: string | null;
    payload: unknown;
    ip: string | null;
  },
): Promise<void> {
  const text = event.payload === undefined ? null : JSON.stringify(event.payload);
  await repo.insertPaymentEvent(db, {
    provider: event.provider,
    provider_ref: event.providerRef,
    payment_id: event.payment?.id ?? null,
    order_id: event.payment?.order_id ?? null,
    source: event.source,
    outcome: event.outcome,
    reason: event.reason,
    payload: text === null ? null : text.slice(0, 8000),
    remote_ip: event.ip,
    created_at: nowIso(),
  });
}

/**
 * `GET /payment/{method}/create/{orderId}` → `{ error, submit, payload }`. Provider refusals come
 * back as `error` (the app shows '{description} E{code}'); an order that cannot be paid is 409.
 */
export async function createPayment(
  ctx: ServiceContext,
  customer: OrderCustomer,
  method: PaymentType,
  orderId: number,
): Promise<PaymentCreateResponse> {
  const order = await ownOrderRow(ctx, customer, orderId);
  const provider = providerOfMethod(method);
  if (!provider) throw notPayable();
  assertPayable(order, provider);
  const adapter = await providerFor(ctx, order.shop_id, provider);
  if (!adapter) return errorAnswer('CONFIG', messages.payment.providerNotConfigured);

  const profile = await getProfile(ctx, customer.id);
  const amountCents = amountDueCents(order);
  const reference = newPaymentReference(order.id);
  const at = nowIso();
  const payment = await repo.insertPayment(ctx.db, {
    order_id: order.id,
    shop_id: order.shop_id,
    provider,
    payment_type: method,
    reference,
    provider_ref: provider === 'nexi' ? reference : null,
    token: null,
    amount_cents: amountCents,
    currency: 'EUR',
    status: 'created',
    authorization_code: null,
    created_at: at,
    updated_at: at,
    settled_at: null,
  });
  try {
    // No transaction is held while the provider answers.
    const created = await adapter.create({
      order: {
        orderId: order.id,
        amountCents,
        currency: 'EUR',
        buyer: { name: profile.name, email: profile.email },
        description: fillMessage(paymentProviderMessages.orderDescription, { id: order.id }),
      },
      reference,
      urls: callbackUrls(ctx, method, provider),
    });
    await repo.setProviderRef(ctx.db, payment.id, { provider_ref: created.providerRef, token: created.token, updated_at: nowIso() });
    await logEvent(ctx.db, {
      provider,
      providerRef: created.providerRef,
      payment,
      source: 'create',
      outcome: 'accepted',
      reason: null,
      payload: { amount_cents: amountCents, reference },
      ip: null,
    });
    // The browser follows `submit`: a sandbox URL of this server goes as a path (browserUrl).
    const submit = created.submit === null ? null : browserUrl(ctx.config.publicUrl, created.submit);
    return { error: { code: '0', description: 'OK' }, submit, payload: created.payload };
  } catch (error) {
    if (!(error instanceof ProviderError) && !(error instanceof ProviderUnreachable)) throw error;
    await repo.updatePaymentFrom(ctx.db, payment.id, ['created'], { status: 'cancelled', updated_at: nowIso() });
    const answer =
      error instanceof ProviderError
        ? errorAnswer(error.code, error.description)
        : errorAnswer('UNREACHABLE', messages.payment.providerUnavailable);
    await logEvent(ctx.db, {
      provider,
      providerRef: null,
      payment,
      source: 'create',
      outcome: 'error',
      reason: `${answer.error.code} ${answer.error.description}`,
      payload: undefined,
      ip: null,
    });
    ctx.log.warn({ provider, orderId: order.id, code: answer.error.code }, 'payment create refused by provider');
    return answer;
  }
}

/** What became of a statement. */
export type StatementResult = 'accepted' | 'replayed' | 'refused' | 'ignored';

interface StatementContext {
  source: PaymentEventSource;
  payload: unknown;
  ip: string | null;
}

/**
 * Applies a verified statement to its payment and order. Approved: the amount and our reference
 * must match the attempt, then the order (still finalizing, same amount due) becomes paid and
 * confirmed in one transaction. Refused/cancelled/pending only move the attempt. Anything already
 * known is a replay and changes nothing.
 */
export async function applyStatement(
  ctx: ServiceContext,
  payment: PaymentRow,
  report: PaymentReport,
  context: StatementContext,
): Promise<StatementResult> {
  const log = (db: Executor, outcome: PaymentEventOutcome, reason: string | null) =>
    logEvent(db, {
      provider: payment.provider,
      providerRef: report.providerRef,
      payment,
      source: context.source,
      outcome,
      reason,
      payload: context.payload,
      ip: context.ip,
    });

  if (report.reference !== null && report.reference !== payment.reference) {
    await log(ctx.db, 'refused', paymentLogMessages.otherReference);
    return 'refused';
  }
  const at = nowIso();

  if (report.outcome === 'approved') {
    if (report.amountCents !== payment.amount_cents || (report.currency !== null && report.currency !== payment.currency)) {
      const amounts = { amount: report.amountCents ?? '?', currency: report.currency ?? '', expectedAmount: payment.amount_cents, expectedCurrency: payment.currency };
      await log(ctx.db, 'refused', fillMessage(paymentLogMessages.otherAmount, amounts));
      ctx.log.warn({ paymentId: payment.id, reported: report.amountCents }, 'payment statement with a wrong amount refused');
      return 'refused';
    }
    return ctx.db.transaction().execute(async (trx) => {
      const settled = await repo.updatePaymentFrom(trx, payment.id, ['created', 'pending', 'cancelled', 'refused'], {
        status: 'approved',
        authorization_code: report.authorizationCode,
        settled_at: at,
        updated_at: at,
      });
      if (!settled) {
        await log(trx, 'replayed', paymentLogMessages.alreadyRecorded);
        return 'replayed';
      }
      const order = await findOrder(trx, payment.order_id);
      let reason: string | null = null;
      if (order && order.status === 'finalizing' && order.payment_valid === 0 && amountDueCents(order) === payment.amount_cents) {
        await transition(trx, {
          order,
          to: 'confirmed',
          actor: PAYMENT_ACTOR,
          changes: { payment_valid: 1, paid_at: at, payment_type: payment.payment_type },
          expectPaymentValid: 0,
          note: `${payment.provider} ${report.providerRef}`,
          message: messages.orders.paidAndConfirmed.replace('{id}', String(order.id)),
        });
      } else {
        // Money arrived for an order that no longer expects it (paid twice, cancelled, changed):
        // recorded as received, the pharmacy refunds it.
        reason = paymentLogMessages.notAwaited;
        ctx.log.warn({ paymentId: payment.id, orderId: payment.order_id }, 'payment received for an order not awaiting it');
      }
      await log(trx, 'accepted', reason);
      return 'accepted';
    });
  }

  if (report.outcome === 'open') {
    await log(ctx.db, 'ignored', paymentLogMessages.noOutcome);
    return 'ignored';
  }
  const target: PaymentStatus = report.outcome === 'pending' ? 'pending' : report.outcome === 'cancelled' ? 'cancelled' : 'refused';
  const from: PaymentStatus[] = target === 'pending' ? ['created'] : ['created', 'pending'];
  const moved = await repo.updatePaymentFrom(ctx.db, payment.id, from, {
    status: target,
    updated_at: at,
    ...(target === 'pending' ? {} : { settled_at: at }),
  });
  const outcome: PaymentEventOutcome = moved ? 'accepted' : payment.status === target ? 'replayed' : 'ignored';
  await log(ctx.db, outcome, moved ? report.detail : fillMessage(paymentLogMessages.already, { status: paymentLogMessages.statuses[payment.status] }));
  return moved ? 'accepted' : outcome === 'replayed' ? 'replayed' : 'ignored';
}

/**
 * An inbound server-to-server message (Nexi urlpost, Axerve notification, PayPal webhook): find
 * the payment it claims, verify it with that shop's credentials, then apply what it states.
 */
export async function handleNotification(
  ctx: ServiceContext,
  provider: ProviderName,
  inbound: InboundNotification,
  source: PaymentEventSource,
  ip: string | null,
): Promise<StatementResult> {
  const payload = inbound.body && typeof inbound.body === 'object' && Object.keys(inbound.body).length > 0 ? inbound.body : inbound.query;
  const claimed = claimedProviderRef(provider, inbound);
  const payment = claimed ? await repo.findPaymentByRef(ctx.db, provider, claimed) : undefined;
  const refuse = async (reason: string) => {
    await logEvent(ctx.db, { provider, providerRef: claimed || null, payment: payment ?? null, source, outcome: 'refused', reason, payload, ip });
    ctx.log.warn({ provider, ref: claimed, reason }, 'payment notification refused');
    return 'refused' as const;
  };
  if (!payment) return refuse(paymentLogMessages.paymentUnknown);
  const adapter = await providerFor(ctx, payment.shop_id, provider);
  if (!adapter) return refuse(paymentLogMessages.providerNotConfigured);
  try {
    const verified = await adapter.verifyNotification(inbound);
    if (verified.providerRef !== payment.provider_ref) return refuse(paymentLogMessages.otherPayment);
    const report = verified.report ?? (await adapter.reconcile({ providerRef: payment.provider_ref, reference: payment.reference, token: payment.token }));
    if (!report) return refuse(paymentProviderMessages.paymentUnknown);
    return applyStatement(ctx, payment, report, { source, payload, ip });
  } catch (error) {
    if (error instanceof NotificationRejected) return refuse(error.reason);
    throw error;
  }
}

/**
 * `GET /payment/{method}/payment-id/{id}` → `{ order_id, valid }` for the app's outcome screen.
 * The id is the provider's (Nexi codTrans, Axerve paymentID, PayPal token). While the payment is
 * open and the provider can be asked (Axerve detail, PayPal capture), it is asked now,
 * server-to-server: a closed tab or a late notification never leaves a paid order unconfirmed.
 */
export async function paymentStatus(
  ctx: ServiceContext,
  customer: OrderCustomer,
  method: PaymentType,
  providerRef: string,
): Promise<PaymentIdResponse> {
  const provider = providerOfMethod(method);
  const payment = provider ? await repo.findPaymentByRef(ctx.db, provider, providerRef) : undefined;
  const order = payment && (await findOwnOrder(ctx, customer, payment.order_id));
  // Another customer's payment answers as one nobody has: a provider's reference is no oracle.
  if (!payment || !order) throw notFound(messages.payment.notFound);
  if ((payment.status === 'created' || payment.status === 'pending') && payment.provider_ref) {
    const adapter = await providerFor(ctx, payment.shop_id, payment.provider as ProviderName);
    try {
      const report = adapter
        ? await adapter.reconcile({ providerRef: payment.provider_ref, reference: payment.reference, token: payment.token })
        : null;
      if (report) await applyStatement(ctx, payment, report, { source: 'reconcile', payload: undefined, ip: null });
    } catch (error) {
      // The provider being slow or down must not break the outcome screen: it shows what we know.
      ctx.log.warn({ err: error, paymentId: payment.id }, 'payment reconcile failed');
    }
    const fresh = await findOrder(ctx.db, order.id);
    return { order_id: order.id, valid: fresh?.payment_valid === 1 ? 1 : 0 };
  }
  return { order_id: order.id, valid: order.payment_valid === 1 ? 1 : 0 };
}

/** Closes the attempts a buyer opened but never finished (the order changed under them). */
export async function abandonOpenPayments(db: Executor, orderId: number): Promise<void> {
  await repo.cancelOpenPayments(db, orderId, nowIso());
}

/** Whether a payment of the order waits for the bank's answer (then the order must not change). */
export async function hasPendingPayment(db: Executor, orderId: number): Promise<boolean> {
  return (await repo.listOrderPayments(db, orderId)).some((p) => p.status === 'pending');
}

