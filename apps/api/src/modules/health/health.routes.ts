import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';

/** Liveness (the process answers) and readiness (the database answers) for load balancers. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await sql`select 1`.execute(app.db);
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
