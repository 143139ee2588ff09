import {
  IdParamsSchema,
  PrescriptionCreateBodySchema,
  PrescriptionListResponseSchema,
  PrescriptionResponseSchema,
  PrescriptionUpdateBodySchema,
  HealthDataErrorCode,
} from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../plugins/typed-routes.js';
import { z } from 'zod';
import { cartOwnerOf } from '../cart/index.js';
import { uploadRouteOptions } from '../files/index.js';
import * as prescriptions from './prescriptions.service.js';

/** `GET/POST /api/cart/prescriptions`, `GET/PUT/DELETE /api/cart/prescriptions/:id` (spec §7 Cart). */
export async function prescriptionRoutes(app: FastifyInstance): Promise<void> {
  const { r, tags, security } = typedRoutes(app, 'cart');
  // Authenticated first (onRequest): a caller without a token gets 401, never a validation error.
  const onRequest = app.authenticate;

  r.get('/cart/prescriptions', { onRequest, schema: { tags, security, response: { 200: PrescriptionListResponseSchema } } }, async (request) => ({
    data: await prescriptions.listPrescriptions(app, cartOwnerOf(request.user)),
  }));

  r.get(
    '/cart/prescriptions/:id',
    { onRequest, schema: { tags, security, params: IdParamsSchema, response: { 200: PrescriptionResponseSchema } } },
    async (request) => ({ data: await prescriptions.getPrescription(app, cartOwnerOf(request.user), request.params.id) }),
  );

  r.post(
    '/cart/prescriptions',
    {
      ...uploadRouteOptions,
      // Authenticated before the (large) body is read and checked.
      onRequest: app.authenticate,
      // Health data: refused without its separate consent (decision 0410).
      config: { openapi: { errors: [HealthDataErrorCode.CONSENT_REQUIRED] } },
      schema: { tags, security, body: PrescriptionCreateBodySchema, response: { 201: PrescriptionResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await prescriptions.createPrescription(app, cartOwnerOf(request.user), request.body) }),
  );

  r.put(
    '/cart/prescriptions/:id',
    {
      ...uploadRouteOptions,
      // Authenticated before the (large) body is read and checked.
      onRequest: app.authenticate,
      // Health data: refused without its separate consent (decision 0410).
      config: { openapi: { errors: [HealthDataErrorCode.CONSENT_REQUIRED] } },
      schema: { tags, security, params: IdParamsSchema, body: PrescriptionUpdateBodySchema, response: { 200: PrescriptionResponseSchema } },
    },
    async (request) => ({
      data: await prescriptions.updatePrescription(app, cartOwnerOf(request.user), request.params.id, request.body),
    }),
  );

  r.delete('/cart/prescriptions/:id', { onRequest, schema: { tags, security, params: IdParamsSchema, response: { 204: z.null() } } }, async (request, reply) => {
    await prescriptions.deletePrescription(app, cartOwnerOf(request.user), request.params.id);
    return reply.status(204).send(null);
  });
}
