import { EventIdParamsSchema, EventResponseSchema, EventsResponseSchema, IdSchema, messages } from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validationFailed } from '../../errors.js';
import { resolveShopId } from '../shops/index.js';
import { currentUser } from '../../plugins/auth.js';
import * as events from './events.service.js';

const tags = ['Eventi'];

/** Events (spec §7: GET event/getAll[/{id}], GET event/findOne/{id}). */
export async function eventsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/event/getAll',
    {
      preHandler: app.authenticateOptional,
      schema: {
        tags,
        summary: 'Eventi con disponibilità future',
        querystring: z.object({ shop_id: IdSchema.optional() }),
        response: { 200: EventsResponseSchema },
      },
    },
    async (request) => ({
      data: await events.listEvents(app.db, await resolveShopId(app, currentUser(request), request.query.shop_id), app.clock.now()),
    }),
  );

  app.get(
    '/event/getAll/:shopId',
    {
      schema: {
        tags,
        summary: 'Eventi di una farmacia (id della farmacia)',
        params: z.object({ shopId: IdSchema }),
        response: { 200: EventsResponseSchema },
      },
    },
    async (request) => ({
      data: await events.listEvents(app.db, await resolveShopId(app, currentUser(request), request.params.shopId), app.clock.now()),
    }),
  );

  app.get(
    '/event/findOne/:id',
    { schema: { tags, summary: 'Un evento', params: EventIdParamsSchema, response: { 200: EventResponseSchema } } },
    async (request) => ({ data: await events.getEvent(app.db, request.params.id, app.clock.now()) }),
  );

  // Spec §5: a call without the id answers the spec's message instead of a bare 404.
  app.get('/event/findOne', { schema: { hide: true } }, async () => {
    throw validationFailed({ id: [messages.reservations.eventIdRequired] });
  });
}
