import {
  AdminShopQuerySchema,
  messages,
  NotificationStatusResponseSchema,
  StaffAlertSettingsResponseSchema,
  StaffAlertSettingsUpdateSchema,
  StaffPushBodySchema,
  StaffPushQuerySchema,
} from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { dataRoutes } from '../../plugins/data-routes.js';
import { validationFailed } from '../../errors.js';
import { hasValidPushKeys, isAllowedPushEndpoint } from '../../notify/push.js';
import { notificationsService as notifications } from '../notifications/index.js';
import { staffDevice } from './staff-alerts.repository.js';
import * as alerts from './staff-alerts.service.js';

/**
 * The shop's alert settings (address, events, escalation) and each pharmacist's own push alerts
 * on the back-office browser they use (issue 15).
 */
export async function staffAlertsRoutes(app: FastifyInstance): Promise<void> {
  const route = dataRoutes(app, 'admin: staff alerts', app.requireRole('pharmacist'));
  const { r, tags, security, onRequest } = route;
  const pushOptions = { allowInsecurePushEndpoints: app.config.pushAllowInsecureEndpoints };

  route.get('/admin/staff-alerts', { querystring: AdminShopQuerySchema }, StaffAlertSettingsResponseSchema, (ctx, { query }) =>
    alerts.getSettings(ctx, query.shop_id),
  );
  route.put('/admin/staff-alerts', { body: StaffAlertSettingsUpdateSchema }, StaffAlertSettingsResponseSchema, (ctx, { body }) =>
    alerts.updateSettings(ctx, body),
  );

  r.get(
    '/admin/staff-alerts/push',
    { onRequest, schema: { tags, security, querystring: StaffPushQuerySchema, response: { 200: NotificationStatusResponseSchema } } },
    async (request) => ({
      active: await notifications.isActive(app.db, request.user.id, 'push', staffDevice(request.query.device)),
    }),
  );
  r.put(
    '/admin/staff-alerts/push',
    { onRequest, schema: { tags, security, body: StaffPushBodySchema, response: { 200: NotificationStatusResponseSchema } } },
    async (request) => {
      const { device, subscription } = request.body;
      // Checked here too so the message lands on this body's field (the customer route names it `token`).
      if (!isAllowedPushEndpoint(subscription.endpoint, pushOptions.allowInsecurePushEndpoints) || !hasValidPushKeys(subscription)) {
        throw validationFailed({ subscription: [messages.notifications.pushGenericProblem] });
      }
      await app.db.transaction().execute(async (trx) => {
        await notifications.enable(trx, request.user.id, 'push', staffDevice(device), { type: 'push', token: subscription }, pushOptions);
        await notifications.greetPushDevice(trx, request.user.id, subscription.endpoint, '/backoffice/negozio/avvisi');
      });
      return { active: true };
    },
  );
  r.delete(
    '/admin/staff-alerts/push',
    { onRequest, schema: { tags, security, querystring: StaffPushQuerySchema, response: { 200: NotificationStatusResponseSchema } } },
    async (request) => {
      await notifications.disable(app.db, request.user.id, 'push', staffDevice(request.query.device));
      return { active: false };
    },
  );
}
