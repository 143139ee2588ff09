// Finds the texts a source file writes inline instead of taking them from the contract (decisions 0693, 0700).
// The back office's guard (apps/backoffice/src/inline-texts.test.ts) and the API's (apps/api/src/inline-texts.test.ts)
// read their files with it: TypeScript's parser, the same walk over strings, templates and JSX, each app giving
// its own rules for what is code and what is a text. It lives here, beside the other tools both apps' tests use
// (scan-images.mjs), since an app never imports another app.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** What an app's guard allows and what it counts as a text. */
export interface InlineTextRules {
  /** Files are reported relative to this folder. */
  readonly root: string;
  /** Strings that are allowed as they are (brands, code that reads like words). */
  readonly allowed?: ReadonlySet<string>;
  /** JSX attributes whose value is code, never read (ids, classes, routes…). */
  readonly codeAttributes?: ReadonlySet<string>;
  /** Whether a string outside JSX is a text (the default: it reads like prose, `looksLikeProse`). */
  readonly isText?: (text: string) => boolean;
  /** Whether a string is code or data where it stands (an SQL fragment, an OpenAPI summary…): not reported. */
  readonly isCodeAt?: (node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression) => boolean;
}

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

export const hasLetter = (text: string) => /\p{L}/u.test(text);
/** Prose, not an identifier or a key: a capitalised word, two words, or an accented letter. */
export const looksLikeProse = (text: string) =>
  /\p{Ll}{2}/u.test(text) && (/\p{L}\s+[\p{L}(«]/u.test(text) || /^[\s·(]*\p{Lu}\p{Ll}+\b/u.test(text) || /[àèéìòù]/.test(text));

/**
 * The node a string is the value of, through what only chooses or joins texts: a conditional's branches,
 * `??`/`||`/`&&`/`+`, a template, parentheses, a list (a table's columns). A comparison or a call stops it.
 */
export function valueHolder(node: ts.Node): ts.Node | undefined {
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

/** A string's text, a template's pieces joined by `{…}` where its values go. */
export function stringText(node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression): string {
  return ts.isTemplateExpression(node) ? [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join('{…}') : node.text;
}

/** The inline texts of one file, as 'file:line "text"' (the file relative to the rules' root). */
export function inlineTexts(file: string, source: string, rules: InlineTextRules): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const isText = rules.isText ?? looksLikeProse;
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    if (rules.allowed?.has(text)) return;
    found.push(`${path.relative(rules.root, file)}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${JSON.stringify(text)}`);
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
      const text = stringText(node);
      const attribute = attributeOf(node)?.name.getText();
      if (attribute !== undefined && rules.codeAttributes?.has(attribute)) return;
      if (!rules.isCodeAt?.(node)) {
        // A text attribute (aria-label, title, placeholder, label, legend…) or an element's child is read whatever it
        // says; elsewhere only what the rules count as a text (not query keys, statuses or class names).
        if ((attribute !== undefined || isJsxChild(node)) && hasLetter(text)) report(node, text);
        else if (isText(text)) report(node, text);
      }
      if (ts.isTemplateExpression(node)) for (const span of node.templateSpans) visit(span.expression);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** Every source file under a folder but the tests. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}
