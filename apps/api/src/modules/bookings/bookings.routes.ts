import {
  BookingPayloadSchema,
  IdParamsSchema,
  IdSchema,
  MonthQuerySchema,
  ReservationResponseSchema,
  ReservationSlotsResponseSchema,
  ReservationsResponseSchema,
  ServiceAvailabilityResponseSchema,
  ServiceSlotsResponseSchema,
} from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { keptJsonSerializerCompiler } from '../../plugins/kept-json.js';
import { alertBooking } from '../staff-alerts/index.js';
import { eventSlots, serviceAvailability, serviceSlots } from './availability.service.js';
import * as reservations from './bookings.service.js';

const tags = ['Prenotazioni'];
const security = [{ bearer: [] }];
/**
 * A day in a path, documented as the date it is; the service checks it after the service's own
 * 404 (an unknown service is not found whatever the day), so the schema does not refuse it first.
 */
const DayParam = z.string().meta({ format: 'date', example: '2026-12-01' });
const ServiceDayParamsSchema = z.object({ id: IdSchema, day: DayParam });
const ReservationDayParamsSchema = z.object({ serviceId: IdSchema, day: DayParam });
const EventDayParamsSchema = z.object({ eventId: IdSchema, day: DayParam, serviceId: IdSchema });
/** Named `id` like the GET's and DELETE's at the same path position (decision 0450): the service's id. */
const ServiceParamsSchema = z.object({ id: IdSchema.meta({ description: 'The id of the service to book.' }) });

/**
 * Reservations, slots and availability (spec §7 "Reservations and events"; paths the spec leaves
 * unnamed are decided in decision 0183). Slots are public (spec §6: visitors see slots); booking,
 * the list and cancelling need login and reach only the caller's own reservations.
 */
export async function bookingsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/services/:id/availability',
    {
      schema: {
        tags,
        summary: 'Giorni con fasce orarie libere (calendario: mese corrente e i due successivi)',
        params: IdParamsSchema,
        querystring: MonthQuerySchema,
        response: { 200: ServiceAvailabilityResponseSchema },
      },
    },
    async (request) => serviceAvailability(app.db, request.params.id, app.clock.now(), request.query.month),
  );

  app.get(
    '/services/:id/slots/:day',
    {
      schema: { tags, summary: 'Fasce orarie libere di un giorno', params: ServiceDayParamsSchema, response: { 200: ServiceSlotsResponseSchema } },
      // The slots are the kept day's (decision 0600), one array per service, day and slots gone by.
      serializerCompiler: keptJsonSerializerCompiler((answer: { availableSlots: object }) => answer.availableSlots),
    },
    async (request) => {
      const { availableSlots, pickedDate } = await serviceSlots(app.db, request.params.id, request.params.day, app.clock.now());
      return { availableSlots, pickedDate };
    },
  );

  app.get(
    '/reservations/:serviceId/:day',
    {
      schema: {
        tags,
        summary: 'Fasce orarie libere di un servizio in un giorno',
        params: ReservationDayParamsSchema,
        response: { 200: ReservationSlotsResponseSchema },
      },
    },
    async (request) => ({
      ...(await serviceSlots(app.db, request.params.serviceId, request.params.day, app.clock.now())),
      event: null,
    }),
  );

  app.get(
    '/reservations/event/:eventId/:day/:serviceId',
    {
      schema: {
        tags,
        summary: "Fasce orarie libere di un servizio in un giorno dell'evento",
        params: EventDayParamsSchema,
        response: { 200: ReservationSlotsResponseSchema },
      },
    },
    async (request) =>
      eventSlots(app.db, request.params.eventId, request.params.day, request.params.serviceId, app.clock.now()),
  );

  app.get(
    '/reservations',
    {
      onRequest: app.authenticate,
      schema: { tags, summary: 'Le mie prenotazioni (prima le prossime)', security, response: { 200: ReservationsResponseSchema } },
    },
    async (request) => ({ data: await reservations.listOwn(app, request.user.id, app.clock.now()) }),
  );

  app.get(
    '/reservations/:id',
    {
      onRequest: app.authenticate,
      schema: { tags, summary: 'Una mia prenotazione', security, params: IdParamsSchema, response: { 200: ReservationResponseSchema } },
    },
    async (request) => ({ data: await reservations.getOwn(app, request.user.id, request.params.id, app.clock.now()) }),
  );

  app.post(
    '/reservations/:id',
    {
      config: { openapi: { errors: ['RESERVATION_SLOT_TAKEN', 'RESERVATION_SLOT_UNAVAILABLE'] } },
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Prenota una fascia oraria di un servizio (con event_id: dentro un evento)',
        security,
        params: ServiceParamsSchema,
        body: BookingPayloadSchema,
        response: { 201: ReservationResponseSchema },
      },
    },
    async (request, reply) => {
      // The shop's staff is told in the booking's transaction (issue 15); back-office bookings are not announced.
      const data = await reservations.book(app, request.user.id, request.params.id, request.body, app.clock.now(), {
        inTransaction: (trx, row) => alertBooking(trx, app.config.publicUrl, 'booking', row),
      });
      return reply.status(201).send({ data });
    },
  );

  app.delete(
    '/reservations/:id',
    {
      config: { openapi: { errors: ['RESERVATION_NOT_CANCELLABLE', 'RESERVATION_ALREADY_CANCELLED'] } },
      onRequest: app.authenticate,
      schema: { tags, summary: 'Cancella una mia prenotazione', security, params: IdParamsSchema, response: { 200: ReservationResponseSchema } },
    },
    async (request) => ({
      data: await reservations.cancelOwn(app, request.user.id, request.params.id, app.clock.now(), {
        inTransaction: (trx, row) => alertBooking(trx, app.config.publicUrl, 'bookingCancelled', row),
      }),
    }),
  );
}
