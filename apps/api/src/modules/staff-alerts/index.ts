/** The public entry of the staff-alerts module: what other modules and the HTTP layer may use (docs/architecture.md). */
export { alertBooking, alertStaff, infoRequestAlert, orderAlert } from './staff-alerts.service.js';
export type { StaffAlertTables } from './staff-alerts.table.js';
