import { formatDate } from './dates.js';
import { fillMessage, messages } from './messages.js';
import type { PromotionPeriod } from './promotion-period.js';

const day = (d: string) => formatDate(`${d}T12:00:00Z`);

/** 'Dal … al …', 'Dal …' or 'Fino al …' (it-IT days); null for a period open at both ends. */
export function promotionPeriodText({ start, end }: PromotionPeriod): string | null {
  if (start && end) return fillMessage(messages.catalogue.validFromTo, { from: day(start), to: day(end) });
  if (start) return fillMessage(messages.promotionPeriod.validFrom, { from: day(start) });
  if (end) return fillMessage(messages.promotionPeriod.validTo, { to: day(end) });
  return null;
}
