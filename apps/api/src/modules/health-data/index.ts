/** The public entry of the health-data module: what other modules and the HTTP layer may use (docs/architecture.md). */
export { assertHealthConsent } from './health-consent.guard.js';
export type { HealthDataTables } from './health-data.table.js';
