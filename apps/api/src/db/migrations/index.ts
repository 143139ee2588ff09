import type { Migration } from 'kysely';
import * as m0001 from './0001_shops.js';

/**
 * Every migration, in order. Names sort lexically; add new ones at the end with the next number.
 * Kept in code (not read from a folder) so the same list runs under tsx, vitest and a bundle.
 */
export const migrations: Record<string, Migration> = {
  '0001_shops': m0001,
};
