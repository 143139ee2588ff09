/** The public entry of the prescriptions module: what other modules and the HTTP layer may use (docs/architecture.md). */
export { deleteAllPrescriptionsInCart, prescriptionsInCart, presentPrescriptions } from './prescriptions.service.js';
export type { PrescriptionTables } from './prescriptions.table.js';
