// `npm run mutation`: Stryker on the domain core (issue 21, decision 0430) — the contract's rules
// with its unit tests, the API's pure rules with theirs, the order lifecycle with its service
// tests — merged into one report,
// reports/mutation/mutation.json (mutation-testing-report-schema), with the score of every file.
// Fails when a run fails or a file scores below 80 %. `npm run mutation -- api` runs one part;
// reruns are incremental (only the mutants whose code or tests changed), `-- --force` tests all,
// `-- --merge` only merges and scores the parts' last reports.
// Long (tens of minutes on a shared 2-core machine): not a stage of `npm test`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { selectedParts } from './cli-parts.mjs';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'reports', 'mutation');
const parts = {
  contract: { dir: 'packages/contract', config: 'stryker.config.mjs' },
  api: { dir: 'apps/api', config: 'stryker.config.mjs' },
  lifecycle: { dir: 'apps/api', config: 'stryker.lifecycle.config.mjs' },
};
const MIN_SCORE = 80;

const selected = selectedParts(parts, 'part');
const mergeOnly = process.argv.includes('--merge');
const flags = process.argv.slice(2).filter((a) => a.startsWith('-') && a !== '--merge');
mkdirSync(out, { recursive: true });

let ok = true;
const seconds = {};
for (const name of mergeOnly ? [] : selected) {
  const started = Date.now();
  const r = spawnSync(path.join(root, 'node_modules', '.bin', 'stryker'), ['run', parts[name].config, ...flags], {
    cwd: path.join(root, parts[name].dir),
    stdio: 'inherit',
    env: { ...process.env, TZ: 'UTC' },
  });
  seconds[name] = Math.round((Date.now() - started) / 1000);
  if (r.status !== 0) {
    console.error(`[mutation] stryker failed: ${name}`);
    ok = false;
  }
}

// One report over both parts (each part's last run, so `-- api` keeps the contract's figures),
// the file names made relative to the repository root.
const merged = { schemaVersion: '2', thresholds: { high: 90, low: MIN_SCORE }, files: {} };
for (const [name, { dir }] of Object.entries(parts)) {
  const file = path.join(out, `${name}.json`);
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  for (const [source, result] of Object.entries(report.files)) merged.files[path.posix.join(dir, source)] = result;
}
writeFileSync(path.join(out, 'mutation.json'), JSON.stringify(merged));

// Stryker's score: detected (killed, timed out) over valid mutants (detected, survived, no coverage).
const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);
const rows = [];
const all = { detected: 0, valid: 0 };
for (const [file, { mutants }] of Object.entries(merged.files)) {
  const detected = mutants.filter((m) => DETECTED.has(m.status)).length;
  const valid = detected + mutants.filter((m) => UNDETECTED.has(m.status)).length;
  all.detected += detected;
  all.valid += valid;
  const score = valid === 0 ? 100 : (100 * detected) / valid;
  if (score < MIN_SCORE) ok = false;
  rows.push(`${score.toFixed(1).padStart(6)} %  ${String(detected).padStart(4)}/${String(valid).padEnd(4)} ${file}`);
}
console.log('\n=== mutation score per file (killed + timeout / valid mutants) ===');
for (const row of rows) console.log(row);
console.log(`${((100 * all.detected) / Math.max(1, all.valid)).toFixed(1).padStart(6)} %  ${all.detected}/${all.valid} overall`);
for (const [name, s] of Object.entries(seconds)) console.log(`run time ${name}: ${s} s`);
console.log(`report: ${path.relative(root, path.join(out, 'mutation.json'))}`);
process.exit(ok ? 0 : 1);
