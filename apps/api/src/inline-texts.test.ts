// The texts the server shows or sends — HTTP bodies, mails, SMS, pushes, PDFs, drawn pictures, the payment log,
// the CLIs' output — live in the contract (decisions 0694, 0700). This test reads every source file of the API
// with TypeScript's parser (scripts/inline-texts.ts, the back office's detector) and lists the Italian texts
// written inline. The server also writes English for developers (thrown errors, logs, metrics' help), SQL,
// HTML and SVG: those are code, so here only a string that reads as Italian counts as a text.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { inlineTexts, looksLikeProse, sourceFiles, valueHolder } from '../../../scripts/inline-texts.js';

const SRC = import.meta.dirname;

/**
 * Files of data, not texts: the migrations (frozen past versions of the schema and its rows), the demo's seeds
 * and catalogue (Italian product data, like a pharmacy's own), the payment sandbox (it stands in for the
 * providers' pages and protocol in development and tests; its texts are theirs) and the language model's
 * instructions (read by a model, not by a user: decision 0694).
 */
const DATA_FILES = [
  /^db\/migrations\//,
  /^db\/seed\//,
  /\.seed\.ts$/,
  /^modules\/catalogue\/(demo|test)-catalogue\.ts$/,
  /^payments\/sandbox\//,
  /^modules\/chatbot\/llm\.ts$/,
];

/**
 * Strings that read as Italian but are not texts: a value the catalogue import accepts for "yes" (input, not
 * output) and the demo sender's name, a setting's default the operator replaces (MAIL_FROM).
 */
const ALLOWED = new Set(['sì', 'Farmacia <noreply@farmacia.local>']);

/** Italian words with no English look-alike that settle a short text: articles, prepositions, negation. */
const ITALIAN_WORDS = new Set(
  'di del dello della dei degli delle il lo la gli le un uno una non per con che nel nella nei negli nelle al allo alla ai agli alle dal dalla dai sul sulla su ed ad dell all nell dall sull nessun nessuna nessuno questo questa sono invece'.split(' '),
);
/** English words (and SQL keywords) that settle a developer's message or a query as not Italian. */
const ENGLISH_WORDS = new Set(
  'the of and is are too data pragma was were be been not no for with to by or an at on from this that these it its as if has have had must can could should would will did does do when than then into here there where more before store ignore score cache select insert update delete join left inner values set order group limit null true false'.split(' '),
);
/** Word endings that are Italian, not English (an Italian word ends in a vowel; `-e` alone tells nothing). */
const ITALIAN_ENDING = /(?:[aio]|ione|ghe|che|ale|ente|ore|ere|tte|lle)$/;

/**
 * Whether a text reads as Italian: an accented letter, or at least as many Italian words as English ones — a word
 * is Italian by the lists above or by its ending, English when it ends in a consonant («Account eliminato»). Acronyms, brands
 * (`PayPal`, `XPay`) and words of fewer than three letters count for neither.
 */
function readsItalian(text: string): boolean {
  if (/[àèéìòù]/i.test(text)) return true;
  let italian = /\bn\. ?(?:\{…\}|\d)/.test(text) ? 1 : 0; // «Ordine n. 12»
  let english = 0;
  // Markup, an address, a command and its options are code whatever the text around them («Uso: npm run setup -- [--help]»),
  // and so is an identifier a query names (`p.codice_ministeriale as code`: a column, its table, its alias).
  const words =
    text.replace(/<[^>]*>|https?:\/\/\S+|npm run \S+|--?[\w-]+|\w+(?:[._]\w+)+(?: as \w+)?/g, ' ').match(/\p{L}+/gu) ?? [];
  for (const word of words) {
    const lower = word.toLowerCase();
    if (ITALIAN_WORDS.has(lower)) italian++;
    else if (ENGLISH_WORDS.has(lower)) english++;
    else if (word.length < 3 || /.\p{Lu}/u.test(word)) continue;
    else if (ITALIAN_ENDING.test(lower)) italian++;
    else if (!lower.endsWith('e')) english++;
  }
  return italian > 0 && italian >= english;
}

const propertyName = (node: ts.Node | undefined) =>
  node && (ts.isPropertyAssignment(node) || ts.isVariableDeclaration(node)) && ts.isIdentifier(node.name) ? node.name.text : undefined;

