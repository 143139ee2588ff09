import type { FastifyInstance } from 'fastify';
import { createPickupPoint } from './addresses.service.js';

/** Demo pickup points (system addresses) of each shop: what the checkout's pickupPoint step offers. */
const PICKUP_POINTS = [
  { name: 'Edicola Piazza Duomo', address_1: 'Piazza del Duomo 3', city: 'Milano', state_region: 'MI', postal_code: '20122' },
  { name: 'Tabaccheria Porta Romana', address_1: 'Corso di Porta Romana 98', city: 'Milano', state_region: 'MI', postal_code: '20122' },
  { name: 'Locker Stazione Centrale', address_1: 'Piazza Duca d’Aosta 1', city: 'Milano', state_region: 'MI', postal_code: '20124' },
];

export async function seedPickupPoints(app: FastifyInstance, shops: ReadonlyArray<{ id: number }>): Promise<void> {
  for (const [i, shop] of shops.entries()) {
    for (const point of PICKUP_POINTS.slice(0, i === 0 ? 3 : 2)) {
      await createPickupPoint(app.db, shop.id, { ...point, address_2: null, phone_number: null, country: 'it' });
    }
  }
}
