import { ReferrerResponseSchema } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getReferralCode } from './referrals.service.js';

/** `GET /api/profile/referrer` → `{ data: { code } }` (spec §7). */
export async function referralsRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/profile/referrer',
    {
      preHandler: app.authenticate,
      schema: { tags: ['profile'], security: [{ bearer: [] }], response: { 200: ReferrerResponseSchema } },
    },
    async (request) => ({ data: { code: await getReferralCode(app.db, request.user.id) } }),
  );
}
