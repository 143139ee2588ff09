import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { VersionResponseSchema } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** The API version: apps/api/package.json, read once. */
export const API_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/**
 * `GET /api/` → `{ version }`. Every open app polls it every 5 s (spec §4), so the body and its
 * strong ETag are computed once at start and the handler allocates nothing: a matching
 * If-None-Match answers 304 with no body.
 */
export async function versionRoutes(app: FastifyInstance): Promise<void> {
  const body = JSON.stringify({ version: API_VERSION });
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

  app.get(
    '/',
    { schema: { tags: ['version'], response: { 200: VersionResponseSchema, 304: z.null().describe('Invariata (If-None-Match)') } } },
    async (request, reply) => {
      reply.header('etag', etag).header('cache-control', 'no-cache');
      const match = request.headers['if-none-match'];
      if (match === etag || match?.split(/\s*,\s*/).includes(etag)) {
        return reply.status(304).send();
      }
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
}
