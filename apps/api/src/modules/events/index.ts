/** The public entry of the events module: what other modules and the HTTP layer may use (docs/architecture.md). */
export { createEvent, eventForService, eventNames, getEvent } from './events.service.js';
export type { EventTables } from './events.table.js';
