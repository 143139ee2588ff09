import { describe, expect, it } from 'vitest';
import { PromotionSchema } from '../shop.js';
import { isPromotionRunning, promotionDay, promotionPeriodProblem, promotionPhase, runningPromotions } from './promotion-period.js';
import { promotionPeriodText } from './promotion-period-text.js';

describe('promotion periods (decision 0530)', () => {
  it('runs from its first to its last day, both included; an empty end is open', () => {
    const period = { start: '2026-12-01', end: '2026-12-24' };
    expect(['2026-11-30', '2026-12-01', '2026-12-24', '2026-12-25'].map((d) => isPromotionRunning(period, d))).toEqual([false, true, true, false]);
    expect(isPromotionRunning({ start: null, end: '' }, '1999-01-01')).toBe(true);
    expect(isPromotionRunning({ start: '', end: '2026-12-24' }, '2000-01-01')).toBe(true);
    expect(promotionPhase(period, '2026-11-30')).toBe('scheduled');
    expect(promotionPhase(period, '2026-12-25')).toBe('ended');
  });

  it('asks the day in Rome: 23:30 UTC on 30 November is already 1 December there', () => {
    expect(promotionDay(new Date('2026-11-30T23:30:00Z'))).toBe('2026-12-01');
    const flyer = [
      { id: 1, valid_from: '2026-12-01', valid_to: '' },
      { id: 2, valid_from: '', valid_to: '2026-11-30' },
    ];
    expect(runningPromotions(flyer, new Date('2026-11-30T23:30:00Z')).map((p) => p.id)).toEqual([1]);
  });

  it('says what is wrong with a period, on its field', () => {
    expect(promotionPeriodProblem({ start: '2026-02-30' })).toEqual({ field: 'start', problem: 'day' });
    expect(promotionPeriodProblem({ start: '2026-12-05', end: '2026-12-04' })).toEqual({ field: 'end', problem: 'order' });
    expect(promotionPeriodProblem({ start: '2026-12-05', end: '2026-12-05' })).toBeNull();
    const entry = { id: 1, title: 'T', description: 'D', image: null, url: null };
    const backwards = PromotionSchema.safeParse({ ...entry, valid_from: '2026-12-05', valid_to: '2026-12-01' });
    expect(backwards.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['valid_to', 'La fine della promozione non può precedere l’inizio.']]);
    expect(PromotionSchema.safeParse({ ...entry, valid_from: '', valid_to: '' }).success).toBe(true);
  });

  it('reads in Italian with open ends', () => {
    expect(promotionPeriodText({ start: '2026-12-01', end: '2026-12-24' })).toBe('Dal 01/12/2026 al 24/12/2026');
    expect(promotionPeriodText({ start: '2026-12-01' })).toBe('Dal 01/12/2026');
    expect(promotionPeriodText({ end: '2026-12-24' })).toBe('Fino al 24/12/2026');
    expect(promotionPeriodText({})).toBeNull();
  });
});
