/** The public entry of the bookings module: what other modules and the HTTP layer may use (docs/architecture.md). */
export { listOwn } from './bookings.service.js';
export type { ReservationTables } from './bookings.table.js';
export { decryptNote, encryptNote } from './note-cipher.js';
export { addDays, calendarRange, isoWeekday, normalizeTime, romeDay, romeDayBounds, romeInstant, romeParts } from './rome-time.js';
export type { Closure, StaffSchedule, TimeWindow, WeeklyHours } from './slots.js';
