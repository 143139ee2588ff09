// The console's texts live in the contract (`consoleMessages`, decision 0693): a screen that writes an
// Italian text inline is how the back office drifted from "one rule, one place" before. This test reads
// every source file of the back office with TypeScript's parser and lists the texts a pharmacist could
// read that are written in the file instead of taken from the contract.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

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

/** A text as React renders a JSX text node: lines trimmed and joined by one space, blank lines dropped. */
function jsxText(raw: string): string {
  return raw
    .split(/\r\n|\n|\r/)
    .map((line, i, all) => {
      let l = line.replace(/\t/g, ' ');
      if (i > 0) l = l.replace(/^ +/, '');
      if (i < all.length - 1) l = l.replace(/ +$/, '');
      return l;
    })
    .filter(Boolean)
    .join(' ');
}

const hasLetter = (text: string) => /\p{L}/u.test(text);
/** Prose, not an identifier or a key: a capitalised word, two words, or an accented letter. */
const looksLikeProse = (text: string) =>
  /\p{Ll}{2}/u.test(text) && (/\p{L}\s+[\p{L}(«]/u.test(text) || /^[\s·(]*\p{Lu}\p{Ll}+\b/u.test(text) || /[àèéìòù]/.test(text));

/**
 * The node a string is the value of, through what only chooses or joins texts: a conditional's branches,
 * `??`/`||`/`&&`/`+`, a template, parentheses, a list (a table's columns). A comparison or a call stops it.
 */
function valueHolder(node: ts.Node): ts.Node | undefined {
  let child = node;
  let p = node.parent;
  while (p) {
    const passes =
      (ts.isConditionalExpression(p) && (p.whenTrue === child || p.whenFalse === child)) ||
      (ts.isBinaryExpression(p) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.PlusToken].includes(p.operatorToken.kind)) ||
      ts.isParenthesizedExpression(p) || ts.isTemplateSpan(p) || ts.isTemplateExpression(p) || ts.isArrayLiteralExpression(p) || ts.isJsxExpression(p);
    if (!passes) return p;
    child = p;
    p = p.parent;
  }
  return undefined;
}

/** The JSX attribute a string is the value of, when it is one. */
function attributeOf(node: ts.Node): ts.JsxAttribute | undefined {
  const holder = valueHolder(node);
  return holder && ts.isJsxAttribute(holder) ? holder : undefined;
}

/** Whether a string is a child of an element (`{x ? 'a' : 'b'}`): the screen shows it whatever it says. */
function isJsxChild(node: ts.Node): boolean {
  const holder = valueHolder(node);
  return !!holder && (ts.isJsxElement(holder) || ts.isJsxFragment(holder));
}

/** The inline texts of one file, as 'file:line "text"'. */
export function inlineTexts(file: string, source: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    if (ALLOWED_TEXTS.has(text) || CODE_STRINGS.has(text)) return;
    found.push(`${path.relative(SRC, file)}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${JSON.stringify(text)}`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isTypeNode(node)) return;
    if (ts.isJsxText(node)) {
      const text = jsxText(source.slice(node.pos, node.end));
      if (hasLetter(text)) report(node, text);
      return;
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
      if (ts.isPropertyAssignment(node.parent) && node.parent.name === node) return;
      const text = ts.isTemplateExpression(node)
        ? [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join('{…}')
        : node.text;
      const attribute = attributeOf(node)?.name.getText();
      if (attribute !== undefined && CODE_ATTRIBUTES.has(attribute)) return;
      // A text attribute (aria-label, title, placeholder, label, legend…) or an element's child is read whatever it
      // says; elsewhere only what reads like a sentence or a name counts (not query keys, statuses or class names).
      if ((attribute !== undefined || isJsxChild(node)) && hasLetter(text)) report(node, text);
      else if (looksLikeProse(text)) report(node, text);
      if (ts.isTemplateExpression(node)) for (const span of node.templateSpans) visit(span.expression);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("the back office's texts", () => {
  it('are read from the contract, never written inline in a screen', () => {
    const inline = sourceFiles(SRC).flatMap((file) => inlineTexts(file, readFileSync(file, 'utf8')));
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
    expect(inlineTexts(path.join(SRC, 'x.tsx'), screen)).toEqual([
      'x.tsx:2 "Sezioni"',
      'x.tsx:3 "Ordini"',
      'x.tsx:4 "gestita"',
      'x.tsx:5 "Cerca {…}"',
      'x.tsx:8 "Eliminare la chiusura?"',
    ]);
  });
});
