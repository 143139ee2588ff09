import { z } from 'zod';
import { fillMessage } from './messages.js';
import { validationMessages } from './message-groups.js';

/**
 * Text is stored as sent or refused (issue 21): a lone surrogate (half of an emoji, which JSON can
 * carry but no database column or font can) or a control character would otherwise be stored
 * replaced or invisible. C0 controls but tab, line feed and carriage return, DEL, and C1 controls.
 */
const LINE_BREAK_OR_TAB = /[\t\n\r]/;

/** Anything but printable ASCII, tab and line breaks: only such text needs the walk below. */
const PAST_PRINTABLE_ASCII = /[^\t\n\r\x20-\x7e]/;

const isControl = (code: number) => (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || (code >= 0x7f && code <= 0x9f);
const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** A control character (but tab and line breaks) or half a surrogate pair, walked by code unit. */
function hasInvalidCharacter(value: string): boolean {
  // Fast path for plain ASCII (base64 uploads are megabytes of it).
  if (!PAST_PRINTABLE_ASCII.test(value)) return false;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (isControl(code) || isLowSurrogate(code)) return true;
    if (isHighSurrogate(code)) {
      if (!isLowSurrogate(value.charCodeAt(i + 1))) return true;
      i++; // the pair is one character
    }
  }
  return false;
}

/**
 * Why `value` may not be stored as text, as the Italian message, or undefined when it may.
 * A one-line field (the default) also refuses tabs and line breaks; a multi-line one keeps them.
 */
export function textProblem(value: string, options: { multiline?: boolean } = {}): string | undefined {
  if (hasInvalidCharacter(value)) return validationMessages.invalidCharacters;
  if (!options.multiline && LINE_BREAK_OR_TAB.test(value)) return validationMessages.singleLine;
  return undefined;
}

/** Options of the text helpers: `multiline` for notes, descriptions and replies. */
export type TextOptions = { multiline?: boolean };

/**
 * The shape a filled optional text must have (a CAP, a province, a link): an anchored pattern and
 * its Italian message. It is a zod `.regex`, so the OpenAPI document states it as the field's
 * `pattern` (decision 0665). It checks the trimmed value, as `max` does, and only a value without
 * another problem, so a field still answers one message as when this was a refinement.
 */
export type TextFormat = { pattern: RegExp; message: string };

/**
 * `^(?:…)?$` of an anchored pattern: an optional field may also be blank. For a trimmed field,
 * wrap it in {@link asSent} too, or a blank of spaces, which the field takes, would not match.
 */
export function orBlank(pattern: RegExp): RegExp {
  const { source, flags } = pattern;
  if (!source.startsWith('^') || !source.endsWith('$')) throw new Error(`an anchored pattern: ${source}`);
  return new RegExp(`^(?:${source.slice(1, -1)})?$`, flags);
}

/**
 * A character of a link: no spaces, angle brackets or quotes (it goes into markup), no controls
 * (refused in any text; said here so the pattern states it, decision 0669).
 */
export const URL_CHARACTER = '[^\\s<>"\\u0000-\\u001f\\u007f-\\u009f]';

/**
 * An https link: the scheme in either case, as an `i` flag allowed, spelled out because a JSON
 * Schema pattern carries no flags; then {@link URL_CHARACTER}s.
 */
export const HTTPS_URL_PATTERN = new RegExp(`^[Hh][Tt][Tt][Pp][Ss]:\\/\\/${URL_CHARACTER}+$`);

/**
 * Spread into a check's params: zod runs the check only on a value without another problem yet
 * (its `when`), so a field keeps answering one message where a refinement after a transform
 * answered one. zod honours `when` on every check; its string-format params leave it out of their
 * type, hence the plain object type.
 */
export const IF_NO_ISSUE_YET: object = { when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0 };

const refuseBadCharacters = (options: TextOptions) => (value: string, ctx: z.RefinementCtx) => {
  const problem = textProblem(value, options);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
};

/*
 * The document's statement of the rules above (decision 0669), as one JSON Schema pattern a field:
 * ECMA-262, no flags, anchored, and spelled without `\s` — engines disagree on it (Python's leaves
 * out U+FEFF, which `trim` removes). The pattern describes the input as sent, so it also matches
 * the trimmed value zod checks it on: spaces and line breaks at either end (trimmed away), then
 * visible characters and, between them, spaces — and tabs and line breaks in a multi-line field.
 */
