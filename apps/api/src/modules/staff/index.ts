/** The public entry of the staff module: what other modules and the HTTP layer may use (docs/architecture.md). */
export * as pharmacistAccounts from './pharmacist-accounts.js';
export * as staffHoursService from './staff-hours.service.js';
export { shopScope } from './staff-scope.js';
export { staffIdsOfShop } from './staff.admin.repository.js';
export * as staffAdminService from './staff.admin.service.js';
export { createClosure, createStaffMember, lockForBooking, scheduleFor, staffNames } from './staff.service.js';
export type { StaffTables } from './staff.table.js';
