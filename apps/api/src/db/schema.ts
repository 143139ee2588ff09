import type { AuditTables } from '../modules/audit/index.js';
import type { AdminShopTables } from '../modules/shops/index.js';
import type { AdminCatalogueTables } from '../modules/catalogue/index.js';
import type { EventTables } from '../modules/events/index.js';
import type { ReservationTables } from '../modules/bookings/index.js';
import type { ServiceTables } from '../modules/services/index.js';
import type { ShopServiceTables } from '../modules/services/index.js';
import type { StaffTables } from '../modules/staff/index.js';
import type { CatalogueTables, OfferPriceHistoryTables } from '../modules/catalogue/index.js';
import type { ErrorLogTables } from '../modules/error-log/index.js';
import type { ShopSettingsTables } from '../modules/shops/index.js';
import type { AccountTables } from '../modules/accounts/index.js';
import type { OutboxTables } from '../notify/outbox.table.js';
import type { RateLimitTables } from '../plugins/rate-limit.table.js';
import type { CartTables } from '../modules/cart/index.js';
import type { FileTables } from '../modules/files/index.js';
import type { PrescriptionTables } from '../modules/prescriptions/index.js';
import type { ProductRequestTables } from '../modules/product-requests/index.js';
import type { VoucherTables } from '../modules/vouchers/index.js';
import type { ShopTables } from './foundation.table.js';
import type { AddressTables } from '../modules/addresses/index.js';
import type { OrderTables } from '../modules/orders/index.js';
import type { PaymentTables } from '../modules/payments/index.js';
import type { PaymentSandboxTables } from '../payments/sandbox/sandbox.table.js';
import type { LoyaltyTables } from '../modules/loyalty/index.js';
import type { MediaTables } from '../modules/media/index.js';
import type { NotificationTables } from '../modules/notifications/index.js';
import type { OnboardingTables } from '../modules/onboarding/index.js';
import type { HealthDataTables } from '../modules/health-data/index.js';
import type { StaffAlertTables } from '../modules/staff-alerts/index.js';
import type { LiveTables } from '../live/live.table.js';

/**
 * The whole database as Kysely sees it: one interface per module (`<domain>.table.ts`),
 * joined here. Conventions on both engines: ids are integers, money is integer cents,
 * booleans are 0/1 integers, timestamps are UTC ISO-8601 strings, JSON is text.
 */
export interface Database
  extends CatalogueTables,
    OfferPriceHistoryTables,
    ShopTables,
    AccountTables,
    RateLimitTables,
    ShopSettingsTables,
    ErrorLogTables,
    OutboxTables,
    ServiceTables,
    ShopServiceTables,
    StaffTables,
    EventTables,
    ReservationTables,
    FileTables,
    CartTables,
    PrescriptionTables,
    ProductRequestTables,
    VoucherTables,
    NotificationTables,
    LoyaltyTables,
    MediaTables,
    AddressTables,
    OrderTables,
    PaymentTables,
    PaymentSandboxTables,
    AdminShopTables,
    AuditTables,
    AdminCatalogueTables,
    OnboardingTables,
    HealthDataTables,
    StaffAlertTables,
    LiveTables {}
