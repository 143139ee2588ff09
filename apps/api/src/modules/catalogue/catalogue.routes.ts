import {
  CategoryQuerySchema,
  CategoryResponseSchema,
  ProductCodeParamsSchema,
  ProductLookupParamsSchema,
  ProductLookupResponseSchema,
  ProductSchema,
  PromotionsQuerySchema,
  PromotionsResponseSchema,
  SearchByCategoryQuerySchema,
  SearchByCategoryResponseSchema,
  SearchQuerySchema,
  type SearchResponse,
  SearchResponseSchema,
} from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createProductSearch } from '../../search/create-product-search.js';
import { CatalogueService } from './catalogue.service.js';
import { ProductImages } from './product-image.js';
import { SearchLimiter } from './search-limit.js';

const tags = ['catalogue'];

/** Public catalogue routes of spec §7 "Products", plus the product image (decision 0168). */
export async function catalogueRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const productSearch = createProductSearch(app.engine, app.config.databaseUrl, app.db);
  app.addHook('onClose', () => productSearch.close());
  const catalogue = new CatalogueService(app.db, productSearch, new ProductImages(app.config.leafletImageBaseUrl));

  const searchLimiter = new SearchLimiter(app.config.searchLimitPerMinute);
  r.get(
    '/product/search',
    {
      config: { openapi: { errors: ['RATE_LIMITED'] } },
      schema: { tags, querystring: SearchQuerySchema, response: { 200: SearchResponseSchema } },
    },
    async (request, reply) => {
      searchLimiter.consume(request.ip);
      // The body is written as UTF-8 JSON by the service (a SearchResponse, checked by the tests
      // against the schema, which still documents the route): sent as it is, not serialised again.
      const body = await catalogue.searchBody(request.query);
      return reply.type('application/json; charset=utf-8').send(body as unknown as SearchResponse);
    },
  );

  r.get(
    '/product/searchByCategory',
    { config: { openapi: { errors: ['CATEGORY_NOT_FOUND'] } }, schema: { tags, querystring: SearchByCategoryQuerySchema, response: { 200: SearchByCategoryResponseSchema } } },
    (request) => catalogue.searchByCategory(request.query),
  );

  r.get(
    '/product/category',
    { config: { openapi: { errors: ['CATEGORY_NOT_FOUND'] } }, schema: { tags, querystring: CategoryQuerySchema, response: { 200: CategoryResponseSchema } } },
    (request) => catalogue.categories(request.query),
  );

  r.get(
    '/product/promotions',
    { schema: { tags, querystring: PromotionsQuerySchema, response: { 200: PromotionsResponseSchema } } },
    (request) => catalogue.promotions(request.query),
  );

  r.get(
    '/product/:code',
    { config: { openapi: { errors: ['PRODUCT_NOT_FOUND'] } }, schema: { tags, params: ProductCodeParamsSchema, response: { 200: ProductSchema } } },
    (request) => catalogue.product(request.params.code),
  );

  r.get(
    '/product-codes/:code',
    {
      config: { openapi: { summary: 'The product code of a scanned AIC or EAN-13', errors: ['PRODUCT_NOT_FOUND'] } },
      schema: { tags, params: ProductLookupParamsSchema, response: { 200: ProductLookupResponseSchema } },
    },
    (request) => catalogue.productCodeOf(request.params.code),
  );

  r.get(
    '/product/:code/image',
    {
      config: {
        openapi: { media: { 200: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'], 304: null }, errors: ['PRODUCT_NOT_FOUND'] },
      },
      schema: { tags, params: ProductCodeParamsSchema },
    },
    async (request, reply) => {
      const image = await catalogue.productImage(request.params.code);
      reply.header('etag', image.etag).header('cache-control', `public, max-age=${image.maxAge}`);
      if (image.contentType === 'image/svg+xml') {
        // Opened directly, an SVG is a document: no scripts, no external loads.
        reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      }
      if (request.headers['if-none-match'] === image.etag) return reply.status(304).send();
      return reply.type(image.contentType).send(image.bytes);
    },
  );
}
