import type { AuditTables } from '../modules/audit/audit.table.js';
import type { AdminShopTables } from '../modules/shops/shop-data-revision.table.js';
import type { AdminCatalogueTables } from '../modules/catalogue/catalogue.admin.table.js';
import type { EventTables } from '../modules/events/events.table.js';
import type { ReservationTables } from '../modules/bookings/bookings.table.js';
import type { ServiceTables } from '../modules/services/services.table.js';
import type { ShopServiceTables } from '../modules/services/shop-services.table.js';
import type { StaffTables } from '../modules/staff/staff.table.js';
import type { CatalogueTables } from '../modules/catalogue/catalogue.table.js';
import type { ErrorLogTables } from '../modules/error-log/error-log.table.js';
import type { ShopSettingsTables } from '../modules/shops/shops.table.js';
import type { AccountTables } from '../modules/accounts/users.table.js';
import type { OutboxTables } from '../notify/outbox.table.js';
import type { RateLimitTables } from '../plugins/rate-limit.table.js';
import type { CartTables } from '../modules/cart/cart.table.js';
import type { FileTables } from '../modules/files/files.table.js';
import type { PrescriptionTables } from '../modules/prescriptions/prescriptions.table.js';
import type { ProductRequestTables } from '../modules/product-requests/product-requests.table.js';
import type { VoucherTables } from '../modules/vouchers/vouchers.table.js';
import type { ShopTables } from './foundation.table.js';
import type { AddressTables } from '../modules/addresses/addresses.table.js';
import type { OrderTables } from '../modules/orders/orders.table.js';
import type { PaymentTables } from '../modules/payments/payments.table.js';
import type { PaymentSandboxTables } from '../payments/sandbox/sandbox.table.js';
import type { LoyaltyTables } from '../modules/loyalty/loyalty.table.js';
import type { MediaTables } from '../modules/media/media.table.js';
import type { NotificationTables } from '../modules/notifications/notifications.table.js';
import type { OnboardingTables } from '../modules/onboarding/onboarding.table.js';
import type { HealthDataTables } from '../modules/health-data/health-data.table.js';
import type { StaffAlertTables } from '../modules/staff-alerts/staff-alerts.table.js';

/**
 * The whole database as Kysely sees it: one interface per module (`<domain>.table.ts`),
 * joined here. Conventions on both engines: ids are integers, money is integer cents,
 * booleans are 0/1 integers, timestamps are UTC ISO-8601 strings, JSON is text.
 */
export interface Database
  extends CatalogueTables,
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
    StaffAlertTables {}
