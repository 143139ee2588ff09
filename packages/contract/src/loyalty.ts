import { z } from 'zod';
import { dataEnvelope, dataListEnvelope, TimestampSchema } from './common/api.js';

/**
 * Loyalty card, "Carta Fedeltà" (spec §2, §3; calls `GET /fidelityCard[/{id}]`). The shop
 * issues cards; points accrue on completed orders; the barcode is rendered by the server.
 */

/**
 * A loyalty card. `barcode` is a PNG as base64 (no data: prefix) or `null`; `score` the points;
 * `updated_at` the last update; `reset_date` ('YYYY-MM-DD') the day the points contest ends
 * ("contest valid until"), `null` when there is none.
 */
export const LoyaltyCardSchema = z.object({
  card_id: z.string(),
  score: z.number().int(),
  barcode: z.string().nullable(),
  updated_at: TimestampSchema,
  reset_date: z.string().nullable(),
  /**
   * Blocked by the pharmacy (lost card, decision 0531): it earns no points and has no barcode
   * (`barcode` null) — the app says it is blocked instead.
   */
  blocked: z.boolean(),
});
export type LoyaltyCard = z.infer<typeof LoyaltyCardSchema>;

/** Decision 0531: a blocked card earns nothing (orders, referrals); only a pharmacist's hand adjustment moves it. */
export function loyaltyCardEarns(card: { blocked: boolean }): boolean {
  return !card.blocked;
}

/**
 * Decision 0243: points for an order's goods actually paid (cents, delivery excluded) at the
 * shop's rate per euro, rounded down; none on a blocked card. `paidCents` counts no medicine
 * (decision 0696, `isMedicine`): only what is not a medicine earns points.
 */
export function orderLoyaltyPoints(input: { paidCents: number; pointsPerEuro: number; card: { blocked: boolean } }): number {
  if (!loyaltyCardEarns(input.card)) return 0;
  return Math.floor((Math.max(0, input.paidCents) * input.pointsPerEuro) / 100);
}

/** `GET /fidelityCard` → `{ data: LoyaltyCard[] }` (empty: 'Nessuna carta fedeltà trovata'). */
export const LoyaltyCardListResponseSchema = dataListEnvelope(LoyaltyCardSchema);
export type LoyaltyCardListResponse = z.infer<typeof LoyaltyCardListResponseSchema>;
/** `GET /fidelityCard/{id}` → `{ data: LoyaltyCard }`. */
export const LoyaltyCardResponseSchema = dataEnvelope(LoyaltyCardSchema);
export type LoyaltyCardResponse = z.infer<typeof LoyaltyCardResponseSchema>;

/** `<img src>` for a card's barcode, or `undefined` when it has none. */
export function barcodeImageSrc(card: Pick<LoyaltyCard, 'barcode'>): string | undefined {
  if (!card.barcode) return undefined;
  return card.barcode.startsWith('data:') ? card.barcode : `data:image/png;base64,${card.barcode}`;
}

/** Path params of `GET /fidelityCard/{id}`: the card's `card_id` (its printed number). */
export const LoyaltyCardParamsSchema = z.object({ id: z.string().min(1).max(32) });
