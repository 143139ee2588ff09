import {
  CheckResponseSchema,
  LoginRequestSchema,
  MessageResponseSchema,
  RecoveryRequestSchema,
  RegisterRequestSchema,
  ResetPasswordRequestSchema,
  TokenResponseSchema,
} from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { unauthenticated } from '../../errors.js';
import { bearerToken, requestMeta } from '../../plugins/auth.js';
import { strictJsonParser } from '../../plugins/text-guard.js';
import { typedRoutes } from '../../plugins/typed-routes.js';
import * as auth from './auth.service.js';

/** `/api/auth/*` (spec §7 Authentication). Shapes: docs/api-accounts.md. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { r, tags, security: bearer } = typedRoutes(app, 'auth');

  // check, refresh and logout carry no body: a client that still sends `Content-Type:
  // application/json` with an empty body is answered normally here instead of 400.
  strictJsonParser(app, { emptyBodyIsObject: true });

  r.post(
    '/login',
    { config: { openapi: { errors: ['AUTH_INVALID_CREDENTIALS', 'RATE_LIMITED'] } }, schema: { tags, body: LoginRequestSchema, response: { 200: TokenResponseSchema } } },
    async (request) => auth.login(app, request.body, requestMeta(request)),
  );

  r.post(
    '/register',
    { config: { openapi: { errors: ['RATE_LIMITED'] } }, schema: { tags, body: RegisterRequestSchema, response: { 201: TokenResponseSchema } } },
    async (request, reply) => reply.status(201).send(await auth.register(app, request.body, requestMeta(request))),
  );

  r.post(
    '/check',
    { preHandler: app.authenticate, schema: { tags, security: bearer, response: { 200: CheckResponseSchema } } },
    async (request) => ({ valid: true as const, user: await auth.describeUser(app, request.user.id) }),
  );

  r.post(
    '/refresh',
    { schema: { tags, security: bearer, response: { 200: TokenResponseSchema } } },
    async (request) => {
      const token = bearerToken(request);
      if (!token) throw unauthenticated();
      return auth.refresh(app, token);
    },
  );

  r.post(
    '/logout',
    { preHandler: app.authenticate, schema: { tags, security: bearer, response: { 204: z.null() } } },
    async (request, reply) => {
      await auth.logout(app, request.user.sessionId);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/recovery',
    { config: { openapi: { errors: ['RATE_LIMITED'] } }, schema: { tags, body: RecoveryRequestSchema, response: { 200: MessageResponseSchema } } },
    async (request) => ({ message: await auth.requestRecovery(app, request.body, requestMeta(request)) }),
  );

  r.post(
    '/reset',
    { config: { openapi: { errors: ['RATE_LIMITED'] } }, schema: { tags, body: ResetPasswordRequestSchema, response: { 200: MessageResponseSchema } } },
    async (request) => ({ message: await auth.resetPassword(app, request.body, requestMeta(request)) }),
  );
}
