import type { ColumnType, Selectable } from 'kysely';
import type { CreatedAt, Timestamped, WithId } from '../../db/row.js';

export interface LoyaltyCardTable extends WithId, Timestamped {
  shop_id: number;
  user_id: number;
  /** EAN-13, restricted-circulation prefix 2. */
  card_number: string;
  score: number;
  /** YYYY-MM-DD: last day of the current collection (the card's "valida fino al"). */
  reset_date: string;
  /** When a pharmacist blocked the card (decision 0531); null = active. A blocked card earns nothing. */
  blocked_at: ColumnType<string | null, string | null | undefined, string | null>;
  blocked_reason: ColumnType<string | null, string | null | undefined, string | null>;
}
export type LoyaltyCardRow = Selectable<LoyaltyCardTable>;

export type LoyaltyMovementReason = 'order' | 'referral' | 'welcome' | 'reset' | 'adjustment';

export interface LoyaltyMovementTable extends WithId, CreatedAt {
  card_id: number;
  points: number;
  reason: LoyaltyMovementReason;
  /** What caused it, unique per reason (e.g. 'order:12', 'referral:34'). */
  reference: string;
  /** Why a pharmacist adjusted the card by hand (migration 0091); null otherwise. */
  note: ColumnType<string | null, string | null | undefined, string | null>;
}
export type LoyaltyMovementRow = Selectable<LoyaltyMovementTable>;

/** A number a card had before a re-issue: blocked for good, never drawn again (decision 0531). */
export interface LoyaltyRetiredNumberTable {
  card_number: string;
  card_id: number;
  retired_at: string;
}

export interface LoyaltyTables {
  loyalty_cards: LoyaltyCardTable;
  loyalty_movements: LoyaltyMovementTable;
  loyalty_retired_numbers: LoyaltyRetiredNumberTable;
}
