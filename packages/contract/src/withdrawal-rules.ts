import { addDays, easterSunday } from './common/calendar-day.js';
import { formatDate } from './common/dates.js';
import { fillMessage } from './common/messages.js';
import { withdrawalMessages } from './common/withdrawal-messages.js';
import { romeToday } from './common/wall-clock.js';
import type { OrderStatus } from './order.js';

/**
 * The right of withdrawal (Codice del Consumo art. 52–59, decision 0698), stated once for the
 * server, the app and the back office: which orders and lines may be withdrawn and until when.
 */

/** Days of the withdrawal period (art. 52 c. 1). */
export const WITHDRAWAL_DAYS = 14;

/**
 * The status in which the customer has the goods: `completed` follows `shipped` (delivered) or
 * `processing` (collected in the shop, from the vending machine), decision 0435. The period starts
 * when the order enters it; before it nothing can be withdrawn.
 */
export const WITHDRAWAL_STATUS: OrderStatus = 'completed';

/** Why a whole order cannot be withdrawn. */
export type WithdrawalRefusal = keyof typeof withdrawalMessages.refusal;
/** Why one line cannot be withdrawn. */
export type WithdrawalLineRefusal = keyof typeof withdrawalMessages.lineRefusal;

/** What the rule reads of an order. */
export interface WithdrawalOrderFacts {
  status: OrderStatus;
  /** When the customer got the goods: the instant the order became `completed` (null before). */
  received_at: string | null;
  products: ReadonlyArray<{ code: string; name: string; quantity: number; medicine: boolean; unavailable: boolean }>;
  /** A withdrawal was already submitted for this order. */
  withdrawn: boolean;
}

export interface WithdrawalLineVerdict {
  code: string;
  name: string;
  quantity: number;
  /** Null when the line may be withdrawn. */
  refusal: WithdrawalLineRefusal | null;
}

export interface WithdrawalVerdict {
  /** Null when the order may be withdrawn now. */
  refusal: WithdrawalRefusal | null;
  /** The last Rome day of the period, once the goods were received. */
  last_day: string | null;
  lines: WithdrawalLineVerdict[];
}

/**
 * Italy's national public holidays (L. 260/1949 and later): New Year, Epiphany, Easter Monday,
 * Liberation Day, Labour Day, Republic Day, Ferragosto, St Francis (from 2026, L. 151/2025), All
 * Saints, Immaculate Conception, Christmas, St Stephen.
 */
export function isItalianPublicHoliday(day: string): boolean {
  const year = Number(day.slice(0, 4));
  const fixed = ['01-01', '01-06', '04-25', '05-01', '06-02', '08-15', '11-01', '12-08', '12-25', '12-26'];
  if (year >= 2026) fixed.push('10-04');
  return fixed.includes(day.slice(5)) || day === addDays(easterSunday(year), 1);
}

function isWorkingDay(day: string): boolean {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isItalianPublicHoliday(day);
}

/**
 * The last day to withdraw, in Rome's calendar: 14 days counted from the day after the goods were
 * received (the day of the event is not counted, Reg. (EEC, Euratom) 1182/71 art. 3, which recital
 * 41 of Directive 2011/83/EU applies), the period ending at the end of that day — or, when it is a
 * Saturday, a Sunday or a public holiday, at the end of the next working day (art. 3(4) ibid.).
 */
export function withdrawalLastDay(receivedAt: string | Date): string {
  let day = addDays(romeToday(new Date(receivedAt)), WITHDRAWAL_DAYS);
  while (!isWorkingDay(day)) day = addDays(day, 1);
  return day;
}

function lineRefusal(line: WithdrawalOrderFacts['products'][number]): WithdrawalLineRefusal | null {
  if (line.unavailable || line.quantity <= 0) return 'unavailable';
  // Art. 59 c. 1 lett. e: sealed goods not fit for return for health reasons once unsealed. A
  // pharmacy can never put a medicine back on sale, sealed or not (decision 0698).
  if (line.medicine) return 'medicine';
  return null;
}

/**
 * Whether an order may be withdrawn at `now`, and which of its lines: only once received (the
 * order `completed`), until the end of {@link withdrawalLastDay}, once per order, and only for lines
 * that were delivered and are not medicines.
 */
export function withdrawalVerdict(order: WithdrawalOrderFacts, now: Date): WithdrawalVerdict {
  const lines = order.products.map((line) => ({ code: line.code, name: line.name, quantity: line.quantity, refusal: lineRefusal(line) }));
  const lastDay = order.status === WITHDRAWAL_STATUS && order.received_at ? withdrawalLastDay(order.received_at) : null;
  const refusal: WithdrawalRefusal | null = order.withdrawn
    ? 'alreadyWithdrawn'
    : order.status === 'cancelled'
      ? 'cancelled'
      : lastDay === null
        ? 'notReceived'
        : romeToday(now) > lastDay
          ? 'periodOver'
          : lines.some((l) => l.refusal === null)
            ? null
            : 'nothingReturnable';
  return { refusal, last_day: lastDay, lines };
}

/** The customer's words for an order's refusal (the period's end filled in). */
export function withdrawalRefusalText(refusal: WithdrawalRefusal, lastDay: string | null): string {
  return fillMessage(withdrawalMessages.refusal[refusal], { day: lastDay ? formatDate(lastDay) : '' });
}

/**
 * The lines a withdrawal names, checked against the verdict: at least one, each a line of the
 * order that may be withdrawn. Answers the field's messages, or an empty list when all is well.
 */
export function withdrawalLinesProblems(verdict: WithdrawalVerdict, codes: readonly string[]): string[] {
  if (codes.length === 0) return [withdrawalMessages.linesRequired];
  const problems: string[] = [];
  for (const code of new Set(codes)) {
    const line = verdict.lines.find((l) => l.code === code);
    if (!line) problems.push(fillMessage(withdrawalMessages.lineNotInOrder, { code }));
    else if (line.refusal) {
      problems.push(fillMessage(withdrawalMessages.lineNotReturnable, { name: line.name, reason: withdrawalMessages.lineRefusal[line.refusal] }));
    }
  }
  return problems;
}

/** A withdrawn line as the app, the back office and the mail name it: '2 × Crema mani'. */
export function withdrawalLineText(line: { quantity: number; name: string }): string {
  return fillMessage(withdrawalMessages.lineText, { quantity: line.quantity, name: line.name });
}
