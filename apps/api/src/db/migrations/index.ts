import type { Migration } from 'kysely';
import * as m0001 from './0001_shops.js';
import * as m0002 from './0002_accounts.js';
import * as m0003 from './0003_rate_limits.js';
import * as m0004 from './0004_shop_settings.js';
import * as m0005 from './0005_error_logs.js';
import * as m0006 from './0006_outbox.js';

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
};
