/**
 * Developer aid: the top items of a V8 CPU profile (`profile-server.ts`, `--cpu-prof`), by self
 * time — per function and per package — as shares of the main thread's busy time (idle and GC
 * are listed apart, since a share of the whole would move with the machine's load).
 *   node apps/api/bench/profile-summary.mjs FILE.cpuprofile [TOP=25]
 */
import { readFileSync } from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.mjs FILE.cpuprofile [TOP]');
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8'));

// Self time of each node: the sampling interval after each sample, credited to the sampled node.
const selfUs = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
}

/** Where a function lives: a package under node_modules, node's own code, or the app's file. */
function origin(url) {
  if (!url) return '(native)';
  if (url.startsWith('node:')) return 'node';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const app = /\/(apps|packages)\/(.+)$/.exec(url);
  return app ? `${app[1]}/${app[2]}` : url;
}

const byFunction = new Map();
const byOrigin = new Map();
let busy = 0;
const special = new Map();
for (const node of profile.nodes) {
  const us = selfUs.get(node.id) ?? 0;
  if (us === 0) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  if (['(idle)', '(program)', '(garbage collector)'].includes(functionName)) {
    special.set(functionName, (special.get(functionName) ?? 0) + us);
    if (functionName !== '(idle)') busy += us;
    continue;
  }
  busy += us;
  const where = origin(url);
  const key = `${functionName || '(anonymous)'} ${where}${url ? `:${lineNumber + 1}` : ''}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  const group = where.startsWith('apps/') || where.startsWith('packages/') ? where.split('/').slice(0, 4).join('/') : where;
  byOrigin.set(group, (byOrigin.get(group) ?? 0) + us);
}

const pct = (us) => `${((us / busy) * 100).toFixed(1)} %`;
const total = (profile.endTime - profile.startTime) / 1000;
console.log(`${file}: ${total.toFixed(0)} ms profiled, busy ${(busy / 1000).toFixed(0)} ms; ${[...special].map(([k, v]) => `${k} ${(v / 1000).toFixed(0)} ms`).join(', ')}`);
console.log('\nBy package / file (self time, share of busy):');
for (const [k, v] of [...byOrigin].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(v).padStart(7)}  ${k}`);
console.log('\nBy function:');
for (const [k, v] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(v).padStart(7)}  ${k}`);
