import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { ApiErrorBodySchema } from '@farmacia/contract';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/db/availability.js';
import { buildTestApp, testEngine } from '../build-test-app.js';
import { type ServerProcess, startServer } from './server-process.js';

/**
 * The database goes away under load (issue 9, decision 0321): the API answers 503 in the error
 * shape with an Italian message and Retry-After — never a 500, never a hang —, /readyz turns
 * unhealthy, and everything recovers by itself when the database is back.
 * PostgreSQL: a throw-away cluster of its own (port 54339, scripts/postgres.mjs) is stopped and
 * started again under the real server process, so the suite's shared cluster is never touched.
 * SQLite: a database locked by another process past the busy timeout is the same situation.
 */

const execFileAsync = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const OUTAGE_PG_PORT = '54339';

async function outageCluster(command: 'start' | 'stop'): Promise<string> {
  const { stdout } = await execFileAsync(process.execPath, [path.join(ROOT, 'scripts/postgres.mjs'), command], {
    env: { ...process.env, FARMACIA_PG_PORT: OUTAGE_PG_PORT },
  });
  return stdout.trim();
}

const UNAVAILABLE = {
  code: 'UNAVAILABLE',
  message: 'Servizio momentaneamente non disponibile. Riprova tra qualche istante.',
};

describe(`database outage (${testEngine})`, { timeout: 300_000 }, () => {
  it('classifies connection failures as "unavailable" and bugs as not', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused], 'connect failed'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('UNIQUE constraint failed'), { code: 'SQLITE_CONSTRAINT_UNIQUE' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    // A payment provider or the object store unreachable is not a database outage.
    expect(isDatabaseUnavailable(new TypeError('fetch failed', { cause: refused }))).toBe(false);
  });

  if (testEngine === 'sqlite') {
    it('a database locked past the busy timeout answers 503 with Retry-After, then recovers', async () => {
      const t = await buildTestApp({ outboxWorker: false });
      const other = new SQLite(t.config.databaseUrl);
      try {
        expect((await t.app.inject({ method: 'GET', url: '/api/shops' })).statusCode).toBe(200);
        // Another process holds the write lock (a long backup, a stuck tool): writes wait 5 s, then give up.
        other.exec('BEGIN EXCLUSIVE');
        const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nessuno@example.it', password: 'Password123!' } });
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(ApiErrorBodySchema.parse(res.json())).toMatchObject(UNAVAILABLE);
        other.exec('COMMIT');
        const after = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nessuno@example.it', password: 'Password123!' } });
        expect(after.statusCode).toBe(401);
      } finally {
        other.close();
        await t.close();
      }
    });
  }

  if (testEngine === 'postgres') {
    let server: ServerProcess | undefined;
    const dataDir = path.join(ROOT, '.data-test', `outage-${process.pid}`);
    afterAll(async () => {
      await server?.kill();
      await outageCluster('stop').catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('PostgreSQL stopped under load: 503 with Retry-After (no 500, no hang), /readyz 503, recovery by itself', async () => {
      const adminUrl = await outageCluster('start');
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query('drop database if exists farmacia_outage with (force)');
      await admin.query('create database farmacia_outage');
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = '/farmacia_outage';
      server = await startServer({ DATABASE_URL: url.toString(), DATA_DIR: dataDir });
      const running = server;

      const seen: Array<{ status: number; ms: number; retryAfter: string | null; body: unknown }> = [];
      let load = true;
      const worker = async () => {
        while (load) {
          const started = Date.now();
          try {
            const res = await fetch(`${running.url}/api/shops`, { signal: AbortSignal.timeout(10_000) });
            const body = await res.json().catch(() => undefined);
            seen.push({ status: res.status, ms: Date.now() - started, retryAfter: res.headers.get('retry-after'), body });
          } catch (error) {
            seen.push({ status: 0, ms: Date.now() - started, retryAfter: null, body: String(error) });
          }
          await new Promise((r) => setTimeout(r, 20));
        }
      };
      const workers = Array.from({ length: 4 }, worker);
      const waitFor = async (what: () => boolean, label: string, ms = 60_000) => {
        const deadline = Date.now() + ms;
        while (!what()) {
          if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}; seen ${JSON.stringify(seen.slice(-5))}; server:\n${running.output()}`);
          await new Promise((r) => setTimeout(r, 50));
        }
      };

      try {
        await waitFor(() => seen.some((s) => s.status === 200), 'a first 200');
        await outageCluster('stop');
        const outageFrom = seen.length;
        await waitFor(() => seen.slice(outageFrom).filter((s) => s.status === 503).length >= 8, 'the 503s of the outage');
        const ready = await fetch(`${running.url}/readyz`);
        expect(ready.status).toBe(503);
        const healthy = await fetch(`${running.url}/healthz`);
        expect(healthy.status).toBe(200);

        await outageCluster('start');
        const backFrom = seen.length;
        await waitFor(() => seen.slice(backFrom).filter((s) => s.status === 200).length >= 8, 'recovery');
        expect((await fetch(`${running.url}/readyz`)).status).toBe(200);
      } finally {
        load = false;
        await Promise.all(workers);
      }

      const statuses = new Set(seen.map((s) => s.status));
      expect([...statuses].sort()).toEqual([200, 503]);
      const unavailable = seen.filter((s) => s.status === 503);
      for (const s of unavailable) {
        expect(s.retryAfter).toBe('5');
        expect(ApiErrorBodySchema.parse(s.body)).toMatchObject(UNAVAILABLE);
      }
      // Never hanging: the connection attempt gives up after 5 s at most.
      expect(Math.max(...seen.map((s) => s.ms))).toBeLessThan(7_000);
      // Once back, it stays back.
      expect(seen.slice(-4).every((s) => s.status === 200)).toBe(true);
    });
  }
});
