/** The public entry of the audit module: what other modules and the HTTP layer may use (docs/architecture.md). */
export { audit, type AuditedChange, changeAudited, writeAudited } from './audit.service.js';
export type { AuditTables } from './audit.table.js';
