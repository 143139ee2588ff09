import { createHash } from 'node:crypto';
import { VersionResponseSchema } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import apiPackage from '../../../package.json' with { type: 'json' };
import { shopDataRevision } from '../shops/index.js';

/** The API version: apps/api/package.json (imported, so a compiled server carries it inside). */
export const API_VERSION: string = apiPackage.version;

/**
 * `GET /api/` → `{ version }`. Every open app polls it every 5 s (spec §4), so the body and its
 * strong ETag are computed once per shop data revision (decision 0311: the back office's edits of
 * options and content change `data_version`, so apps refetch them) and the handler allocates
 * nothing: a matching If-None-Match answers 304 with no body.
 */
export async function versionRoutes(app: FastifyInstance): Promise<void> {
  let current = { revision: Number.NaN, body: '', etag: '' };
  const answerFor = (revision: number) => {
    if (current.revision !== revision) {
      const body = JSON.stringify({ version: API_VERSION, data_version: String(revision) });
      current = { revision, body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    }
    return current;
  };

  app.get(
    '/',
    { schema: { tags: ['version'], response: { 200: VersionResponseSchema, 304: z.null().describe('Invariata (If-None-Match)') } } },
    async (request, reply) => {
      const { body, etag } = answerFor(await shopDataRevision(app.db));
      reply.header('etag', etag).header('cache-control', 'no-cache');
      const match = request.headers['if-none-match'];
      if (match === etag || match?.split(/\s*,\s*/).includes(etag)) {
        return reply.status(304).send();
      }
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
}
