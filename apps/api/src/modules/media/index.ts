/** The public entry of the media module: what other modules and the HTTP layer may use (docs/architecture.md). */
export { longItalianDay, shiftHours, shiftsOn, shortItalianDay } from './media.service.js';
export type { DutyShiftRow, MediaTables } from './media.table.js';
