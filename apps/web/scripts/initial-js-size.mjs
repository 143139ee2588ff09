// Measures the JavaScript a first visit must download before the app can start: the entry script
// of dist/index.html, the chunks index.html preloads (the app the entry imports once the shell has
// painted, decision 0350) and every chunk they import statically (transitively). Lazy screens are
// not counted. Prints the gzipped total in KB; exits 1 when it is over the budget (default 150 KB,
// `--budget=<KB>` to change), when it is more than 12 files (`--max-files=<n>`: each file is a
// request, a compile and a load task during the start, decision 0686), when the contract's whole `messages` object is part of it, or when
// the app's start chunk imports another chunk statically (decision 0616). Run
// after `npx vite build`. The back office: `--dist=apps/backoffice/dist --base=/backoffice/`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const distArg = process.argv.find((a) => a.startsWith('--dist='));
const dist = distArg ? path.resolve(distArg.slice('--dist='.length)) : path.resolve(import.meta.dirname, '../dist');
const budgetArg = process.argv.find((a) => a.startsWith('--budget='));
const budgetKb = budgetArg ? Number(budgetArg.split('=')[1]) : 150;
const maxFilesArg = process.argv.find((a) => a.startsWith('--max-files='));
const maxFiles = maxFilesArg ? Number(maxFilesArg.split('=')[1]) : 12;
// The path the app is served under (vite's `base`): its URLs name files below `dist` without it.
const baseArg = process.argv.find((a) => a.startsWith('--base='));
const base = baseArg ? baseArg.slice('--base='.length) : '/';
const fileOf = (url) => path.join(dist, url.startsWith(base) ? url.slice(base.length) : url);

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entries = [
  ...[...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((m) => m[1]),
  ...[...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]),
];
const seen = new Set();
const staticImports = new Map();
const queue = [...entries];
while (queue.length > 0) {
  const url = queue.shift();
  if (seen.has(url)) continue;
  seen.add(url);
  const code = readFileSync(fileOf(url), 'utf8');
  // Static imports only: `import ... from "./x.js"` and `import "./x.js"` (not `import("./x.js")`).
  const imported = [...code.matchAll(/(?:^|[;\s}])import\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+\.js)["']/g)].map((m) => path.posix.join(path.posix.dirname(url), m[1]));
  staticImports.set(url, imported);
  queue.push(...imported);
}

// The app's start (src/app/start.tsx) evaluates React, the framework and the app in steps, one task
// each (decisions 0373, 0616): a chunk it imports statically is evaluated with it, in its first task
// (React's and the framework's were, through one static import). Only the entry, which loads it, may be.
const startChunk = [...seen].find((url) => /\/start-[\w-]+\.js$/.test(url));
const startStatic = (startChunk ? staticImports.get(startChunk) : []).filter((url) => !entries.slice(0, 1).includes(url));

// Texts of lazy screens only (spec §2 quotes, stable): finding one means the whole `messages`
// object of the contract came into the first load (decision 0145: the shell imports appMessages,
// offlineMessages and tabsMessages only).
const LAZY_TEXT_MARKERS = ['Non sono presenti idirizzi', 'Prenotaziona cancellata correttamente.'];
let messagesInFirstLoad = false;

let total = 0;
for (const url of seen) {
  const code = readFileSync(fileOf(url), 'utf8');
  if (LAZY_TEXT_MARKERS.some((marker) => code.includes(marker))) messagesInFirstLoad = true;
  const gz = gzipSync(code, { level: 9 }).length;
  total += gz;
  console.log(`${(gz / 1024).toFixed(2).padStart(8)} KB  ${url}`);
}
console.log(`${(total / 1024).toFixed(2).padStart(8)} KB  initial JS, gzipped (budget ${budgetKb} KB), ${seen.size} files (at most ${maxFiles})`);
if (seen.size > maxFiles) {
  console.log(`The first load is ${seen.size} files: the start's shared modules belong in one chunk (apps/web/start-chunk.ts, decision 0686).`);
  process.exit(1);
}
if (startStatic.length > 0) {
  console.log(`The start's chunk imports ${startStatic.join(', ')} statically: they are evaluated in its first task, not in the start's steps (decision 0616).`);
  process.exit(1);
}
if (messagesInFirstLoad) {
  console.log('The whole `messages` object is in the first load: something eager imports it (see apps/web/README.md).');
  process.exit(1);
}
if (total / 1024 > budgetKb) process.exit(1);
