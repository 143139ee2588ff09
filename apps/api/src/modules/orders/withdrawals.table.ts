import type { Insertable, Selectable } from 'kysely';
import type { WithId } from '../../db/row.js';

/** A customer's withdrawal from an order (migration 0141, decision 0698): what they sent and when. */
export interface OrderWithdrawalTable extends WithId {
  order_id: number;
  shop_id: number;
  user_id: number;
  name: string;
  /** Where the acknowledgement of receipt went. */
  email: string;
  /** The lines withdrawn as they were in the order (WithdrawalLine[] JSON). */
  lines_json: string;
  /** The form's id: the same submission twice is one withdrawal. */
  request_id: string | null;
  /** The submission time the acknowledgement states. */
  created_at: string;
}
export type OrderWithdrawalRow = Selectable<OrderWithdrawalTable>;
export type NewOrderWithdrawalRow = Insertable<OrderWithdrawalTable>;
