// `node scripts/boundaries.mjs`: the import boundaries of each app, checked by dependency-cruiser with the
// app's own .dependency-cruiser.cjs (decision 0460). Exits 1 on any violation, printing each one and a
// one-line summary per app, so a feature that imports another feature, a shared piece that imports a
// feature, an import cycle or an import that does not resolve fails the build instead of waiting for review.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const depcruise = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

// Each app is cruised from its own folder: the configs' paths start at src/ and tsconfig.json is the app's.
// The API's config is optional (written with the API's module boundaries); the front ends' are required.
const apps = [
  { name: 'web', dir: 'apps/web', required: true },
  { name: 'backoffice', dir: 'apps/backoffice', required: true },
  { name: 'api', dir: 'apps/api', required: false },
];

let failed = false;
for (const app of apps) {
  const cwd = path.join(root, app.dir);
  const config = path.join(cwd, '.dependency-cruiser.cjs');
  if (!existsSync(config)) {
    if (app.required) {
      console.error(`[boundaries] ${app.name}: ${path.relative(root, config)} is missing`);
      failed = true;
    }
    continue;
  }
  const run = spawnSync(process.execPath, [depcruise, '--config', config, '--output-type', 'json', 'src'], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  let summary;
  try {
    summary = JSON.parse(run.stdout).summary;
  } catch {
    console.error(`[boundaries] ${app.name}: dependency-cruiser failed (exit ${run.status})\n${run.stderr}`);
    failed = true;
    continue;
  }
  for (const v of summary.violations) {
    const cycle = v.cycle?.length ? ` (cycle: ${v.from} → ${v.cycle.map((step) => step.name ?? step).join(' → ')})` : '';
    console.error(`  ${v.rule.severity} ${v.rule.name}: ${v.from} → ${v.to}${cycle}`);
  }
  const bad = summary.error + summary.warn;
  if (bad > 0) failed = true;
  console.log(
    `[boundaries] ${app.name}: ${bad === 0 ? 'ok' : `${bad} violation${bad === 1 ? '' : 's'}`} ` +
      `(${summary.totalCruised} modules, ${summary.totalDependenciesCruised} imports)`,
  );
}
process.exit(failed ? 1 : 0);
