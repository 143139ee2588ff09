import {
  NotificationEnableBodySchema,
  NotificationGetParamsSchema,
  NotificationParamsSchema,
  NotificationStatusResponseSchema,
  VapidPublicKeyResponseSchema,
} from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../plugins/typed-routes.js';
import { createPushSender } from '../../notify/push-sender.js';
import { loadVapidKeys } from '../../notify/push.js';
import { createSmsSender } from '../../notify/sms.js';
import * as notifications from './notifications.service.js';

/**
 * `/api/profile/notification/{type}[/{device}]` (spec §7) and `/api/push/vapid-public-key`; plugs
 * the push and sms channels into the outbox worker.
 */
export async function notificationsRoutes(app: FastifyInstance): Promise<void> {
  const { r, tags, security } = typedRoutes(app, 'notifications');
  const vapid = loadVapidKeys(app.config.dataDir, process.env, app.config.mailFrom);
  app.outbox.registerSender('push', createPushSender(app.db, vapid, app.log));
  app.outbox.registerSender('sms', createSmsSender(app.config, app.log));
  const options = { allowInsecurePushEndpoints: app.config.pushAllowInsecureEndpoints };

  r.get(
    '/push/vapid-public-key',
    { schema: { tags, response: { 200: VapidPublicKeyResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return { publicKey: vapid.publicKey };
    },
  );

  r.get(
    '/profile/notification/:type',
    {
      onRequest: app.authenticate,
      schema: { tags, security, params: NotificationGetParamsSchema, response: { 200: NotificationStatusResponseSchema } },
    },
    async (request) => ({
      active: await notifications.isActive(app.db, request.user.id, request.params.type, undefined),
    }),
  );

  r.get(
    '/profile/notification/:type/:device',
    {
      onRequest: app.authenticate,
      schema: { tags, security, params: NotificationParamsSchema, response: { 200: NotificationStatusResponseSchema } },
    },
    async (request) => ({
      active: await notifications.isActive(app.db, request.user.id, request.params.type, request.params.device),
    }),
  );

  r.post(
    '/profile/notification/:type/:device',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        params: NotificationParamsSchema,
        body: NotificationEnableBodySchema,
        response: { 200: NotificationStatusResponseSchema },
      },
    },
    async (request) => {
      const { type, device } = request.params;
      await app.db.transaction().execute(async (trx) => {
        await notifications.enable(trx, request.user.id, type, device, request.body, options);
        if (type === 'push' && request.body.token) {
          await notifications.greetPushDevice(trx, request.user.id, request.body.token.endpoint);
        }
      });
      return { active: true };
    },
  );

  r.delete(
    '/profile/notification/:type/:device',
    {
      onRequest: app.authenticate,
      schema: { tags, security, params: NotificationParamsSchema, response: { 200: NotificationStatusResponseSchema } },
    },
    async (request) => {
      await notifications.disable(app.db, request.user.id, request.params.type, request.params.device);
      return { active: false };
    },
  );
}
