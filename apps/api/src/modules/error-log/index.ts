/** The public entry of the error-log module: what other modules and the HTTP layer may use (docs/architecture.md). */
export type { ErrorLogTables } from './error-log.table.js';
