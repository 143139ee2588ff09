/**
 * `npm run bench`, API step 1: fills an empty database (SQLite under DATA_DIR, or PostgreSQL at
 * DATABASE_URL) with the demo pharmacy grown to benchmark size: the demo seed with a
 * `--products` catalogue (the same generator as build-catalogue.ts), the search index
 * optimised as build-catalogue.ts does, then `--customers` customers, each with a live session
 * and a cart; some with orders (real checkouts through the API, then copied to more customers
 * so the order lists have 1–6 orders) and some with reservations (about half the slots of the
 * next two weeks of one service taken).
 *
 * Customers are written in bulk (one password hash shared by all: 10,000 scrypt hashes would
 * take minutes and measure nothing); their tokens are signed with the data dir's JWT secret,
 * exactly as a login signs them, and written to `<DATA_DIR>/bench-fixtures.json` with the codes,
 * services and days the load generator cycles through. Prints one JSON line with the timings.
 *
 *   DATA_DIR=/tmp/x [DATABASE_URL=postgres://…] tsx apps/api/bench/api-seed.ts --products 250000 --customers 10000
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { seedDemo } from '../src/db/seed/index.js';
import { SESSION_POLICY } from '../src/modules/auth/auth.service.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { signAccessToken } from '../src/modules/auth/tokens.js';
import { slotRulesFor } from '../src/modules/bookings/availability.service.js';
import { addDays, romeParts } from '../src/modules/bookings/rome-time.js';
import { staffCandidates } from '../src/modules/bookings/slots.js';
import { getServiceRow } from '../src/modules/services/services.service.js';
import { optimizeSearchIndex } from '../src/search/sqlite-index.js';
import { bookedRow } from './booked-row.js';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '250000' },
    customers: { type: 'string', default: '10000' },
    // Customers that place real orders through the API; their orders are then copied to others.
    'checkout-customers': { type: 'string', default: '150' },
  },
});
const products = Number(values.products);
const customers = Number(values.customers);
const checkoutCustomers = Math.min(customers, Number(values['checkout-customers']));
const PASSWORD = 'Password123!';
const CHUNK = 500;

const clock = () => performance.now();
const config = loadConfig(process.env, { demoCatalogueSize: products, outboxWorker: false });
const app = await buildApp(config, { logger: false });
const db = app.db;
const timings: Record<string, number> = {};

let t = clock();
await seedDemo(app);
timings.demoSeedMs = Math.round(clock() - t);
t = clock();
if (app.engine === 'postgres') {
  await sql`vacuum analyze`.execute(db);
} else {
  await optimizeSearchIndex(db);
}
timings.optimizeMs = Math.round(clock() - t);

const shop = await db.selectFrom('shops').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
const shopId = shop.id;
// Products a customer can put in a cart and order online: no prescription, in stock.
const sellable = await db
  .selectFrom('products')
  .select(['codice_ministeriale as code', 'nome_prodotto as name'])
  .where('prescription_only', '=', 0)
  .where('stock', '>', 5)
  .orderBy('rank', 'desc')
  .limit(3000)
  .execute();
if (sellable.length < 100) throw new Error(`only ${sellable.length} sellable products`);
// Deterministic pseudo-random numbers, so two runs seed the same data.
let state = 42;
const rand = (n: number) => {
  // mulberry32
  state = (state + 0x6d2b79f5) | 0;
  let x = Math.imul(state ^ (state >>> 15), 1 | state);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) % n;
};

// 1. Customers, their shop link and one live session each.
t = clock();
const passwordHash = await hashPassword(PASSWORD);
const at = new Date().toISOString();
const sessionEnd = new Date(Date.now() + SESSION_POLICY.customer.sessionSeconds * 1000).toISOString();
const userIds: number[] = [];
const sessions: { id: number; userId: number; jti: string }[] = [];
for (let from = 0; from < customers; from += CHUNK) {
  const n = Math.min(CHUNK, customers - from);
  const rows = Array.from({ length: n }, (_, k) => {
    const i = from + k;
    return {
      shop_id: shopId,
      role: 'customer' as const,
      name: `Cliente Bench ${i}`,
      email: `cliente.bench.${i}@example.it`,
      phone_number: `39${String(i).padStart(8, '0')}`,
      password_hash: passwordHash,
      privacy1: 1,
      privacy2: 0,
      privacy3: 0,
      checkprivacy: 1,
      privacy_accepted_at: at,
      referral_code: `BN${i.toString(36).toUpperCase().padStart(6, '0')}`,
      referred_by_user_id: null,
      created_at: at,
      updated_at: at,
      deleted_at: null,
    };
  });
  await db.transaction().execute(async (trx) => {
    const inserted = await trx.insertInto('users').values(rows).returning('id').execute();
    const ids = inserted.map((r) => r.id);
    await trx
      .insertInto('user_shops')
      .values(ids.map((id) => ({ user_id: id, shop_id: shopId, created_at: at })))
      .execute();
    const jtis = ids.map(() => randomUUID());
    const opened = await trx
      .insertInto('sessions')
      .values(
        ids.map((id, k) => ({
          user_id: id,
          current_jti: jtis[k] as string,
          created_at: at,
          refreshed_at: at,
          expires_at: sessionEnd,
          revoked_at: null,
          user_agent: 'farmacia-bench',
          ip: '127.0.0.1',
        })),
      )
      .returning(['id', 'user_id', 'current_jti'])
      .execute();
    userIds.push(...ids);
    for (const s of opened) sessions.push({ id: s.id, userId: s.user_id, jti: s.current_jti });
  });
}
const exp = Math.floor(Date.now() / 1000) + SESSION_POLICY.customer.tokenSeconds;
const tokens: string[] = [];
for (const s of sessions) {
  tokens.push(await signAccessToken(config.jwtSecret, { userId: s.userId, sessionId: s.id, jti: s.jti, role: 'customer', shopId, exp }));
}
timings.customersMs = Math.round(clock() - t);

// 2. Real orders: a few customers fill a cart and check out through the API.
t = clock();
const auth = (i: number) => ({ authorization: `Bearer ${tokens[i]}` });
const templateOrderIds: number[] = [];
for (let i = 0; i < checkoutCustomers; i++) {
  const lines = 1 + rand(4);
  for (let l = 0; l < lines; l++) {
    const product = sellable[rand(sellable.length)] as { code: string };
    const added = await app.inject({ method: 'POST', url: `/api/cart/products/${product.code}`, headers: auth(i), payload: { quantity: 1 + rand(2) } });
    if (added.statusCode !== 200) throw new Error(`cart add: ${added.statusCode} ${added.body}`);
  }
  const choices = await app.inject({
    method: 'PUT',
    url: '/api/cart',
    headers: auth(i),
    payload: { shippingType: 'inShop', shippingMethod: { type: 'inShop' }, paymentType: 'payInShop' },
  });
  if (choices.statusCode !== 200) throw new Error(`cart choices: ${choices.statusCode} ${choices.body}`);
  const placed = await app.inject({ method: 'POST', url: '/api/cart/checkout', headers: auth(i), payload: { note: null } });
  if (placed.statusCode !== 201) throw new Error(`checkout: ${placed.statusCode} ${placed.body}`);
  templateOrderIds.push((placed.json() as { id: number }).id);
}
timings.checkoutsMs = Math.round(clock() - t);

// 3. Copies of those orders (products and history included) for 30% of the customers, 1–6 each.
t = clock();
const templates = await db.selectFrom('orders').selectAll().where('id', 'in', templateOrderIds).execute();
const templateLines = await db.selectFrom('order_products').selectAll().where('order_id', 'in', templateOrderIds).execute();
const templateEvents = await db.selectFrom('order_events').selectAll().where('order_id', 'in', templateOrderIds).execute();
let copiedOrders = 0;
const withOrders = Math.floor(customers * 0.3);
const linesOf = new Map<number, typeof templateLines>();
for (const l of templateLines) linesOf.set(l.order_id, [...(linesOf.get(l.order_id) ?? []), l]);
const eventsOf = new Map<number, typeof templateEvents>();
for (const e of templateEvents) eventsOf.set(e.order_id, [...(eventsOf.get(e.order_id) ?? []), e]);
for (let from = checkoutCustomers; from < withOrders; from += 100) {
  // One statement per table per 100 customers; RETURNING gives the ids in the order of the rows.
  const picks: { templateId: number; userId: number }[] = [];
  for (let i = from; i < Math.min(from + 100, withOrders); i++) {
    const count = 1 + rand(6);
    for (let k = 0; k < count; k++) picks.push({ templateId: (templates[rand(templates.length)] as (typeof templates)[number]).id, userId: userIds[i] as number });
  }
  await db.transaction().execute(async (trx) => {
    const rows = picks.map((p) => {
      const { id: _id, ...order } = templates.find((o) => o.id === p.templateId) as (typeof templates)[number];
      return { ...order, user_id: p.userId };
    });
    const inserted = await trx.insertInto('orders').values(rows).returning('id').execute();
    const lines = picks.flatMap((p, k) => (linesOf.get(p.templateId) ?? []).map(({ id: _id, ...l }) => ({ ...l, order_id: (inserted[k] as { id: number }).id })));
    for (let i = 0; i < lines.length; i += CHUNK) await trx.insertInto('order_products').values(lines.slice(i, i + CHUNK)).execute();
    const events = picks.flatMap((p, k) =>
      (eventsOf.get(p.templateId) ?? []).map(({ id: _id, ...e }) => ({
        ...e,
        order_id: (inserted[k] as { id: number }).id,
        actor_user_id: e.actor_user_id === null ? null : p.userId,
      })),
    );
    for (let i = 0; i < events.length; i += CHUNK) await trx.insertInto('order_events').values(events.slice(i, i + CHUNK)).execute();
    copiedOrders += picks.length;
  });
}
timings.ordersMs = Math.round(clock() - t);

// 4. A cart of 1–5 products for every customer who has none (the checkouts emptied theirs).
t = clock();
const withCart = new Set((await db.selectFrom('carts').select('user_id').execute()).map((r) => r.user_id));
for (let from = 0; from < customers; from += CHUNK) {
  const ids = userIds.slice(from, from + CHUNK).filter((id) => !withCart.has(id));
  if (ids.length === 0) continue;
  await db.transaction().execute(async (trx) => {
    const carts = await trx
      .insertInto('carts')
      .values(ids.map((id) => ({ user_id: id, shop_id: shopId, shipping_type: null, shipping_method: null, address_id: null, payment_type: null, created_at: at, updated_at: at })))
      .returning('id')
      .execute();
    const lines = carts.flatMap((cart) => {
      const picked = new Map<string, string>();
      const n = 1 + rand(5);
      while (picked.size < n) {
        const p = sellable[rand(sellable.length)] as { code: string; name: string };
        picked.set(p.code, p.name);
      }
      return [...picked].map(([code, name]) => ({
        cart_id: cart.id,
        product_code: code,
        product_name: name,
        quantity: 1 + rand(3),
        created_at: at,
        updated_at: at,
      }));
    });
    await trx.insertInto('cart_products').values(lines).execute();
  });
}
timings.cartsMs = Math.round(clock() - t);

// 5. Reservations: about half of the next 14 days' slots of the shop's first service, by random customers.
t = clock();
const service = await db.selectFrom('services').select('id').where('shop_id', '=', shopId).orderBy('id').limit(1).executeTakeFirstOrThrow();
const serviceRow = await getServiceRow(db, service.id);
const now = new Date();
const firstDay = addDays(romeParts(now.getTime()).day, 1);
const lastDay = addDays(firstDay, 13);
const rules = await slotRulesFor(db, serviceRow, firstDay, lastDay, now);
const reservations = [];
const slotDays: string[] = [];
for (let day = firstDay; day <= lastDay; day = addDays(day, 1)) {
  let any = false;
  for (const member of rules.staff) {
    for (const slot of staffCandidates(rules, member, day)) {
      any = true;
      // Already taken (the demo seed's own bookings).
      if (rules.busy.some((b) => b.staffId === member.id && b.startMs < slot.endMs && slot.startMs < b.endMs)) continue;
      if (rand(2) === 0) continue;
      reservations.push(
        bookedRow({ userId: userIds[rand(userIds.length)] as number, shopId, serviceId: service.id, staffId: member.id, day, slot, at }),
      );
    }
  }
  if (any) slotDays.push(day);
}
for (let i = 0; i < reservations.length; i += CHUNK) await db.insertInto('reservations').values(reservations.slice(i, i + CHUNK)).execute();
timings.reservationsMs = Math.round(clock() - t);

if (app.engine === 'postgres') await sql`analyze`.execute(db);
else await sql`analyze`.execute(db);

const count = async (table: 'orders' | 'cart_products' | 'reservations' | 'users') =>
  Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const counts = { users: await count('users'), orders: await count('orders'), cartLines: await count('cart_products'), reservations: await count('reservations') };
await app.close();

writeFileSync(
  path.join(config.dataDir, 'bench-fixtures.json'),
  JSON.stringify({
    tokens,
    productCodes: sellable.map((p) => p.code),
    serviceId: service.id,
    slotDays,
    // Customers who have orders (the order list), in the order they were seeded.
    customersWithOrders: withOrders,
  }),
);
console.log(JSON.stringify({ engine: app.engine, products, customers, copiedOrders, ...counts, ...timings }));
