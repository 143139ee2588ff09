import {
  AddressBodySchema,
  AddressListResponseSchema,
  AddressResponseSchema,
  IdParamsSchema,
} from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { customerOf } from '../../plugins/request-context.js';
import { typedRoutes } from '../../plugins/typed-routes.js';
import { z } from 'zod';
import * as addresses from './addresses.service.js';

/** `GET/POST/PUT/DELETE /api/address[/{id}]` (spec §7 Fiscal codes and addresses, §5 Address). */
export async function addressRoutes(app: FastifyInstance): Promise<void> {
  const { r, tags, security } = typedRoutes(app, 'addresses');

  r.get(
    '/address',
    { preHandler: app.authenticate, schema: { tags, security, response: { 200: AddressListResponseSchema } } },
    async (request) => ({ data: await addresses.listAddresses(app.db, customerOf(request.user)) }),
  );

  r.get(
    '/address/:id',
    {
      preHandler: app.authenticate,
      schema: { tags, security, params: IdParamsSchema, response: { 200: AddressResponseSchema } },
    },
    async (request) => ({ data: await addresses.getAddress(app.db, customerOf(request.user), request.params.id) }),
  );

  r.post(
    '/address',
    {
      config: { openapi: { errors: ['ADDRESS_DEFAULT_CONFLICT'] } },
      preHandler: app.authenticate,
      schema: { tags, security, body: AddressBodySchema, response: { 201: AddressResponseSchema } },
    },
    async (request, reply) => {
      const data = await addresses.createAddress(app.db, customerOf(request.user), request.body);
      return reply.status(201).send({ data });
    },
  );

  r.put(
    '/address/:id',
    {
      config: { openapi: { errors: ['ADDRESS_DEFAULT_CONFLICT'] } },
      preHandler: app.authenticate,
      schema: { tags, security, params: IdParamsSchema, body: AddressBodySchema, response: { 200: AddressResponseSchema } },
    },
    async (request) => ({
      data: await addresses.updateAddress(app.db, customerOf(request.user), request.params.id, request.body),
    }),
  );

  r.delete(
    '/address/:id',
    { preHandler: app.authenticate, schema: { tags, security, params: IdParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await addresses.deleteAddress(app.db, customerOf(request.user), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
