import { ShopQuerySchema } from '@farmacia/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resolveShopId } from '../shops/index.js';
import { type ShopPdfKind, shopPdf } from './media.service.js';

const tags = ['media'];

/**
 * `GET /api/media/turni.pdf` and `GET /api/media/volantino.pdf` (`?shop_id=`): the PDFs the
 * `turni` and `volantino` options point at, shown by the app in a frame (spec §2). Public: the
 * frame carries no bearer token, so the shop comes from the query (else the default shop).
 */
/** The OpenAPI answers of a PDF route: the PDF, or 304 when the client's ETag still matches. */
const pdfAnswer = { media: { 200: ['application/pdf'], 304: null } };

export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const send = async (kind: ShopPdfKind, query: { shop_id?: number | undefined }, ifNoneMatch: unknown, reply: FastifyReply) => {
    const shopId = await resolveShopId(app, null, query.shop_id);
    const file = await shopPdf(app, shopId, kind);
    reply
      .header('etag', file.etag)
      // Short: the shifts change with the calendar, the flyer with the promotions.
      .header('cache-control', 'public, max-age=300')
      .header('content-disposition', `inline; filename="${kind}.pdf"`);
    if (ifNoneMatch === file.etag) return reply.status(304).send();
    return reply.type('application/pdf').send(file.bytes);
  };

  r.get('/media/turni.pdf', { config: { openapi: pdfAnswer }, schema: { tags, querystring: ShopQuerySchema } }, (request, reply) =>
    send('turni', request.query, request.headers['if-none-match'], reply),
  );
  r.get('/media/volantino.pdf', { config: { openapi: pdfAnswer }, schema: { tags, querystring: ShopQuerySchema } }, (request, reply) =>
    send('volantino', request.query, request.headers['if-none-match'], reply),
  );
}