/** What `String.prototype.trim` removes and the text guard lets through (not \v and \f, controls). */
const EDGE = '[\\t\\n\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]';
/** A character that is neither a control nor white space: the text is not blank if it has one. */
const VISIBLE = '[^\\u0000-\\u0020\\u007f-\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]';
/** Any character but a control; tab and line breaks only in a multi-line field. */
const INNER = { oneLine: '[^\\u0000-\\u001f\\u007f-\\u009f]', multiline: '[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f]' };

/**
 * The pattern of a text field: its characters (`multiline` or one line), and with `filled` at least
 * one that is not white space. Lone surrogates, also refused, are not stated: a pattern read with
 * ajv's `u` flag sees them as code points of their own.
 */
export function textPattern(options: TextOptions & { filled: boolean }): RegExp {
  const inner = options.multiline ? INNER.multiline : INNER.oneLine;
  const words = `${VISIBLE}(?:${inner}*${VISIBLE})?${EDGE}*`;
  return new RegExp(options.filled ? `^${EDGE}*${words}$` : `^${EDGE}*(?:${words})?$`);
}

/**
 * Any string a request carries, as the API's text guard takes it (`unsafeRequestText`): no control
 * but tab and line breaks. The document states it on every request string without a pattern of its
 * own — the plain `z.string()` fields the guard covers.
 */
export const REQUEST_TEXT_PATTERN = new RegExp(`^${INNER.multiline}*$`);

/**
 * An anchored pattern of a trimmed value, widened to the value as sent: with the spaces and line
 * breaks around it that trimming removes (decision 0669). zod checks it on the trimmed value, which
 * it matches as the pattern did; the document then says what the server takes, " 20121" included.
 * The pattern must not begin or end with such a space, or a generator could pick it and lose it.
 */
export function asSent(pattern: RegExp): RegExp {
  const { source, flags } = pattern;
  if (!source.startsWith('^') || !source.endsWith('$')) throw new Error(`an anchored pattern: ${source}`);
  return new RegExp(`^${EDGE}*(?:${source.slice(1, -1)})${EDGE}*$`, flags);
}

const PATTERNS = {
  filled: { oneLine: textPattern({ filled: true }), multiline: textPattern({ filled: true, multiline: true }) },
  blankable: { oneLine: textPattern({ filled: false }), multiline: textPattern({ filled: false, multiline: true }) },
};

/**
 * `pattern` as the field's JSON Schema pattern only: zod never runs the check (`when` is false),
 * because the checks before it enforce the same rule with their own messages and precedence — it
 * is there for the document, which text.test.ts proves it matches on every UTF-16 code unit.
 */
function stated<T extends z.ZodString>(schema: T, pattern: RegExp): T {
  return schema.regex(pattern, { message: validationMessages.invalidCharacters, ...NEVER }) as T;
}
const NEVER: object = { when: () => false };

/** The field's characters checked (one Italian message each, as `textProblem` says) and stated. */
function checkedCharacters<T extends z.ZodString>(schema: T, options: TextOptions, filled: boolean): T {
  const pattern = PATTERNS[filled ? 'filled' : 'blankable'][options.multiline ? 'multiline' : 'oneLine'];
  return stated(schema.superRefine(refuseBadCharacters(options)) as T, pattern);
}

/**
 * A text that must not be empty once trimmed: `message` when it is missing, not a string, or blank
 * (`notText` instead, when given, for missing or not a string). One line unless `multiline`, checked
 * and stated as {@link requiredText}'s characters (decision 0680; a blank, empty once trimmed, has
 * no character to refuse and answers `message` alone). A multi-line one's characters are the text
 * guard's (checked by the API before any schema), stated as its pattern. A format the caller adds
 * says more (a phone, an email) and should run only on a value with no issue yet ({@link IF_NO_ISSUE_YET}).
 */
export function filledText(message: string, options: { notText?: string } & TextOptions = {}) {
  const filled = z.string({ error: options.notText ?? message }).trim().min(1, message);
  return options.multiline ? stated(filled, PATTERNS.filled.multiline) : checkedCharacters(filled, {}, true);
}

