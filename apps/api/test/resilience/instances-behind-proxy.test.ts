import { readdirSync, readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../build-test-app.js';
import { createBookableService, createStaff, everyDay } from '../factories/bookings.js';
import { createCustomer, type TestCustomer } from '../factories/customers.js';
import { createShop } from '../factories/users.js';
import { call, type ServerProcess, startServer } from './server-process.js';

/**
 * The scale-out topology of docs/ops.md, tried for real: stateless API instances (OUTBOX_WORKER=0)
 * behind a round-robin proxy, and the outbox worker as its own process, all on one database.
 * On PostgreSQL two API instances race one slot from both sides: exactly one booking wins.
 * SQLite is one API process by design (decision 0180), so there the proxy fronts one instance —
 * and the separate worker process still delivers the confirmation.
 */

interface Proxy {
  url: string;
  hits: number[];
  close(): Promise<void>;
}

/** A tiny HTTP reverse proxy: each new request goes to the next upstream in turn. */
async function startRoundRobinProxy(upstreams: number[]): Promise<Proxy> {
  const hits = upstreams.map(() => 0);
  let next = 0;
  const server: Server = createServer((req, res) => {
    const index = next++ % upstreams.length;
    hits[index] = (hits[index] ?? 0) + 1;
    const upstream = httpRequest(
      { host: '127.0.0.1', port: upstreams[index], method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-for': '127.0.0.1' } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function romeDayIn(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date(Date.now() + days * 86_400_000));
}

describe(`API instances behind a proxy, outbox worker as its own process (${testEngine})`, { timeout: 300_000 }, () => {
  const instanceCount = testEngine === 'postgres' ? 2 : 1;
  let t: TestApp;
  let customers: TestCustomer[];
  let serviceId: number;
  let staffId: number;
  const processes: ServerProcess[] = [];
  let proxy: Proxy | undefined;

  beforeAll(async () => {
    t = await buildTestApp({ outboxWorker: false });
    const shopId = await createShop(t.app, 'Farmacia in Scala');
    ({ serviceId } = await createBookableService(t.app, { shopId, duration: 30, paddingAfter: 0 }));
    staffId = await createStaff(t.app, shopId, [serviceId], everyDay('09:00', '13:00'));
    customers = [];
    for (let i = 0; i < 8; i++) customers.push(await createCustomer(t.app, { shopId, name: `Cliente ${i}` }));
  });
  afterAll(async () => {
    await proxy?.close();
    await Promise.all(processes.map((p) => p.kill()));
    await t?.close();
  });

  it(`${instanceCount === 2 ? 'two instances race one slot: exactly one 201' : 'one slot, eight customers: exactly one 201'}, the rest 409; the worker process sends the confirmation`, async () => {
    const env = { DATA_DIR: t.config.dataDir, DATABASE_URL: t.config.databaseUrl, OUTBOX_WORKER: '0', TRUST_PROXY: '127.0.0.1' };
    const instances: ServerProcess[] = [];
    // One after the other: two start-ups at once on a busy 2-core machine only slow both down.
    for (let i = 0; i < instanceCount; i++) instances.push(await startServer(env));
    processes.push(...instances);
    proxy = await startRoundRobinProxy(instances.map((i) => i.port));
    const front = proxy;

    const slot = { staff_id: staffId, day: romeDayIn(4), start_appointment: '11:00' };
    const answers = await Promise.all(customers.map((c) => call({ url: front.url }, 'POST', `/api/reservations/${serviceId}`, { token: c.token, body: slot })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, ...Array.from({ length: customers.length - 1 }, () => 409)]);
    // Both instances really answered part of the race.
    for (const hits of front.hits) expect(hits).toBeGreaterThanOrEqual(Math.floor(customers.length / instanceCount) - 1);
    const winner = customers[answers.findIndex((a) => a.status === 201)] as TestCustomer;
    const booked = await t.app.db.selectFrom('reservations').select('user_id').where('staff_id', '=', staffId).where('status', '=', 'booked').execute();
    expect(booked).toEqual([{ user_id: winner.id }]);

    // The API instances do not deliver (OUTBOX_WORKER=0): the confirmation waits in the outbox...
    const mail = () => t.app.db.selectFrom('outbox').select(['status', 'channel']).where('recipient', '=', winner.email).execute();
    await new Promise((r) => setTimeout(r, 1500));
    expect(await mail()).toEqual([{ status: 'pending', channel: 'email' }]);

    // ...until the worker process runs: it delivers it (no SMTP_URL: an .eml file in DATA_DIR/outbox).
    const worker = await startServer({ DATA_DIR: t.config.dataDir, DATABASE_URL: t.config.databaseUrl }, { script: 'src/worker.ts', readyText: 'outbox worker running' });
    processes.push(worker);
    // It stays up (no HTTP socket holds it) until told to stop.
    await new Promise((r) => setTimeout(r, 1000));
    expect(worker.child.exitCode).toBeNull();
    const deadline = Date.now() + 30_000;
    while ((await mail())[0]?.status !== 'sent' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const rows = await t.app.db.selectFrom('outbox').select(['status', 'attempts', 'last_error']).where('recipient', '=', winner.email).execute();
    expect(await mail(), `${JSON.stringify(rows)}\n${worker.output()}`).toEqual([{ status: 'sent', channel: 'email' }]);
    const outboxDir = path.join(t.config.dataDir, 'outbox');
    const files = readdirSync(outboxDir).map((f) => readFileSync(path.join(outboxDir, f), 'utf8'));
    expect(files.filter((f) => f.includes(`To: ${winner.email}`))).toHaveLength(1);
    // SIGTERM: the worker finishes its batch and exits cleanly.
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toEqual({ code: 0, signal: null });
  });
});
