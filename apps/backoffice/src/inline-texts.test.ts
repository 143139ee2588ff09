// The console's texts live in the contract (`consoleMessages`, decision 0693): a screen that writes an
// Italian text inline is how the back office drifted from "one rule, one place" before. This test reads
// every source file of the back office with TypeScript's parser and lists the texts a pharmacist could
// read that are written in the file instead of taken from the contract (the detector, shared with the API's
// guard, is scripts/inline-texts.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineTexts, sourceFiles } from '../../../scripts/inline-texts.js';

const SRC = import.meta.dirname;

/** Names the screens show as they are: brands (the payment providers' own names). */
const ALLOWED_TEXTS = new Set(['Nexi XPay', 'Axerve (GestPay)', 'PayPal']);

/**
 * Strings that look like words but are code: a time zone, an HTTP scheme, browser APIs, a start-up error for
 * developers, the HTML the content editor inserts, a module's export name (the router's lazy layout).
 */
const CODE_STRINGS = new Set(['Europe/Rome', 'Bearer {…}', 'Layout', 'PushManager', 'Notification', '#root is missing from index.html', '<a href="{…}">']);

/** Attributes whose value is code, never read by the pharmacist (ids, classes, routes, input kinds…). */
const CODE_ATTRIBUTES = new Set([
  'className', 'rel', 'href', 'to', 'type', 'id', 'name', 'autoComplete', 'role', 'key', 'target', 'accept', 'inputMode',
  'pattern', 'htmlFor', 'lang', 'method', 'encType', 'form', 'src', 'value', 'scope', 'step', 'min', 'max', 'prefix',
  'idPrefix', 'field', 'describedBy', 'errorId', 'aria-live', 'aria-hidden', 'aria-labelledby', 'aria-describedby', 'aria-current',
  'data-testid',
]);

/** The back office's rules: a text is read whatever it says in JSX, elsewhere when it reads like prose. */
const RULES = { root: SRC, allowed: new Set([...ALLOWED_TEXTS, ...CODE_STRINGS]), codeAttributes: CODE_ATTRIBUTES };

describe("the back office's texts", () => {
  it('are read from the contract, never written inline in a screen', () => {
    const inline = sourceFiles(SRC).flatMap((file) => inlineTexts(file, readFileSync(file, 'utf8'), RULES));
    expect(inline).toEqual([]);
  });

  it('are found when a screen writes one inline: a text node, a text attribute, a branch of a child, a sentence', () => {
    const screen = [
      'export const X = () => (',
      '  <section aria-label="Sezioni" className="card wide">',
      '    <h1>Ordini</h1>',
      "    <p>{done ? 'gestita' : label}</p>",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the screen's source, whose template the test reads
      '    <input type="text" name="q" placeholder={`Cerca ${what}`} />',
      '  </section>',
      ');',
      "const confirm = 'Eliminare la chiusura?';",
      "const key = ['orders', 'in_progress'];",
    ].join('\n');
    expect(inlineTexts(path.join(SRC, 'x.tsx'), screen, RULES)).toEqual([
      'x.tsx:2 "Sezioni"',
      'x.tsx:3 "Ordini"',
      'x.tsx:4 "gestita"',
      'x.tsx:5 "Cerca {…}"',
      'x.tsx:8 "Eliminare la chiusura?"',
    ]);
  });
});
