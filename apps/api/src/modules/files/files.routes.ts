import { ALLOWED_UPLOAD_MIME_TYPES, IdParamsSchema } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as files from './files.service.js';

/** Images and PDFs open in the browser; EPS (PostScript) is only ever downloaded. */
const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'application/pdf']);

/** RFC 6266 / 5987 Content-Disposition with the original (possibly non-ASCII) name. */
function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** `GET /api/files/:id`: a prescription or request file, to its owner or the shop's pharmacists (decision 0201). */
export async function fileRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/files/:id',
    {
      onRequest: app.authenticate,
      config: { openapi: { media: { 200: ALLOWED_UPLOAD_MIME_TYPES } } },
      schema: {
        tags: ['files'],
        security: [{ bearer: [] }],
        params: IdParamsSchema,
        description: 'I byte del file (ricetta o foto), al proprietario o ai farmacisti del punto vendita.',
      },
    },
    async (request, reply) => {
      const { row, bytes } = await files.readFile(app, request.user, request.params.id, request.ip ?? null);
      return reply
        .header('content-type', row.mime_type)
        .header('content-length', String(bytes.length))
        .header('content-disposition', contentDisposition(INLINE_TYPES.has(row.mime_type) ? 'inline' : 'attachment', row.name))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(bytes);
    },
  );
}