/**
 * A required text field: trimmed (so whitespace-only input counts as empty), non-empty, at most
 * `max` characters, no control characters or lone surrogates, one line unless `multiline`, with
 * Italian messages.
 */
export function requiredText(max?: number, options: TextOptions = {}) {
  const base = checkedCharacters(z.string({ error: validationMessages.required }).trim().min(1, validationMessages.required), options, true);
  return max === undefined ? base : base.max(max, fillMessage(validationMessages.maxLength, { max }));
}

/**
 * An optional text field: trimmed, at most `max` characters, the characters of `requiredText`, the
 * `format` if given; missing, `null`, empty and whitespace-only input all come out as `undefined`.
 * A `format`'s pattern is the field's only one: it states the characters too (text.test.ts checks
 * that no format takes a control character or a line break).
 */
export function optionalText(max?: number, options: TextOptions & { format?: TextFormat } = {}) {
  const { format } = options;
  const trimmed = z.string({ error: validationMessages.invalid }).trim();
  const base = format ? trimmed.superRefine(refuseBadCharacters(options)) : checkedCharacters(trimmed, options, false);
  const limited = max === undefined ? base : base.max(max, fillMessage(validationMessages.maxLength, { max }));
  const formatted = format ? limited.regex(asSent(orBlank(format.pattern)), { message: format.message, ...IF_NO_ISSUE_YET }) : limited;
  return formatted
    .nullish()
    .transform((value) => (value === null || value === undefined || value === '' ? undefined : value));
}

/**
 * Every string in a request body (any depth) that no field may hold — lone surrogates and control
 * characters other than tab and line breaks — keyed by its dotted path like the validation errors
 * (`items.0.note`). The API refuses these before any schema runs, so the many plain `z.string()`
 * fields are covered too; the one-line rule stays with the fields' own schemas.
 */
export function unsafeTextFields(value: unknown, path = ''): Record<string, string[]> {
  return collectUnsafeText(value, path, undefined) ?? {};
}

/**
 * `unsafeTextFields` of a request's path params, query string and body together (the body's entry
 * wins on a shared path, then the query's), or undefined when all are clean. A path param is text
 * the client chose too: a NUL in `/cart/vouchers/:code` would otherwise reach a statement, and
 * PostgreSQL refuses NUL in text outright (a 500). It runs on every request, so clean text costs
 * no allocation: the record is made at the first problem, a path only for a problem or a nested
 * object (issue 22, the young generation's garbage per request).
 */
export function unsafeRequestText(query: unknown, body: unknown, params?: unknown): Record<string, string[]> | undefined {
  return collectUnsafeText(body, '', collectUnsafeText(query, '', collectUnsafeText(params, '', undefined)));
}

const MULTILINE = { multiline: true };

/** Adds `value`'s problems to `found` (made on the first one) in the order a walk meets them. */
function collectUnsafeText(value: unknown, path: string, found: Record<string, string[]> | undefined): Record<string, string[]> | undefined {
  if (typeof value === 'string') {
    const problem = textProblem(value, MULTILINE);
    if (problem === undefined) return found;
    const record = found ?? {};
    record[path || 'body'] = [problem];
    return record;
  }
  if (typeof value !== 'object' || value === null) return found;
  // A raw upload body (a Buffer) is bytes, not text.
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return found;
  let record = found;
  // Own enumerable keys in Object.entries' order, without its array of pairs.
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    // A key is text the client chose too.
    if (textProblem(key, MULTILINE)) {
      record ??= {};
      record[path || 'body'] = [validationMessages.invalidCharacters];
    }
    const inner = (value as Record<string, unknown>)[key];
    if (typeof inner === 'string') {
      const problem = textProblem(inner, MULTILINE);
      if (problem === undefined) continue;
      record ??= {};
      // An empty key at the top is the body's own entry, as for a problem key.
      record[(path ? `${path}.${key}` : key) || 'body'] = [problem];
    } else if (typeof inner === 'object' && inner !== null) {
      record = collectUnsafeText(inner, path ? `${path}.${key}` : key, record);
    }
  }
  return record;
}
