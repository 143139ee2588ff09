// `npm test`: every check of the project, in order, with one closing line 'total: N passed, N failed'.
//   lint → module boundaries → OpenAPI document → type check → contract unit → web unit → back office unit
//   → API integration on SQLite → on PostgreSQL → domain suite (no Fastify) on both
//   → build (web app, back office, compiled server) → release (installed without dev tools, started)
//   → Playwright journeys in Debian's Chromium.
// Installs or starts what it needs (PostgreSQL, Chromium) and fails loudly when it cannot.
// `npm test -- api-sqlite e2e` runs only the named stages.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { selectedParts } from './cli-parts.mjs';
import { startPostgres } from './postgres.mjs';
import { ensureChromium, ensureFfmpeg } from './system-packages.mjs';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.data-test', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const totals = { passed: 0, failed: 0, skipped: 0 };
const results = [];

function run(cmd, args, { cwd = root, env = {} } = {}) {
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, TZ: 'UTC', ...env } });
  return { ok: r.status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

/** The first line of a failure's message, without colour codes: enough to tell one failure from another. */
const firstLine = (message = '') =>
  String(message)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the ESC of a terminal colour code is what is removed.
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .find((line) => line.trim())
    ?.trim()
    .slice(0, 300) ?? '';

function vitestCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0, failures: [] };
  const j = JSON.parse(readFileSync(file, 'utf8'));
  const failures = [];
  for (const suite of j.testResults ?? []) {
    const where = path.relative(root, suite.name ?? '');
    for (const t of suite.assertionResults ?? []) {
      if (t.status === 'failed') failures.push(`${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    }
    // A file that failed before any test ran (an import error, a failing hook) has no failed test of its own.
    if (suite.status === 'failed' && !(suite.assertionResults ?? []).some((t) => t.status === 'failed')) {
      failures.push(`${where}: ${firstLine(suite.message)}`);
    }
  }
  return {
    passed: j.numPassedTests ?? 0,
    failed: (j.numFailedTests ?? 0) + (j.success === false && !j.numFailedTests ? 1 : 0),
    skipped: (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0),
    failures,
  };
}

/** Every spec of a Playwright JSON report, through nested describe blocks. */
function* playwrightSpecs(suite) {
  yield* suite.specs ?? [];
  for (const inner of suite.suites ?? []) yield* playwrightSpecs(inner);
}

function playwrightCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0, failures: [] };
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const s = report.stats ?? {};
  const failures = [];
  for (const suite of report.suites ?? []) {
    for (const spec of playwrightSpecs(suite)) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected') continue;
        const last = t.results?.at(-1);
        failures.push(`${spec.file}:${spec.line} › ${spec.title}: ${firstLine(last?.error?.message)}`);
      }
    }
  }
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0, skipped: s.skipped ?? 0, failures };
}

const vitest = (name, cwd, env = {}, extra = []) => () => {
  const out = path.join(reports, `${name}.json`);
  const r = run(bin('vitest'), ['run', ...extra, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], { cwd, env });
  return { ...r, counts: vitestCounts(out) };
};

/** Adds up two stage results (the domain suite runs on both engines). */
function both(a, b) {
  const c = (r) => r.counts ?? { passed: 0, failed: r.ok ? 0 : 1, skipped: 0 };
  const [x, y] = [c(a), c(b)];
  return {
    ok: a.ok && b.ok,
    seconds: (Number(a.seconds) + Number(b.seconds)).toFixed(1),
    counts: {
      passed: x.passed + y.passed,
      failed: x.failed + y.failed,
      skipped: x.skipped + y.skipped,
      failures: [...(x.failures ?? []), ...(y.failures ?? [])],
    },
  };
}

const stages = {
  lint: () => run(bin('biome'), ['lint', '--error-on-warnings', '.']),
  // Module boundaries (docs/architecture.md): through the index only, no Fastify in services, no cycles.
  boundaries: () => run(process.execPath, [path.join(root, 'scripts/boundaries.mjs')]),
  // The published OpenAPI document (/api/docs/json) under redocly's recommended rules, unchanged: 0 errors, 0 warnings.
  openapi: () => {
    const file = path.join(root, '.data-test', 'openapi.json');
    const dump = run(bin('tsx'), [path.join(root, 'apps/api/src/cli/openapi-dump.ts'), file]);
    if (!dump.ok) return dump;
    // No usage data sent home, no update check: the stage runs offline.
    return run(bin('redocly'), ['lint', '--max-problems', '1000', file], {
      env: { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
  },
  typecheck: () => {
    for (const p of ['packages/contract', 'apps/api', 'apps/web', 'apps/backoffice']) {
      const r = run(bin('tsc'), ['-p', p]);
      if (!r.ok) return r;
    }
    return { ok: true, seconds: '-' };
  },
  contract: vitest('contract', path.join(root, 'packages/contract')),
  web: vitest('web', path.join(root, 'apps/web')),
  backoffice: vitest('backoffice', path.join(root, 'apps/backoffice')),
  'api-sqlite': vitest('api-sqlite', path.join(root, 'apps/api'), { TEST_DB: 'sqlite' }),
  'api-postgres': () => {
    const url = startPostgres();
    return vitest('api-postgres', path.join(root, 'apps/api'), { TEST_DB: 'postgres', TEST_DATABASE_URL: url })();
  },
  // The domain suite: services called with a plain context, Fastify unresolvable (decision 0488), on both engines.
  domain: () => {
    const api = path.join(root, 'apps/api');
    const config = ['-c', 'vitest.domain.config.ts'];
    const sqlite = vitest('domain-sqlite', api, { TEST_DB: 'sqlite' }, config)();
    const url = startPostgres();
    return both(sqlite, vitest('domain-postgres', api, { TEST_DB: 'postgres', TEST_DATABASE_URL: url }, config)());
  },
  // `npm run build`: the customer app, the back office (served at /backoffice) and the compiled server.
  build: () => {
    const r = run(process.execPath, [path.join(root, 'scripts/build.mjs')]);
    if (!r.ok) return r;
    // The app's and the back office's first loads within their budget (issues 9 and 22: ≤ 150 KB of
    // JavaScript, gzipped; neither with the contract's whole `messages`; the app's start chunk importing
    // nothing but the entry statically, decision 0616).
    const size = path.join(root, 'apps/web/scripts/initial-js-size.mjs');
    const app = run(process.execPath, [size]);
    if (!app.ok) return app;
    return run(process.execPath, [size, `--dist=${path.join(root, 'apps/backoffice/dist')}`, '--base=/backoffice/']);
  },
  // The deployable release (scripts/release.mjs): installed without dev tools, started with plain node.
  release: () => run(process.execPath, ['--test', '--test-reporter=spec', path.join(root, 'scripts/release.test.mjs')]),
  e2e: () => {
    ensureChromium();
    // The scanner's journeys feed Chromium a fake camera video that ffmpeg makes (scan-camera.e2e.ts).
    ensureFfmpeg();
    const out = path.join(root, '.data-test', 'playwright.json');
    rmSync(out, { force: true });
    const r = run(bin('playwright'), ['test'], { cwd: path.join(root, 'apps/web'), env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } });
    return { ...r, counts: playwrightCounts(out) };
  },
};

const selected = selectedParts(stages, 'stage');
const started = Date.now();

for (const name of selected) {
  console.log(`\n=== ${name} ===`);
  let r;
  try {
    r = stages[name]();
  } catch (error) {
    console.error(`[${name}] could not run: ${error.message}`);
    r = { ok: false, seconds: '-' };
  }
  // A check without its own test count (lint, type check, build) counts as one test.
  const counts = r.counts ?? { passed: r.ok ? 1 : 0, failed: r.ok ? 0 : 1, skipped: 0 };
  if (!r.ok && counts.failed === 0) counts.failed = 1;
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  results.push({ name, ok: r.ok, seconds: r.seconds, ...counts, failures: r.counts?.failures ?? [] });
}

console.log('\n=== summary ===');
for (const r of results) {
  console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(13)} ${String(r.passed).padStart(5)} passed ${String(r.failed).padStart(3)} failed  ${r.seconds}s`);
}
// The failed tests by name, last: a CI log that keeps only its tail still says what failed.
for (const r of results) {
  for (const failure of r.failures) console.log(`FAILED [${r.name}] ${failure}`);
}
console.log(`time: ${((Date.now() - started) / 1000).toFixed(0)}s`);
console.log(`total: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
