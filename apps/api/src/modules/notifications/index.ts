/** The public entry of the notifications module: what other modules and the HTTP layer may use (docs/architecture.md). */
export * as notificationsService from './notifications.service.js';
export { activePushOfEndpoint, forgetPushEndpoint, notifyUser, type UserNotification } from './notifications.service.js';
export type { NotificationTables } from './notifications.table.js';
