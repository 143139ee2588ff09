import { ErrorLogRequestSchema } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requestMeta } from '../../plugins/auth.js';
import { recordClientError } from './error-log.service.js';

/** Largest accepted report: a message, a stack and some context, never an upload. */
export const ERROR_LOG_BODY_LIMIT = 16 * 1024;

/** `POST /api/error-log` (spec §7): the app reports login, signup and other client errors. */
export async function errorLogRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/error-log',
    {
      config: { openapi: { errors: ['RATE_LIMITED'] } },
      bodyLimit: ERROR_LOG_BODY_LIMIT,
      preHandler: app.authenticateOptional,
      schema: { tags: ['error-log'], body: ErrorLogRequestSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await recordClientError(app, request.body, currentUser(request)?.id ?? null, requestMeta(request));
      return reply.status(204).send(null);
    },
  );
}