/** Whether a node stands inside the value of a property or variable with one of these names. */
function inside(node: ts.Node, names: readonly string[]): boolean {
  for (let p = node.parent; p && !ts.isFunctionLike(p); p = p.parent) if (names.includes(propertyName(p) ?? '')) return true;
  return false;
}

/**
 * Where an Italian string is code or data: the OpenAPI document's titles, summaries, descriptions and tags
 * (written for the API's integrators, never shown in the apps; a schema's `.describe(…)` too) and a list of words split for matching (the assistant's
 * stop words), which the server reads, never writes.
 */
function isCodeAt(node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression): boolean {
  const holder = valueHolder(node);
  const name = propertyName(holder);
  if ((name === 'summary' || name === 'description' || name === 'title') && holder && inside(holder, ['schema', 'openapi'])) return true;
  if (name === 'tags') return true;
  if (holder && ts.isCallExpression(holder) && ts.isPropertyAccessExpression(holder.expression) && holder.expression.name.text === 'describe') return true;
  return !!holder && ts.isPropertyAccessExpression(holder) && holder.name.text === 'split';
}

const RULES = { root: SRC, allowed: ALLOWED, isText: (text: string) => looksLikeProse(text) && readsItalian(text), isCodeAt };

const isDataFile = (file: string) => DATA_FILES.some((pattern) => pattern.test(path.relative(SRC, file).split(path.sep).join('/')));

describe("the server's texts", () => {
  it('are read from the contract, never written inline in a source file', () => {
    const inline = sourceFiles(SRC)
      .filter((file) => !isDataFile(file))
      .flatMap((file) => inlineTexts(file, readFileSync(file, 'utf8'), RULES));
    expect(inline).toEqual([]);
  });

  it('are found when a file writes one inline, and code, data and English for developers are not', () => {
    const file = [
      "const tags = ['Ordini'];",
      "app.get('/x', { schema: { tags, summary: 'Un ordine', response: { 304: z.null().describe('Invariata') } } }, () => ({",
      "  message: 'Ordine non trovato.',",
      '});',
      "const mail = { summary: 'Il tuo ordine' };",
      "log.warn({ err }, 'payment provider unreachable');",
      "throw new PaymentError('Errore Nexi');",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the file's source, whose template the test reads
      "const erased = { name: 'Account eliminato', description: `Ordine n. ${id}` };",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the file's source, whose template the test reads
      "const q = sql`select nome from prodotti where id = ${id} and not deleted`;",
      "const svg = '<g transform=\"translate(2) scale(1.3)\">';",
      "const WORDS = new Set('di del per il la'.split(' '));",
      "const YES = new Set(['si', 'sì']);",
      "console.log('Uso: npm run setup -- [--help] [--non-interactive]');",
      "console.log('Righe lette: 12');",
      "log.info('no data to store');",
      "throw new ProviderError('CONFIG', 'API key XPay non configurata');",
      "const prompt = 'Città';",
    ].join('\n');
    expect(inlineTexts(path.join(SRC, 'x.ts'), file, RULES)).toEqual([
      'x.ts:3 "Ordine non trovato."',
      'x.ts:5 "Il tuo ordine"',
      'x.ts:7 "Errore Nexi"',
      'x.ts:8 "Account eliminato"',
      'x.ts:8 "Ordine n. {…}"',
      'x.ts:13 "Uso: npm run setup -- [--help] [--non-interactive]"',
      'x.ts:14 "Righe lette: 12"',
      'x.ts:16 "API key XPay non configurata"',
      'x.ts:17 "Città"',
    ]);
  });

  it('are not looked for in files of data: migrations, seeds, the demo catalogue, the payment sandbox, the model prompt', () => {
    const files = ['db/migrations/0020_catalogue.ts', 'db/seed/index.ts', 'modules/bookings/bookings.seed.ts', 'modules/catalogue/demo-catalogue.ts',
      'payments/sandbox/pages.ts', 'modules/chatbot/llm.ts', 'modules/catalogue/product-image.ts', 'payments/nexi.ts', 'cli/setup.ts'];
    expect(files.filter((file) => isDataFile(path.join(SRC, file)))).toEqual(files.slice(0, 6));
  });
});
