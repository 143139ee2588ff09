import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The OpenAPI security of a route that needs the bearer token. */
const bearerSecurity = [{ bearer: [] }];

/**
 * What a routes file starts with: the router typed by the contract's zod schemas, and the OpenAPI
 * `tags` (the file's one tag) and `security` (the bearer token) its routes declare.
 */
export function typedRoutes(app: FastifyInstance, tag: string) {
  return { r: app.withTypeProvider<ZodTypeProvider>(), tags: [tag], security: bearerSecurity };
}
