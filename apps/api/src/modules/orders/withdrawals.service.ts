import {
  fillMessage,
  formatDate,
  formatTime,
  messages,
  type OpenWithdrawal,
  type OrderStatus,
  type OrderWithdrawal,
  type Withdrawal,
  type WithdrawalBodySchema,
  type WithdrawalLine,
  type WithdrawalOrderFacts,
  type WithdrawalVerdict,
  WithdrawalErrorCode,
  WITHDRAWAL_STATUS,
  withdrawalLinesProblems,
  withdrawalRefusalText,
  withdrawalVerdict,
} from '@farmacia/contract';
import type { z } from 'zod';
import { raiseLive } from '../../live/index.js';
import { enqueueEmail } from '../../notify/outbox.js';
import { conflict, notFound, validationFailed } from '../../errors.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { Executor } from '../../db/database.js';
import { alertStaff } from '../staff-alerts/index.js';
import { orderChange } from './order-lifecycle.js';
import { findOrder, type OrderCustomer, ownOrderRow } from './orders.service.js';
import type { OrderRow } from './orders.table.js';
import * as repo from './withdrawals.repository.js';
import type { OrderWithdrawalRow } from './withdrawals.table.js';
import type { ActorContext, ServiceContext } from '../../context.js';

/**
 * The withdrawal function (art. 11a Directive 2011/83/EU; decision 0698): the customer withdraws
 * from their own order in two steps; the submission is recorded with its time, acknowledged by
 * email (a durable medium, whatever the customer's notification settings) and told to the pharmacy,
 * all in one transaction so none exists without the others.
 */

const m = messages.withdrawal;
const DAY_MS = 86_400_000;


function toWithdrawal(row: OrderWithdrawalRow): Withdrawal {
  return {
    id: row.id,
    order_id: row.order_id,
    name: row.name,
    email: row.email,
    lines: JSON.parse(row.lines_json) as WithdrawalLine[],
    submitted_at: row.created_at,
  };
}

type LineRows = Awaited<ReturnType<typeof repo.withdrawalLines>>;

/** The rule's reading of an order: its status, when it was received, its lines (0/1 flags as booleans). */
function facts(status: OrderStatus, receivedAt: string | null, lines: LineRows, withdrawn: boolean): WithdrawalOrderFacts {
  return { status, received_at: receivedAt, products: lines.map((l) => ({ ...l, medicine: l.medicine === 1, unavailable: l.unavailable === 1 })), withdrawn };
}

async function verdictOf(db: Executor, order: OrderRow, withdrawn: boolean, now: Date): Promise<WithdrawalVerdict> {
  const [received, lines] = await Promise.all([repo.receivedAt(db, order.id), repo.withdrawalLines(db, order.id)]);
  // An order completed before its moves were recorded: its last change is when it completed.
  const receivedAt = order.status === WITHDRAWAL_STATUS ? (received ?? order.updated_at) : null;
  return withdrawalVerdict(facts(order.status, receivedAt, lines, withdrawn), now);
}

/** `GET /order/{id}/withdrawal`: step 1's facts — whether, until when, which lines — prefilled with the account's name and email. */
export async function getOrderWithdrawal(ctx: ServiceContext, customer: OrderCustomer, id: number): Promise<OrderWithdrawal> {
  const order = await ownOrderRow(ctx, customer, id);
  const existing = await repo.findWithdrawal(ctx.db, order.id);
  const verdict = await verdictOf(ctx.db, order, existing !== undefined, ctx.clock.now());
  const contact = await repo.customerContact(ctx.db, customer.id);
  return {
    order_id: order.id,
    order_created_at: order.created_at,
    withdrawable: verdict.refusal === null,
    reason: verdict.refusal ? withdrawalRefusalText(verdict.refusal, verdict.last_day) : null,
    last_day: verdict.last_day,
    lines: verdict.lines.map((l) => ({
      code: l.code,
      name: l.name,
      quantity: l.quantity,
      withdrawable: l.refusal === null,
      reason: l.refusal ? m.lineRefusal[l.refusal] : null,
    })),
    name: contact?.name ?? '',
    email: contact?.email ?? '',
    withdrawal: existing ? toWithdrawal(existing) : null,
  };
}

/** The same submission again (a double tap, a retried request) answers what was recorded; another one is refused. */
function repeated(existing: OrderWithdrawalRow, requestId: string | undefined): Withdrawal {
  if (requestId !== undefined && existing.request_id === requestId) return toWithdrawal(existing);
  throw conflict(WithdrawalErrorCode.alreadyWithdrawn, m.refusal.alreadyWithdrawn);
}

