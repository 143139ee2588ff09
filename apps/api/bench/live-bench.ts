/**
 * Live updates benchmark (issue 19, decision 0525): how long an event takes from being raised to
 * being read by a client's Server-Sent Events stream. Standalone: `npx tsx apps/api/bench/live-bench.ts`
 * prints one JSON object. Engine: SQLite by default (one instance, in-process delivery);
 * TEST_DB=postgres TEST_DATABASE_URL=postgres://… raises on one instance and reads on a second one
 * (LISTEN/NOTIFY), as behind a load balancer.
 *
 * - raise → received: `raiseLive` committed on its own, read by one stream (sequential);
 * - fan-out: the same with FANOUT streams open, time until the last of them has it;
 * - checkout → staff stream: a customer's real checkout over HTTP until the shop's stream has the
 *   new order (the HTTP answer itself takes part of that time).
 */
import { performance } from 'node:perf_hooks';
import { buildTestApp, secondInstance, testEngine } from '../test/build-test-app.js';
import { createProduct } from '../test/factories/cart.js';
import { createCustomer } from '../test/factories/customers.js';
import { placeOrder, setOrderShipping } from '../test/factories/orders.js';
import { createPharmacist, createShop } from '../test/factories/users.js';
import { readLiveStream } from '../test/live-stream.js';
import { raiseLive } from '../src/live/index.js';
import { stats } from './stats.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const FANOUT = Number(process.env.BENCH_FANOUT ?? 100);
const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 30);


async function main() {
  const t = await buildTestApp();
  const reader = testEngine === 'postgres' ? await secondInstance(t) : null;
  const readApp = reader?.app ?? t.app;
  try {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    if (reader) await reader.app.listen({ port: 0, host: '127.0.0.1' });
    const shopId = await createShop(t.app, 'Farmacia Bench');
    await setOrderShipping(t.app, shopId);
    const pharmacist = await createPharmacist(t.app, shopId);
    const customer = await createCustomer(t.app, { shopId });

    const one = await readLiveStream(readApp, '/admin/live', pharmacist.token);
    const raise = async (ref: number) =>
      raiseLive(t.app.db, { topic: 'order', action: 'changed', id: ref, shopId, userId: customer.id });
    const single: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const ref = 1_000_000 + i;
      const got = one.arrivalOf(ref);
      const start = performance.now();
      await raise(ref);
      single.push((await got) - start);
    }

    const many = [];
    for (let i = 0; i < FANOUT; i++) many.push(await readLiveStream(readApp, '/admin/live', pharmacist.token));
    const fanout: number[] = [];
    for (let i = 0; i < 20; i++) {
      const ref = 2_000_000 + i;
      const all = Promise.all(many.map((s) => s.arrivalOf(ref)));
      const start = performance.now();
      await raise(ref);
      fanout.push(Math.max(...(await all)) - start);
    }
    for (const s of many) s.close();

    const product = await createProduct(t.app, { priceCents: 990 });
    const checkout: number[] = [];
    const answer: number[] = [];
    const choice = { shippingType: 'inShop', shippingMethod: 'ritiro', paymentType: 'payInShop' } as const;
    for (let i = 0; i < CHECKOUTS; i++) {
      const start = performance.now();
      const id = await placeOrder(t.app, customer.token, choice, [{ product, quantity: 1 }]);
      answer.push(performance.now() - start);
      checkout.push((await one.arrivalOf(id)) - start);
    }
    one.close();
    console.log(
      JSON.stringify({
        engine: testEngine,
        instances: reader ? 2 : 1,
        raiseToReceived: stats(single),
        fanout: { streams: FANOUT, ...stats(fanout) },
        checkoutToStaffStream: stats(checkout),
        checkoutAnswer: stats(answer),
      }),
    );
  } finally {
    await reader?.close();
    await t.close();
  }
}

await main();
