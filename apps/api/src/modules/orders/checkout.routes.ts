import { CheckoutBodySchema, CheckoutResponseSchema } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkout } from './checkout.service.js';

/** `POST /api/cart/checkout {note}` → `{ id }` (spec §7 Cart). */
export async function checkoutRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/cart/checkout',
    {
      config: { openapi: { errors: ['CART_CHANGED'] } },
      preHandler: app.authenticate,
      schema: {
        tags: ['cart'],
        security: [{ bearer: [] }],
        // The app may post no body at all: no note.
        body: CheckoutBodySchema.nullish().transform((v) => v ?? { note: null }),
        response: { 201: CheckoutResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await checkout(app, request.user, request.body)),
  );
}
