import { formatDate } from './dates.js';
import { fillMessage } from './messages.js';
import { catalogueMessages, promotionPeriodMessages } from './message-groups.js';
import type { PromotionPeriod } from './promotion-period.js';

const day = (d: string) => formatDate(`${d}T12:00:00Z`);

/** 'Dal … al …', 'Dal …' or 'Fino al …' (it-IT days); null for a period open at both ends. */
export function promotionPeriodText({ start, end }: PromotionPeriod): string | null {
  if (start && end) return fillMessage(catalogueMessages.validFromTo, { from: day(start), to: day(end) });
  if (start) return fillMessage(promotionPeriodMessages.validFrom, { from: day(start) });
  if (end) return fillMessage(promotionPeriodMessages.validTo, { to: day(end) });
  return null;
}
