import { StaffWhoAmIResponseSchema } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { unauthenticated } from '../../errors.js';
import { findActiveUserById } from './users.repository.js';

/** Staff identity for the back office (`/api/admin/*`); also proves `requireRole` works. */
export async function staffRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/admin/whoami',
    {
      onRequest: app.requireRole('pharmacist', 'admin'),
      schema: { tags: ['admin'], security: [{ bearer: [] }], response: { 200: StaffWhoAmIResponseSchema } },
    },
    async (request) => {
      const user = await findActiveUserById(app.db, request.user.id);
      if (!user) throw unauthenticated();
      return { data: { id: user.id, name: user.name, email: user.email, role: user.role, shop_id: user.shop_id } };
    },
  );
}
