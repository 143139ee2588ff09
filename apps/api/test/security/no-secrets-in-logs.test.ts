import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TokenResponseSchema } from '@farmacia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEngine } from '../build-test-app.js';
import { ensureShop, randomFiscalCode, randomPhone, uniqueEmail } from '../factories/users.js';

/**
 * No secrets in logs (issue 9): the real server process (src/server.ts, logging at info as in
 * production) on the test database; everything it writes to stdout and stderr is captured while
 * a customer signs up, logs in, asks for a password reset, opens the reset link and resets.
 */
const API_DIR = path.resolve(import.meta.dirname, '../..');
const JWT_SECRET = `segreto-di-firma-${'k'.repeat(40)}`;

describe(`no secrets in the server's logs (${testEngine})`, () => {
  let t: TestApp;
  let server: ChildProcess;
  let output = '';
  let base = '';
  let dataDir: string;

  beforeAll(async () => {
    // buildTestApp creates and migrates a fresh database of the engine under test; the server shares it.
    t = await buildTestApp();
    await ensureShop(t.app);
    dataDir = mkdtempSync(path.join(tmpdir(), 'farmacia-logs-'));
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: API_DIR,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: t.config.databaseUrl,
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'info',
        SEED_DEMO: '0',
        OUTBOX_WORKER: '0',
        JWT_SECRET,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (d: Buffer) => {
      output += d.toString('utf8');
    });
    server.stderr?.on('data', (d: Buffer) => {
      output += d.toString('utf8');
    });
    // Bounded wait for "Server listening at http://127.0.0.1:<port>".
    for (let i = 0; i < 600 && !base; i++) {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) base = match[1];
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!base) throw new Error(`server did not start:\n${output}`);
  }, 90_000);

  afterAll(async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (url: string, body: object, headers: Record<string, string> = {}) =>
    fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('logs requests but never the password, the access token, the reset token, the email in a URL or the signing secret', async () => {
    const email = uniqueEmail('log');
    const password = 'Password-Molto-Segreta-42';
    const codiceFiscale = randomFiscalCode();
    const signup = await post('/api/auth/register', {
      name: 'Lucia Traccia',
      email,
      password,
      password_confirmation: password,
      codice_fiscale: codiceFiscale,
      phone_number: randomPhone(),
      privacy: true,
    });
    expect(signup.status).toBe(201);
    const login = await post('/api/auth/login', { email, password });
    expect(login.status).toBe(200);
    const { token } = TokenResponseSchema.parse(await login.json());
    expect((await fetch(`${base}/api/profile`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await post('/api/auth/login', { email, password: `${password}-sbagliata` })).status).toBe(401);

    expect((await post('/api/auth/recovery', { email })).status).toBe(200);
    const mail = await t.app.db.selectFrom('outbox').select('body_text').where('recipient', '=', email).executeTakeFirstOrThrow();
    const resetToken = /\/auth\/reset\/([^?\s]+)\?/.exec(mail.body_text ?? '')?.[1];
    expect(resetToken).toBeTruthy();
    // The link as the browser opens it (the app's route), then the reset itself.
    await fetch(`${base}/auth/reset/${resetToken}?email=${encodeURIComponent(email)}`);
    const newPassword = 'Nuova-Password-Segreta-7';
    const reset = await post('/api/auth/reset', { email, token: resetToken, password: newPassword, password_confirmation: newPassword });
    expect(reset.status).toBe(200);

    // Let the last lines flush, then look.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(output).toMatch(/"url":"\/api\/auth\/login"/);
    expect(output).toMatch(/\/auth\/reset\/\[redacted\]/);
    for (const secret of [password, newPassword, token, resetToken ?? '', JWT_SECRET, codiceFiscale, encodeURIComponent(email)]) {
      expect(output.includes(secret), `logs contain ${secret.slice(0, 12)}…`).toBe(false);
    }
    expect(output).not.toMatch(/\$argon2|password_hash/);
  });
});
