import type { ShopTables } from './foundation.table.js';

/**
 * The whole database as Kysely sees it: one interface per module (`<domain>.table.ts`),
 * joined here. Conventions on both engines: ids are integers, money is integer cents,
 * booleans are 0/1 integers, timestamps are UTC ISO-8601 strings, JSON is text.
 */
export interface Database extends ShopTables {}
