/**
 * `npm run bench`: the ceiling. A bare Fastify route answering a constant JSON body, on the same
 * machine and in the same run as the search benchmark: what one Node process can serve at all.
 *   tsx apps/api/bench/ceiling-server.ts <port>
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const body = { responses: [{ hits: { total: 0, hits: [] } }], totPages: 0, corrected_query: null };
app.get('/constant', async () => body);
await app.listen({ port: Number(process.argv[2] ?? 0), host: '127.0.0.1' });
console.log(`READY ${(app.server.address() as { port: number }).port}`);
