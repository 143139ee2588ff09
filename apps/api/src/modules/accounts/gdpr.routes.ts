import { AccountExportSchema, DeleteAccountRequestSchema, DeleteAccountResponseSchema, messages } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../plugins/typed-routes.js';
import { exportAccount, eraseAccount } from './gdpr.service.js';

/** `GET /api/profile/export` and `DELETE /api/profile`: the customer's GDPR rights. */
export async function gdprRoutes(app: FastifyInstance): Promise<void> {
  const { r, tags, security } = typedRoutes(app, 'profile');

  r.get(
    '/profile/export',
    { config: { openapi: { errors: ['RATE_LIMITED'] } }, preHandler: app.authenticate, schema: { tags, security, response: { 200: AccountExportSchema } } },
    async (request, reply) => {
      const data = await exportAccount(app, request.user.id);
      reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="farmacia-dati-${request.user.id}-${data.exported_at.slice(0, 10)}.json"`);
      return data;
    },
  );

  r.delete(
    '/profile',
    {
      config: { openapi: { errors: ['RATE_LIMITED'] } },
      preHandler: app.authenticate,
      schema: { tags, security, body: DeleteAccountRequestSchema, response: { 200: DeleteAccountResponseSchema } },
    },
    async (request) => {
      await eraseAccount(app, request.user, request.body.password);
      return { message: messages.gdpr.deleted };
    },
  );
}
