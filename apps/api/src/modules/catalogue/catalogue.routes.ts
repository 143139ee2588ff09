import {
  CategoryQuerySchema,
  CategoryResponseSchema,
  ProductCodeParamsSchema,
  ProductImageQuerySchema,
  ProductLookupParamsSchema,
  ProductLookupResponseSchema,
  ProductSchema,
  ProductShopQuerySchema,
  PromotionsQuerySchema,
  PromotionsResponseSchema,
  SearchByCategoryQuerySchema,
  SearchByCategoryResponseSchema,
  SearchQuerySchema,
  type SearchResponse,
  SearchResponseSchema,
} from '@farmacia/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { preparedQuery } from '../../db/prepared-query.js';
import { currentUser } from '../../plugins/auth.js';
import { fastSerializerCompiler } from '../../plugins/fast-response.js';
import { keptJsonSerializerCompiler } from '../../plugins/kept-json.js';
import { createProductSearch } from '../../search/create-product-search.js';
import { resolveShopId } from '../shops/index.js';
import { CatalogueService } from './catalogue.service.js';
import { ProductImages } from './product-image.js';
import { SearchLimiter } from './search-limit.js';
import { searchValidatorCompiler } from './search-query.js';

const tags = ['catalogue'];
/** The search's body: JSON written by the service as UTF-8. */
const SEARCH_BODY_TYPE = 'application/json; charset=utf-8';

// An anonymous visitor's shelf: every public product page and search asks it (decision 0553).
const defaultShop = preparedQuery((db) => db.selectFrom('shops').select('id').orderBy('id').limit(1));

/** Public catalogue routes of spec §7 "Products", plus the product image (decision 0168). */
export async function catalogueRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const productSearch = createProductSearch(app.engine, app.config.databaseUrl, app.db);
  app.addHook('onClose', () => productSearch.close());
  const catalogue = new CatalogueService(app.db, productSearch, new ProductImages(app.config.leafletImageBaseUrl));

  /**
   * Shops are never deleted (no route, job or import removes one): a shop found once stays, and
   * so does the first one. So the lookup is made once per shop and instance, not on every public
   * read — one statement of two for a product page or a search (issue 18 "Scale": 1,000 shops).
   */
  const knownShops = new Set<number>();
  let firstShop = 0;

  /**
   * The shop whose shelf a request reads (issue 18): `shop_id` when given (404 when unknown), else
   * the signed-in customer's shop, else the default one — as every other shop-scoped public call.
   * An installation with no pharmacy yet has an empty shelf (shop 0) rather than a 404 everywhere.
   */
  const shopOf = async (request: FastifyRequest & { query: { shop_id?: number | undefined } }) => {
    const user = currentUser(request);
    const asked = request.query.shop_id;
    if (asked !== undefined && knownShops.has(asked)) return asked;
    if (asked !== undefined || user) {
      const id = await resolveShopId(app, user, asked);
      if (asked !== undefined) knownShops.add(id);
      return id;
    }
    if (firstShop === 0) firstShop = (await defaultShop(app.db, {}))[0]?.id ?? 0;
    return firstShop;
  };
  /**
   * {@link shopOf} when it needs no read (no customer, and no shop asked or one already found): the
   * usual search, answered without a promise (decision 0691); undefined otherwise.
   */
  const heldShopOf = (request: FastifyRequest & { query: { shop_id?: number | undefined } }) => {
    const asked = request.query.shop_id;
    if (asked !== undefined) return knownShops.has(asked) ? asked : undefined;
    return firstShop === 0 || currentUser(request) ? undefined : firstShop;
  };
  const preHandler = app.authenticateOptional;

  const searchLimiter = new SearchLimiter(app.config.searchLimitPerMinute);
  r.get(
    '/product/search',
    {
      preHandler,
      config: { openapi: { errors: ['RATE_LIMITED', 'NOT_FOUND'] } },
      schema: { tags, querystring: SearchQuerySchema, response: { 200: SearchResponseSchema } },
      validatorCompiler: searchValidatorCompiler,
    },
    (request, reply) => {
      searchLimiter.consume(request.ip);
      // The body is written as UTF-8 JSON by the service (a SearchResponse, checked by the tests
      // against the schema, which still documents the route): sent as it is, not serialised again.
      // Returned, not awaited: a body the search holds is sent with no promise on the way (decision 0691).
      const shop = heldShopOf(request);
      const body = shop === undefined ? shopOf(request).then((id) => catalogue.searchBody(id, request.query)) : catalogue.searchBody(shop, request.query);
      if (body instanceof Promise) {
        return body.then((sent) => {
          reply.type(SEARCH_BODY_TYPE);
          return sent as unknown as SearchResponse;
        });
      }
      reply.type(SEARCH_BODY_TYPE);
      return body as unknown as SearchResponse;
    },
  );

  r.get(
    '/product/searchByCategory',
    {
      preHandler,
      config: { openapi: { errors: ['CATEGORY_NOT_FOUND', 'NOT_FOUND'] } },
      schema: { tags, querystring: SearchByCategoryQuerySchema, response: { 200: SearchByCategoryResponseSchema } },
      serializerCompiler: fastSerializerCompiler,
    },
    async (request) => catalogue.searchByCategory(await shopOf(request), request.query),
  );

  r.get(
    '/product/category',
    {
      preHandler,
      config: { openapi: { errors: ['CATEGORY_NOT_FOUND', 'NOT_FOUND'] } },
      schema: { tags, querystring: CategoryQuerySchema, response: { 200: CategoryResponseSchema } },
      serializerCompiler: fastSerializerCompiler,
    },
    async (request) => catalogue.categories(await shopOf(request), request.query),
  );

  r.get(
    '/product/promotions',
    {
      preHandler,
      config: { openapi: { errors: ['NOT_FOUND'] } },
      schema: { tags, querystring: PromotionsQuerySchema, response: { 200: PromotionsResponseSchema } },
      serializerCompiler: fastSerializerCompiler,
    },
    async (request) => catalogue.promotions(await shopOf(request), request.query),
  );

  r.get(
    '/product/:code',
    {
      preHandler,
      config: { openapi: { errors: ['PRODUCT_NOT_FOUND', 'NOT_FOUND'] } },
      schema: { tags, params: ProductCodeParamsSchema, querystring: ProductShopQuerySchema, response: { 200: ProductSchema } },
      // A kept page is answered as the same object while kept: its JSON is written once (decision 0677).
      serializerCompiler: keptJsonSerializerCompiler((product: object) => product),
    },
    async (request) => catalogue.product(await shopOf(request), request.params.code),
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
        openapi: { media: { 200: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'], 304: null }, errors: ['PRODUCT_NOT_FOUND'] },
      },
      schema: { tags, params: ProductCodeParamsSchema, querystring: ProductImageQuerySchema },
    },
    async (request, reply) => {
      const image = await catalogue.productImage(request.params.code, request.query.w);
      reply.header('etag', image.etag).header('cache-control', `public, max-age=${image.maxAge}`);
      if (request.headers['if-none-match'] === image.etag) return reply.status(304).send();
      return reply.type(image.contentType).send(image.bytes);
    },
  );
}
