import type { ErrorLogTables } from '../modules/error-log/error-log.table.js';
import type { ShopSettingsTables } from '../modules/shops/shops.table.js';
import type { AccountTables } from '../modules/users/users.table.js';
import type { OutboxTables } from '../notify/outbox.table.js';
import type { RateLimitTables } from '../plugins/rate-limit.table.js';
import type { ShopTables } from './foundation.table.js';

/**
 * The whole database as Kysely sees it: one interface per module (`<domain>.table.ts`),
 * joined here. Conventions on both engines: ids are integers, money is integer cents,
 * booleans are 0/1 integers, timestamps are UTC ISO-8601 strings, JSON is text.
 */
export interface Database
  extends ShopTables,
    AccountTables,
    RateLimitTables,
    ShopSettingsTables,
    ErrorLogTables,
    OutboxTables {}
