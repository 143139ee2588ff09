import type { FastifyInstance } from 'fastify';
import * as store from './sandbox.repository.js';

/**
 * Refunds as the sandbox's providers keep them: in the refunded payment's data, with the
 * idempotency key the merchant sent (a key seen before answers the same refund again). The
 * outcome of the next refund of a payment is chosen ahead with `POST /sandbox/control/next-refund`
 * (refused, pending), the way a test card chooses a payment's; without a choice a refund is approved.
 * A pending one is settled with `POST /sandbox/control/settle-refund`.
 */

export type SandboxRefundState = 'approved' | 'pending' | 'refused';

export interface SandboxRefund {
  id: string;
  key: string | null;
  amount_cents: number;
  state: SandboxRefundState;
  reason: string;
  at: string;
}

export interface RefundableData {
  refunds?: SandboxRefund[];
  nextRefund?: Exclude<SandboxRefundState, 'approved'> | null;
}

/** Cents of the payment not yet refunded (refused refunds gave nothing back). */
export function refundableLeft(payment: store.SandboxPayment<RefundableData>): number {
  const held = (payment.data.refunds ?? []).filter((r) => r.state !== 'refused').reduce((s, r) => s + r.amount_cents, 0);
  return payment.amount_cents - held;
}

export type RefundOutcome = { refund: SandboxRefund; replay: boolean } | { exceeded: true };

/** Records a refund of the payment (or answers the one made with the same key before). */
export async function makeSandboxRefund<D extends RefundableData>(
  app: FastifyInstance,
  payment: store.SandboxPayment<D>,
  request: { key: string | null; amountCents: number; reason: string },
): Promise<RefundOutcome> {
  const refunds = payment.data.refunds ?? [];
  const earlier = request.key ? refunds.find((r) => r.key === request.key) : undefined;
  if (earlier) return { refund: earlier, replay: true };
  if (request.amountCents <= 0 || request.amountCents > refundableLeft(payment)) return { exceeded: true };
  const refund: SandboxRefund = {
    id: `${payment.ref}-R${refunds.length + 1}`,
    key: request.key,
    amount_cents: request.amountCents,
    state: payment.data.nextRefund ?? 'approved',
    reason: request.reason,
    at: new Date().toISOString(),
  };
  await store.saveSandboxData(app.db, payment.id, { ...payment.data, refunds: [...refunds, refund], nextRefund: null });
  return { refund, replay: false };
}

/** The payment a refund id belongs to (`{paymentRef}-R{n}`), and the refund. */
export async function findSandboxRefund(
  app: FastifyInstance,
  provider: string,
  refundId: string,
): Promise<{ payment: store.SandboxPayment<RefundableData>; refund: SandboxRefund } | undefined> {
  const cut = refundId.lastIndexOf('-R');
  if (cut <= 0) return undefined;
  const payment = await store.findSandboxPayment<RefundableData>(app.db, provider, refundId.slice(0, cut));
  const refund = payment?.data.refunds?.find((r) => r.id === refundId);
  return payment && refund ? { payment, refund } : undefined;
}

/** Chooses the outcome of the payment's next refund. */
export async function chooseNextRefund(app: FastifyInstance, provider: string, ref: string, outcome: 'refused' | 'pending'): Promise<boolean> {
  const payment = await store.findSandboxPayment<RefundableData>(app.db, provider, ref);
  if (!payment) return false;
  await store.saveSandboxData(app.db, payment.id, { ...payment.data, nextRefund: outcome });
  return true;
}

/** Settles a pending refund, as the bank eventually does. */
export async function settleSandboxRefund(app: FastifyInstance, provider: string, refundId: string, approve: boolean): Promise<boolean> {
  const found = await findSandboxRefund(app, provider, refundId);
  if (found?.refund.state !== 'pending') return false;
  const refunds = (found.payment.data.refunds ?? []).map((r) => (r.id === refundId ? { ...r, state: approve ? 'approved' : 'refused' } : r));
  await store.saveSandboxData(app.db, found.payment.id, { ...found.payment.data, refunds });
  return true;
}
