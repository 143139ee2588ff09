/** The public entry of the staff module: what other modules and the HTTP layer may use (docs/architecture.md). */
export { changeInShop, shopScope } from './staff-scope.js';
export { knownStaffIds } from './staff.admin.service.js';
export { createClosure, createStaffMember, lockForBooking, scheduleFor, staffNames } from './staff.service.js';
export type { StaffTables } from './staff.table.js';
