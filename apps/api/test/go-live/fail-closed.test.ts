import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { buildTestApp, SANDBOX_CONTROL_TEST_TOKEN, sandboxControlHeaders, type TestApp, testEngine } from '../build-test-app.js';
import { outboxRowsTo, resetLinkIn } from '../factories/mail.js';
import { runScript, SCRIPT_TIMEOUT_MS } from './run-script.js';
import { createUser } from '../factories/users.js';

/** Production fails closed (decisions 0415, 0416): no demo default, no generated secret, no open sandbox control. */

const dataDir = mkdtempSync(path.join(tmpdir(), 'farmacia-prod-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const PRODUCTION = {
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  PAYMENT_MODE: 'sandbox',
  JWT_SECRET: 'a-production-jwt-secret-of-enough-length-0123',
  FILE_ENCRYPTION_KEY: 'ab'.repeat(32),
  PUBLIC_URL: 'https://farmacia.example.it',
};
const without = (name: keyof typeof PRODUCTION) => {
  const env: Record<string, string> = { ...PRODUCTION };
  delete env[name];
  return env;
};

describe('production configuration', () => {
  it.each(['PAYMENT_MODE', 'JWT_SECRET', 'FILE_ENCRYPTION_KEY', 'PUBLIC_URL'] as const)('refuses to start without %s, naming it', (name) => {
    expect(() => loadConfig(without(name))).toThrow(new RegExp(`^Invalid environment: ${name} must`));
  });

  it('with everything given: no demo seed, no secret written to DATA_DIR', () => {
    const config = loadConfig(PRODUCTION);
    expect(config).toMatchObject({ production: true, seedDemo: false, paymentMode: 'sandbox', publicUrl: 'https://farmacia.example.it' });
    expect(readdirSync(dataDir)).not.toContain('secrets');
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('the demo (no NODE_ENV) keeps its defaults: seeded, sandbox payments, secrets generated', () => {
    const demoDir = path.join(dataDir, 'demo');
    const config = loadConfig({ DATA_DIR: demoDir });
    expect(config).toMatchObject({ production: false, seedDemo: true, paymentMode: 'sandbox' });
    expect(readdirSync(path.join(demoDir, 'secrets')).sort()).toEqual(['file-encryption-key', 'jwt-secret']);
  });

  it('the server stops with one line naming the missing variable and a non-zero exit code', () => {
    const run = runScript('apps/api/src/server.ts', [], { ...without('JWT_SECRET'), PORT: '0' });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      'farmacia: Invalid environment: JWT_SECRET must be given when NODE_ENV=production (at least 32 characters)',
    ]);
  }, SCRIPT_TIMEOUT_MS);
});

describe(`payment sandbox control routes (${testEngine})`, () => {
  const settle = (t: TestApp, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/sandbox/control/settle',
      headers,
      payload: { provider: 'nexi', ref: 'nessuno', outcome: 'approved' },
    });

  it('with a token configured: refused without it or with a wrong one, served with it', async () => {
    const t = await buildTestApp();
    try {
      expect((await settle(t)).statusCode).toBe(401);
      expect((await settle(t, { authorization: 'Bearer not-the-sandbox-control-token' })).statusCode).toBe(401);
      expect((await settle(t, { authorization: SANDBOX_CONTROL_TEST_TOKEN })).statusCode).toBe(401);
      // Past the token: no payment pending with that reference.
      expect((await settle(t, sandboxControlHeaders)).statusCode).toBe(409);
    } finally {
      await t.close();
    }
  });

  it('in production without a token the routes stay shut; only the local demo leaves them open', async () => {
    const production = await buildTestApp({ production: true, sandboxControlToken: undefined });
    try {
      expect((await settle(production, sandboxControlHeaders)).statusCode).toBe(401);
    } finally {
      await production.close();
    }
    const demo = await buildTestApp({ sandboxControlToken: undefined });
    try {
      expect((await settle(demo)).statusCode).toBe(409);
    } finally {
      await demo.close();
    }
  });
});

describe(`mail links come from PUBLIC_URL only (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // Trusting every proxy hop is the worst case: X-Forwarded-Host would reach request.hostname.
    t = await buildTestApp({ outboxWorker: false, publicUrl: 'https://farmacia.example.it', trustProxy: true });
  });
  afterAll(() => t.close());

  it('a forged Host or X-Forwarded-Host does not change the password-reset link', async () => {
    const { user } = await createUser(t.app);
    const forged = [{ host: 'evil.example' }, { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' }];
    for (const headers of forged) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/recovery', headers, payload: { email: user.email } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const rows = await outboxRowsTo(t.app, user.email);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(resetLinkIn(row.body_text ?? '').url.origin).toBe('https://farmacia.example.it');
      expect(`${row.body_text}${row.body_html}`).not.toContain('evil.example');
    }
  });
});
