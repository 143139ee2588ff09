// Measures the JavaScript a first visit must download before the app can start: the entry script
// of dist/index.html, the chunks index.html preloads (the app the entry imports once the shell has
// painted, decision 0350) and every chunk they import statically (transitively). Lazy screens are
// not counted. Prints the gzipped total in KB; exits 1 when it is over the budget (default 150 KB,
// `--budget=<KB>` to change), when it is more than 12 files (`--max-files=<n>`: each file is a
// request, a compile and a load task during the start, decision 0686), when the contract's whole `messages` object is part of it, or when
// the app's start chunk imports another chunk statically (decision 0616); for the customer app, also
// when any of its chunks holds a text only the back office shows (decision 0689). Run
// after `npx vite build`. The back office: `--dist=apps/backoffice/dist --base=/backoffice/`.
import { readdirSync, readFileSync } from 'node:fs';
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
if (base === '/') {
  // The customer app (decision 0689): its screens import the message groups they show, so no chunk
  // of it, loaded first or later, holds a text only the back office shows. Finding one means a
  // screen (or a contract rule it uses) reads `messages`, or a back-office group, again.
  const found = backOfficeTextsIn(path.join(dist, 'assets'));
  if (found.length > 0) {
    console.log(`Back-office texts in the customer app: ${found.slice(0, 5).join('; ')}${found.length > 5 ? ` and ${found.length - 5} more` : ''}.`);
    process.exit(1);
  }
}
if (total / 1024 > budgetKb) process.exit(1);

/**
 * The texts of the contract's back-office message groups that no other module of its `common` has, each as a whole
 * string literal (any quotes: the minifier picks them) found in a JS file of `assets`: `file: text`.
 */
function backOfficeTextsIn(assets) {
  const common = path.resolve(import.meta.dirname, '../../../packages/contract/src/common');
  const BACK_OFFICE = /^(backoffice[\w-]*|console|onboarding|staff-alerts|catalogue-import|live)-messages\.ts$/;
  const literals = (file) => [...readFileSync(path.join(common, file), 'utf8').matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"/g)].map((m) => m[1] ?? m[2]);
  // A text the customer app's own modules have too (another group, the request errors…) is not a finding.
  const modules = readdirSync(common).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
  const elsewhere = new Set(modules.filter((file) => !BACK_OFFICE.test(file)).flatMap(literals));
  const texts = modules.filter((file) => BACK_OFFICE.test(file)).flatMap(literals).filter((text) => /\s/.test(text) && !elsewhere.has(text) && !text.includes('\\'));
  const found = [];
  for (const name of readdirSync(assets).filter((file) => file.endsWith('.js'))) {
    const code = readFileSync(path.join(assets, name), 'utf8');
    for (const text of texts) if ([`'${text}'`, `"${text}"`, `\`${text}\``].some((literal) => code.includes(literal))) found.push(`${name}: ${text}`);
  }
  return found;
}