/**
 * `POST /order/{id}/withdrawal` (step 2, «Conferma recesso»): only the owner (404 for others); 409
 * with the reason when the order cannot be withdrawn; 422 on `lines` naming a line that cannot.
 */
export async function submitWithdrawal(
  ctx: ServiceContext,
  customer: OrderCustomer,
  id: number,
  body: z.output<typeof WithdrawalBodySchema>,
): Promise<Withdrawal> {
  const order = await ownOrderRow(ctx, customer, id);
  const existing = await repo.findWithdrawal(ctx.db, order.id);
  if (existing) return repeated(existing, body.request_id);
  const now = ctx.clock.now();
  const verdict = await verdictOf(ctx.db, order, false, now);
  if (verdict.refusal) throw conflict(WithdrawalErrorCode[verdict.refusal], withdrawalRefusalText(verdict.refusal, verdict.last_day));
  const problems = withdrawalLinesProblems(verdict, body.lines);
  if (problems.length > 0) throw validationFailed({ lines: problems });
  const chosen = new Set(body.lines);
  const lines = verdict.lines.filter((l) => chosen.has(l.code)).map(({ code, name, quantity }) => ({ code, name, quantity }));
  try {
    const row = await ctx.db.transaction().execute(async (trx) => {
      const inserted = await repo.insertWithdrawal(trx, {
        order_id: order.id,
        shop_id: order.shop_id,
        user_id: customer.id,
        name: body.name,
        email: body.email,
        lines_json: JSON.stringify(lines),
        request_id: body.request_id ?? null,
        created_at: now.toISOString(),
      });
      await acknowledge(trx, order, inserted, lines);
      await alertStaff(trx, ctx.config.publicUrl, order.shop_id, {
        // The shop's "new order" switch: a withdrawal is the same desk's work (decision 0698).
        event: 'order',
        subject: fillMessage(m.alertSubject, { id: order.id }),
        text: fillMessage(m.alertText, { id: order.id, count: lines.length }),
        path: `/ordini/${order.id}`,
        tag: `staff-withdrawal-${order.id}`,
      });
      await raiseLive(trx, orderChange(order, 'changed'));
      return inserted;
    });
    return toWithdrawal(row);
  } catch (error) {
    // Two submissions at once: the unique order_id let one in; the other is its repeat or refused.
    if (!isUniqueViolation(error)) throw error;
    const winner = await repo.findWithdrawal(ctx.db, order.id);
    if (!winner) throw error;
    return repeated(winner, body.request_id);
  }
}

/** The acknowledgement of receipt (art. 11a(3)): the withdrawal's content and its date and time, in Rome. */
async function acknowledge(db: Executor, order: OrderRow, row: OrderWithdrawalRow, lines: WithdrawalLine[]): Promise<void> {
  const text = fillMessage(m.mailText, {
    name: row.name,
    id: order.id,
    orderDate: formatDate(order.created_at),
    date: formatDate(row.created_at),
    time: formatTime(row.created_at),
    lines: lines.map((l) => fillMessage(m.mailLine, l)).join('\n'),
    email: row.email,
    nextSteps: m.nextSteps,
    shop: await repo.shopName(db, order.shop_id),
  });
  await enqueueEmail(db, { to: row.email, subject: fillMessage(m.mailSubject, { id: order.id }), text });
}

/** `GET /order-withdrawals`: the customer's orders they may still withdraw from, with the last day. */
export async function openWithdrawals(ctx: ServiceContext, customer: OrderCustomer): Promise<OpenWithdrawal[]> {
  const now = ctx.clock.now();
  // No period is longer than 14 days plus a run of holidays: three weeks back finds every open one.
  const candidates = await repo.recentlyReceivedOrders(ctx.db, customer.id, new Date(now.getTime() - 21 * DAY_MS).toISOString());
  const open: OpenWithdrawal[] = [];
  for (const candidate of candidates) {
    const lines = await repo.withdrawalLines(ctx.db, candidate.id);
    const verdict = withdrawalVerdict(facts(candidate.status, String(candidate.received_at), lines, false), now);
    if (verdict.refusal === null && verdict.last_day) open.push({ order_id: candidate.id, last_day: verdict.last_day });
  }
  return open;
}

/** `GET /admin/orders/{id}/withdrawal`: the withdrawal of an order of the pharmacist's shop (another shop's: 404). */
export async function shopOrderWithdrawal(ctx: ActorContext, id: number): Promise<Withdrawal | null> {
  const order = await findOrder(ctx.db, id);
  if (!order || order.shop_id !== ctx.actor.shopId) throw notFound(messages.orders.notFound);
  const row = await repo.findWithdrawal(ctx.db, id);
  return row ? toWithdrawal(row) : null;
}
