import {
  FiscalCodeBodySchema,
  FiscalCodeListResponseSchema,
  FiscalCodeResponseSchema,
  IdParamsSchema,
} from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../plugins/typed-routes.js';
import { z } from 'zod';
import * as fiscalCodes from './fiscal-codes.service.js';

/** `GET/POST /api/fiscalcode`, `GET/PUT/DELETE /api/fiscalcode/:id` (spec §7 Fiscal codes). */
export async function fiscalCodeRoutes(app: FastifyInstance): Promise<void> {
  const { r, tags, security } = typedRoutes(app, 'fiscal codes');
  // Authenticated first (onRequest): a caller without a token gets 401, never a validation error.
  const onRequest = app.authenticate;

  r.get('/fiscalcode', { onRequest, schema: { tags, security, response: { 200: FiscalCodeListResponseSchema } } }, async (request) => ({
    data: await fiscalCodes.listFiscalCodes(app, request.user.id),
  }));

  r.get(
    '/fiscalcode/:id',
    { onRequest, schema: { tags, security, params: IdParamsSchema, response: { 200: FiscalCodeResponseSchema } } },
    async (request) => ({ data: await fiscalCodes.getFiscalCode(app, request.user.id, request.params.id) }),
  );

  r.post(
    '/fiscalcode',
    { onRequest, schema: { tags, security, body: FiscalCodeBodySchema, response: { 201: FiscalCodeResponseSchema } } },
    async (request, reply) =>
      reply.status(201).send({ data: await fiscalCodes.createFiscalCode(app, request.user.id, request.body.codice_fiscale) }),
  );

  r.put(
    '/fiscalcode/:id',
    {
      config: { openapi: { errors: ['FISCAL_CODE_NOT_EDITABLE'] } },
      onRequest,
      schema: { tags, security, params: IdParamsSchema, body: FiscalCodeBodySchema, response: { 200: FiscalCodeResponseSchema } },
    },
    async (request) => ({
      data: await fiscalCodes.updateFiscalCode(app, request.user.id, request.params.id, request.body.codice_fiscale),
    }),
  );

  r.delete('/fiscalcode/:id', { config: { openapi: { errors: ['FISCAL_CODE_MAIN_NOT_DELETABLE', 'FISCAL_CODE_NOT_EDITABLE'] } }, onRequest, schema: { tags, security, params: IdParamsSchema, response: { 204: z.null() } } }, async (request, reply) => {
    await fiscalCodes.deleteFiscalCode(app, request.user.id, request.params.id);
    return reply.status(204).send(null);
  });
}
