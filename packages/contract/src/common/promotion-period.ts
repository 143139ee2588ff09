import { isCalendarDay } from './calendar-day.js';
import { romeWallClock } from './wall-clock.js';

/*
 * Decision 0530: when a promotion runs. Without zod or the message catalogue, so the web app's
 * tab badge (first load, ≤ 150 KB, decision 0145) can ask it like the server and the back office.
 */

/**
 * A promotion's period: first and last day ('YYYY-MM-DD', Europe/Rome, both inclusive). A missing
 * or empty end is open: no start = running since ever, no end = running until ended by hand.
 */
export interface PromotionPeriod {
  start?: string | null;
  end?: string | null;
}

/** The one rule: is a promotion with this period running on `today` (the pharmacy's day 'YYYY-MM-DD')? */
export function isPromotionRunning(period: PromotionPeriod, today: string): boolean {
  const start = period.start || null;
  const end = period.end || null;
  return (start === null || start <= today) && (end === null || end >= today);
}

/** The pharmacy's day at instant `at`: the `today` of {@link isPromotionRunning}. */
export function promotionDay(at: Date = new Date()): string {
  return romeWallClock(at).day;
}

/** The shop's `promotions` option entries (flyer cards) running at `at`: what the Offerte tab shows and counts. */
export function runningPromotions<T extends { valid_from?: string | null; valid_to?: string | null }>(
  promotions: readonly T[],
  at: Date = new Date(),
): T[] {
  const today = promotionDay(at);
  return promotions.filter((p) => isPromotionRunning({ start: p.valid_from, end: p.valid_to }, today));
}

/** Why a period is not acceptable, per field (`start`/`end`), or null when it is. */
export function promotionPeriodProblem(period: PromotionPeriod): { field: 'start' | 'end'; problem: 'day' | 'order' } | null {
  if (period.start && !isCalendarDay(period.start)) return { field: 'start', problem: 'day' };
  if (period.end && !isCalendarDay(period.end)) return { field: 'end', problem: 'day' };
  if (period.start && period.end && period.end < period.start) return { field: 'end', problem: 'order' };
  return null;
}

/** Where `today` falls against a period: before it, inside it, after it (the back office's label). */
export function promotionPhase(period: PromotionPeriod, today: string): 'scheduled' | 'running' | 'ended' {
  if (isPromotionRunning(period, today)) return 'running';
  return period.start && period.start > today ? 'scheduled' : 'ended';
}
