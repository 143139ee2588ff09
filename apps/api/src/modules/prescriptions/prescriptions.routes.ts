import {
  PrescriptionCreateBodySchema,
  PrescriptionListResponseSchema,
  PrescriptionResponseSchema,
  PrescriptionUpdateBodySchema,
} from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { cartRequestRoutes } from '../../plugins/cart-request-routes.js';
import * as prescriptions from './prescriptions.service.js';

/** `GET/POST /api/cart/prescriptions`, `GET/PUT/DELETE /api/cart/prescriptions/:id` (spec §7 Cart). */
export async function prescriptionRoutes(app: FastifyInstance): Promise<void> {
  const { listPrescriptions: list, getPrescription: get, createPrescription: create, updatePrescription: update, deletePrescription: remove } = prescriptions;
  const schemas = { list: PrescriptionListResponseSchema, one: PrescriptionResponseSchema, create: PrescriptionCreateBodySchema, update: PrescriptionUpdateBodySchema };
  cartRequestRoutes(app, '/cart/prescriptions', schemas, { list, get, create, update, remove });
}
