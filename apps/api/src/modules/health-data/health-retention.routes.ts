import { AdminShopQuerySchema, HealthRetentionResponseSchema, HealthRetentionUpdateSchema } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../plugins/typed-routes.js';
import { getHealthRetention, setHealthRetention } from './health-retention.service.js';
import { actorContext } from '../../plugins/request-context.js';

const response = { 200: HealthRetentionResponseSchema };

/** `GET/PUT /api/admin/health-retention`: the shop's months of health data retention (decision 0411). */
export async function healthRetentionRoutes(app: FastifyInstance): Promise<void> {
  const { r, tags, security } = typedRoutes(app, 'admin: shop options');
  const onRequest = app.requireRole('pharmacist');

  r.get(
    '/admin/health-retention',
    { onRequest, schema: { tags, security, querystring: AdminShopQuerySchema, response } },
    async (request) => ({ data: await getHealthRetention(actorContext(request), request.query.shop_id) }),
  );
  r.put('/admin/health-retention', { onRequest, schema: { tags, security, body: HealthRetentionUpdateSchema, response } }, async (request) => ({
    data: await setHealthRetention(actorContext(request), request.body),
  }));
}
