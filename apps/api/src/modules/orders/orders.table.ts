import type { ColumnType, Insertable, Selectable } from 'kysely';
import type { OrderStatus } from '@farmacia/contract';
import type { CreatedAt, Timestamped, WithId } from '../../db/row.js';
import type { OrderWithdrawalTable } from './withdrawals.table.js';

/** An order: what the checkout froze, in integer cents, plus the pharmacist's final word. */
export interface OrderTable extends WithId, Timestamped {
  shop_id: number;
  user_id: number;
  status: OrderStatus;
  /** The customer's checkout note. */
  note: string | null;
  /** inShop | vendingMachine | pickupPoint | address (the checkout's choice). */
  delivery_type: string;
  /** inShop | address (spec §4: the order's shipping type). */
  shipping_type: 'inShop' | 'address';
  shipping_method_type: string;
  shipping_method_label: string;
  shipping_price_cents: number;
  shipping_free_above_cents: number | null;
  shipping_cents: number;
  /** The delivery address or pickup point as it was (Address JSON), null for collection in shop. */
  address_json: string | null;
  payment_type: string;
  payment_valid: number;
  paid_at: string | null;
  subtotal_cents: number;
  total_cents: number;
  discount_cents: number;
  total_quantity: number;
  /** The applied voucher as the customer saw it (Voucher JSON), null without one. */
  voucher_json: string | null;
  /** The voucher's rules (VoucherTerms JSON), to re-price the discount when lines change. */
  voucher_terms_json: string | null;
  /** 1 when it carries prescriptions or prescription-only medicines: paid at the pharmacy only (decision 0221). */
  requires_pharmacy_settlement: number;
  delivery_date: string | null;
  /** The pharmacist's notes to the customer. */
  info: string | null;
  /** The fiscal code for the receipt, chosen at checkout among the customer's (migration 0101). */
  receipt_fiscal_code: string | null;
}
export type OrderRow = Selectable<OrderTable>;
/** The columns the customer's order answer shows (`toOrder`): what a first read of the list fetches (decision 0606). */
export type ShownOrderRow = Pick<
  OrderRow,
  | 'id'
  | 'status'
  | 'created_at'
  | 'updated_at'
  | 'total_quantity'
  | 'subtotal_cents'
  | 'total_cents'
  | 'discount_cents'
  | 'voucher_json'
  | 'shipping_type'
  | 'delivery_type'
  | 'shipping_method_type'
  | 'shipping_method_label'
  | 'shipping_cents'
  | 'address_json'
  | 'payment_type'
  | 'payment_valid'
  | 'requires_pharmacy_settlement'
  | 'delivery_date'
  | 'info'
  | 'note'
  | 'receipt_fiscal_code'
>;
export type NewOrderRow = Insertable<OrderTable>;

/** A product line. `requested_*` keep what the customer asked; the rest is the current line. */
export interface OrderProductTable extends WithId {
  order_id: number;
  position: number;
  code: string;
  name: string;
  requested_quantity: number;
  requested_unit_cents: number;
  quantity: number;
  unit_cents: number;
  total_cents: number;
  promo: number;
  prescription_only: number;
  /** A medicine as sold (prescription-only or SOP/OTC): no discount code, no loyalty points (decision 0696). 0 when not given. */
  medicine: ColumnType<number, number | undefined, number>;
  /** Marked by the pharmacist at finalization: kept for the record, out of the totals. */
  unavailable: number;
  added_by_pharmacist: number;
}
export type OrderProductRow = Selectable<OrderProductTable>;
/** The columns of a line the order answer shows (`toOrderProduct`). */
export type ShownOrderProductRow = Pick<
  OrderProductRow,
  'order_id' | 'code' | 'name' | 'quantity' | 'unit_cents' | 'total_cents' | 'prescription_only' | 'unavailable'
>;
export type NewOrderProductRow = Insertable<OrderProductTable>;

/** One status change: who (null user for the payment provider), when, from what to what. */
export interface OrderEventTable extends WithId, CreatedAt {
  order_id: number;
  actor_user_id: number | null;
  /** customer | pharmacist | admin | payment */
  actor_role: string;
  from_status: OrderStatus | null;
  to_status: OrderStatus;
  note: string | null;
}
export type OrderEventRow = Selectable<OrderEventTable>;

/** A customer's order list version, moved by triggers on what the list shows (migration 0137, decision 0590). */
export interface OrderListStateTable {
  user_id: number;
  version: number | string;
}

export interface OrderTables {
  orders: OrderTable;
  order_products: OrderProductTable;
  order_events: OrderEventTable;
  order_list_state: OrderListStateTable;
  order_withdrawals: OrderWithdrawalTable;
}
