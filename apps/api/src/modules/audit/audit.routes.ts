import { AuditListQuerySchema, AuditListResponseSchema } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listAudit } from './audit.service.js';

/** `GET /api/admin/audit`: the trail of every back-office action, admins only (issue 8). */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/admin/audit',
    {
      // requireRole lets an admin through whatever the list; 'admin' alone keeps pharmacists out.
      onRequest: app.requireRole('admin'),
      schema: { tags: ['admin: audit'], security: [{ bearer: [] }], querystring: AuditListQuerySchema, response: { 200: AuditListResponseSchema } },
    },
    async (request) => listAudit(app.db, request.query),
  );
}
