/**
 * `npm run bench`: the floor of a PostgreSQL-backed route on this host. Bare Fastify and the app's
 * driver and pool size (`pg`, 10 connections), one prepared read of one offer by its primary key a
 * request, a small JSON answer: no route, schema, session or search of the app's. What its p99
 * is at the search benchmark's connections says what any route reading PostgreSQL can reach here —
 * the figure to hold the budget's p99 against (issue 18).
 *   tsx apps/api/bench/pg-floor-server.ts <port> <database url>
 */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.argv[3], max: 10 });
const OFFER = {
  name: 'floor_offer',
  text: 'select price_cents, list_price_cents, stock, on_sale from product_offers where shop_id = $1 and product_id = $2',
};

const app = Fastify({ logger: false });
app.get<{ Params: { shop: string; product: string } }>('/floor/:shop/:product', async (request) => {
  const { rows } = await pool.query({ ...OFFER, values: [Number(request.params.shop), Number(request.params.product)] });
  return { offer: rows[0] ?? null };
});
await app.listen({ port: Number(process.argv[2] ?? 0), host: '127.0.0.1' });
console.log(`READY ${(app.server.address() as { port: number }).port}`);
