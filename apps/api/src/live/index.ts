/** Live updates (decision 0525): services announce changes with `raiseLive`; `live.plugin.ts` serves the streams. */
export { type LiveChange, raiseLive } from './raise.js';
export type { LiveTables } from './live.table.js';
