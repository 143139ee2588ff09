import {
  AdminShopQuerySchema,
  DeviceIdSchema,
  NotificationStatusResponseSchema,
  StaffAlertSettingsResponseSchema,
  StaffAlertSettingsUpdateSchema,
  StaffPushBodySchema,
} from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as notifications from '../notifications/notifications.service.js';
import { staffDevice } from './staff-alerts.repository.js';
import * as alerts from './staff-alerts.service.js';

const security = [{ bearer: [] }];
const tags = ['admin: staff alerts'];
const DeviceParamsSchema = z.object({ device: DeviceIdSchema });

/**
 * The shop's alert settings (address, events, escalation) and each pharmacist's own push alerts
 * on the back-office browser they use (issue 15).
 */
export async function staffAlertsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = app.requireRole('pharmacist');
  const pushOptions = { allowInsecurePushEndpoints: app.config.pushAllowInsecureEndpoints };

  r.get(
    '/admin/staff-alerts',
    { onRequest, schema: { tags, security, querystring: AdminShopQuerySchema, response: { 200: StaffAlertSettingsResponseSchema } } },
    async (request) => ({ data: await alerts.getSettings(app, request, request.query.shop_id) }),
  );
  r.put(
    '/admin/staff-alerts',
    { onRequest, schema: { tags, security, body: StaffAlertSettingsUpdateSchema, response: { 200: StaffAlertSettingsResponseSchema } } },
    async (request) => ({ data: await alerts.updateSettings(app, request, request.body) }),
  );

  r.get(
    '/admin/staff-alerts/push/:device',
    { onRequest, schema: { tags, security, params: DeviceParamsSchema, response: { 200: NotificationStatusResponseSchema } } },
    async (request) => ({
      active: await notifications.isActive(app.db, request.user.id, 'push', staffDevice(request.params.device)),
    }),
  );
  r.put(
    '/admin/staff-alerts/push/:device',
    {
      onRequest,
      schema: { tags, security, params: DeviceParamsSchema, body: StaffPushBodySchema, response: { 200: NotificationStatusResponseSchema } },
    },
    async (request) => {
      const device = staffDevice(request.params.device);
      await app.db.transaction().execute(async (trx) => {
        await notifications.enable(trx, request.user.id, 'push', device, { type: 'push', token: request.body.subscription }, pushOptions);
        await notifications.greetPushDevice(trx, request.user.id, request.body.subscription.endpoint, '/backoffice/negozio/avvisi');
      });
      return { active: true };
    },
  );
  r.delete(
    '/admin/staff-alerts/push/:device',
    { onRequest, schema: { tags, security, params: DeviceParamsSchema, response: { 200: NotificationStatusResponseSchema } } },
    async (request) => {
      await notifications.disable(app.db, request.user.id, 'push', staffDevice(request.params.device));
      return { active: false };
    },
  );
}
