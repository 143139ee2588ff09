// The release an operator deploys (issue 17): `npm run release -- --install` into a fresh folder
// (`npm install --omit=dev`, no dev tools), started with plain node; it must answer /readyz, log the
// demo customer in, search, serve the app, and stop cleanly on SIGTERM. Run by `npm test` (stage release).
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { freePort } from './bench-support.mjs';
import { makeRelease } from './release.mjs';

const work = mkdtempSync(path.join(tmpdir(), 'farmacia-release-'));
after(() => rmSync(work, { recursive: true, force: true }));

/**
 * better-sqlite3's install fetches its prebuilt binary from GitHub and, when it cannot (as on hosts
 * without GitHub), compiles SQLite from source: a minute of the stage on 2 cores (decision 0626).
 * The binary this checkout built from the same version is offered as the local prebuild instead,
 * in prebuild-install's own format; every package still comes from npm (its cache first), and a
 * name that does not match (another version, another Node) falls back to the download or the compile.
 */
function installEnv() {
  const pkg = path.join(import.meta.dirname, '../node_modules/better-sqlite3');
  const { version } = JSON.parse(readFileSync(path.join(pkg, 'package.json'), 'utf8'));
  const prebuilds = path.join(work, 'prebuilds');
  mkdirSync(prebuilds, { recursive: true });
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  execFileSync('tar', ['-czf', path.join(prebuilds, name), 'build/Release/better_sqlite3.node'], { cwd: pkg });
  return { npm_config_better_sqlite3_local_prebuilds: prebuilds, npm_config_prefer_offline: 'true' };
}

async function waitReady(base, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const r = await fetch(`${base}/readyz`);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server was not ready in time');
}

test('the release installs without dev tools, starts with plain node and serves', { timeout: 1_200_000 }, async () => {
  const out = await makeRelease({ out: path.join(work, 'release'), install: true, env: installEnv() });
  for (const devTool of ['tsx', 'vite', 'typescript', 'vitest', 'esbuild']) {
    assert.equal(existsSync(path.join(out, 'node_modules', devTool)), false, `${devTool} must not be installed in a release`);
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['apps/api/dist/server.mjs'], {
    cwd: out,
    env: {
      PATH: process.env.PATH,
      // A production start (it refuses to run without these), told to seed the demo for the checks.
      NODE_ENV: 'production',
      PAYMENT_MODE: 'sandbox',
      JWT_SECRET: 'release-test-jwt-secret-0123456789abcdef',
      FILE_ENCRYPTION_KEY: '3c'.repeat(32),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: path.join(work, 'data'),
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: '1',
      DEMO_CATALOGUE_SIZE: '200',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  try {
    await waitReady(base, child, 120_000);
    const cmdline = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0').join(' ');
    assert.doesNotMatch(cmdline, /tsx|vite/);

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'cliente@farmacia.demo', password: 'Farmacia2026!' }),
    });
    assert.equal(login.status, 200, await login.clone().text());
    const { token } = await login.json();
    assert.match(token, /\S{20,}/);

    const search = await fetch(`${base}/api/product/search?q=tachipirina`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(search.status, 200);
    const hits = (await search.json()).responses[0].hits.hits;
    assert.ok(hits.length > 0, 'the demo catalogue answers a search');

    // A PDF is checked in a worker thread compiled beside the server: a scan accepted, a hostile file refused.
    const fixtures = path.join(import.meta.dirname, '../apps/api/test/fixtures/pdf');
    const upload = (file) => {
      const bytes = readFileSync(path.join(fixtures, file));
      const pdf = { name: 'ricetta.pdf', type: 'application/pdf', size: bytes.length, base64: `data:application/pdf;base64,${bytes.toString('base64')}` };
      return fetch(`${base}/api/cart/product_requests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ type: 'search', note: 'Come questa', file: pdf }),
      });
    };
    // A request with a file is health data: its separate consent first, to the text the server shows now.
    const auth = { authorization: `Bearer ${token}` };
    const { current_version: version } = (await (await fetch(`${base}/api/profile/health-consent`, { headers: auth })).json()).data;
    const consent = await fetch(`${base}/api/profile/health-consent`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({ accepted: true, version }),
    });
    assert.ok(consent.ok, await consent.clone().text());
    assert.equal((await upload('benign/ricetta-scansione-jpeg.pdf')).status, 201);
    assert.equal((await upload('hostile/javascript-in-asciihex-objstm.pdf')).status, 422);

    const app = await fetch(`${base}/app/`);
    assert.equal(app.status, 200);
    assert.match(await app.text(), /<div id="root"|<html/);
  } catch (error) {
    console.error(output.slice(-4000));
    throw error;
  } finally {
    child.kill('SIGTERM');
    const code = await new Promise((resolve) => child.once('exit', (c) => resolve(c)));
    assert.equal(code, 0, 'SIGTERM drains and exits 0');
  }
});
