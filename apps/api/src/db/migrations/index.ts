import type { Migration } from 'kysely';
import * as m0001 from './0001_shops.js';
import * as m0002 from './0002_accounts.js';
import * as m0003 from './0003_rate_limits.js';
import * as m0004 from './0004_shop_settings.js';
import * as m0005 from './0005_error_logs.js';
import * as m0006 from './0006_outbox.js';
import * as m0020 from './0020_catalogue.js';
import * as m0025 from './0025_postgres_search_version.js';
import * as m0030 from './0030_services.js';
import * as m0031 from './0031_staff.js';
import * as m0032 from './0032_events.js';
import * as m0033 from './0033_reservations.js';
import * as m0040 from './0040_files.js';
import * as m0041 from './0041_carts.js';
import * as m0042 from './0042_vouchers.js';
import * as m0050 from './0050_addresses.js';
import * as m0051 from './0051_orders.js';
import * as m0052 from './0052_payments.js';
import * as m0053 from './0053_payment_sandbox.js';
import * as m0060 from './0060_notification_settings.js';
import * as m0061 from './0061_loyalty.js';
import * as m0062 from './0062_duty_shifts.js';
import * as m0070 from './0070_audit_log.js';
import * as m0085 from './0085_catalogue_import_jobs.js';
import * as m0086 from './0086_shop_contacts.js';
import * as m0090 from './0090_shop_data_revision.js';
import * as m0091 from './0091_loyalty_movement_notes.js';
import * as m0092 from './0092_info_request_replies.js';
import * as m0100 from './0100_shop_legal_data.js';
import * as m0101 from './0101_order_receipt_fiscal_code.js';
import * as m0105 from './0105_eu_logo_link_to_ministry_list.js';
import * as m0110 from './0110_health_data.js';
import * as m0115 from './0115_staff_invitations.js';
import * as m0120 from './0120_staff_alerts.js';
import * as m0121 from './0121_product_ean.js';
import * as m0122 from './0122_refunds.js';
import * as m0125 from './0125_live_events.js';
import * as m0126 from './0126_promotion_periods.js';
import * as m0127 from './0127_loyalty_card_blocking.js';
import * as m0130 from './0130_product_offers.js';
import * as m0131 from './0131_offer_promotion_periods.js';
import * as m0133 from './0133_shop_shelves.js';
import * as m0135 from './0135_kept_reads_versions.js';
import * as m0137 from './0137_order_lists_and_busy_intervals.js';
import * as m0138 from './0138_stored_shelves.js';
import * as m0139 from './0139_masters_version.js';
import * as m0140 from './0140_order_line_medicine.js';
import * as m0141 from './0141_order_withdrawals.js';
import * as m0142 from './0142_product_medicine.js';
import * as m0143 from './0143_offer_price_history.js';

/**
 * Every migration, in order. Names sort lexically; add new ones at the end with the next number.
 * Kept in code (not read from a folder) so the same list runs under tsx, vitest and a bundle.
 */
export const migrations: Record<string, Migration> = {
  '0001_shops': m0001,
  '0002_accounts': m0002,
  '0003_rate_limits': m0003,
  '0004_shop_settings': m0004,
  '0005_error_logs': m0005,
  '0006_outbox': m0006,
  '0020_catalogue': m0020,
  '0025_postgres_search_version': m0025,
  '0030_services': m0030,
  '0031_staff': m0031,
  '0032_events': m0032,
  '0033_reservations': m0033,
  '0040_files': m0040,
  '0041_carts': m0041,
  '0042_vouchers': m0042,
  '0050_addresses': m0050,
  '0051_orders': m0051,
  '0052_payments': m0052,
  '0053_payment_sandbox': m0053,
  '0060_notification_settings': m0060,
  '0061_loyalty': m0061,
  '0062_duty_shifts': m0062,
  '0070_audit_log': m0070,
  '0085_catalogue_import_jobs': m0085,
  '0086_shop_contacts': m0086,
  '0090_shop_data_revision': m0090,
  '0091_loyalty_movement_notes': m0091,
  '0092_info_request_replies': m0092,
  '0100_shop_legal_data': m0100,
  '0101_order_receipt_fiscal_code': m0101,
  '0105_eu_logo_link_to_ministry_list': m0105,
  '0110_health_data': m0110,
  '0115_staff_invitations': m0115,
  '0120_staff_alerts': m0120,
  '0121_product_ean': m0121,
  '0122_refunds': m0122,
  '0125_live_events': m0125,
  '0126_promotion_periods': m0126,
  '0127_loyalty_card_blocking': m0127,
  '0130_product_offers': m0130,
  '0131_offer_promotion_periods': m0131,
  '0133_shop_shelves': m0133,
  '0135_kept_reads_versions': m0135,
  '0137_order_lists_and_busy_intervals': m0137,
  '0138_stored_shelves': m0138,
  '0139_masters_version': m0139,
  '0140_order_line_medicine': m0140,
  '0141_order_withdrawals': m0141,
  '0142_product_medicine': m0142,
  '0143_offer_price_history': m0143,
};
