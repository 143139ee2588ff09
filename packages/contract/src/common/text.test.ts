import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { messages } from './messages.js';
import { filledText, optionalText, requiredText, textProblem, unsafeRequestText, unsafeTextFields } from './text.js';

describe('filledText', () => {
  it('trims, and says its own message when the text is missing, not a string or blank', () => {
    const schema = filledText('Scrivi qualcosa.');
    expect(schema.parse('  ciao ')).toBe('ciao');
    for (const value of [undefined, null, 3, '', '   ']) {
      expect(schema.safeParse(value).error?.issues[0]?.message).toBe('Scrivi qualcosa.');
    }
  });

  it('is one line unless multi-line, with the line rule\'s message alone (decision 0680)', () => {
    const messagesOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues.map((issue) => issue.message);
    for (const value of ['a\nb', 'a\tb', 'a\r\nb']) {
      expect(messagesOf(filledText('Scrivi qualcosa.'), value), JSON.stringify(value)).toEqual([messages.validation.singleLine]);
      expect(filledText('Scrivi qualcosa.', { multiline: true }).parse(` ${value} `)).toBe(value);
    }
    expect(messagesOf(filledText('Scrivi qualcosa.'), ' \n ')).toEqual(['Scrivi qualcosa.']);
  });
});

describe('requiredText', () => {
  const name = requiredText(5);

  it('trims, and takes exactly max characters', () => {
    expect(name.parse('  abcde  ')).toBe('abcde');
  });

  it('refuses max + 1 with "Massimo {max} caratteri."', () => {
    expect(name.safeParse('abcdef').error?.issues[0]?.message).toBe('Massimo 5 caratteri.');
  });

  it('treats whitespace-only, empty and missing as missing', () => {
    for (const value of ['   ', '', '\t\n', undefined, null]) {
      expect(name.safeParse(value).error?.issues[0]?.message).toBe(messages.validation.required);
    }
  });

  it('has no maximum when none is given', () => {
    expect(requiredText().parse('x'.repeat(10_000))).toHaveLength(10_000);
  });
});

describe('optionalText', () => {
  const note = optionalText(3);

  it('gives undefined for missing, null, empty and whitespace-only', () => {
    for (const value of [undefined, null, '', '   ']) expect(note.parse(value)).toBeUndefined();
  });

  it('trims, takes max and refuses max + 1', () => {
    expect(note.parse(' abc ')).toBe('abc');
    expect(note.safeParse('abcd').error?.issues[0]?.message).toBe('Massimo 3 caratteri.');
  });

  it('refuses a non-string', () => {
    expect(note.safeParse(12).success).toBe(false);
  });
});

describe('text characters (issue 21: stored as sent or refused)', () => {
  it('refuses lone surrogates, NUL, C0 and C1 controls and DEL, keeps whole emoji and accents', () => {
    for (const bad of ['x\ud800y', 'x\udc00', '\ud83d', 'a\u0000b', 'a\u0001', 'a\u001fb', 'a\u007f', 'a\u0080', 'a\u009f']) {
      expect(textProblem(bad, { multiline: true }), JSON.stringify(bad)).toBe(messages.validation.invalidCharacters);
    }
    for (const good of ['Zoë 🏠', 'Perché? Sì!', '€ 12,50', '\u00a0spazio', '👩‍⚕️']) expect(textProblem(good), good).toBeUndefined();
  });

  it('keeps tab and line breaks only in a multi-line field', () => {
    expect(textProblem('a\nb')).toBe(messages.validation.singleLine);
    expect(textProblem('a\tb')).toBe(messages.validation.singleLine);
    expect(textProblem('a\r\n\tb', { multiline: true })).toBeUndefined();
    expect(optionalText(50, { multiline: true }).parse(' riga 1\nriga 2 ')).toBe('riga 1\nriga 2');
    expect(optionalText(50).safeParse('riga 1\nriga 2').error?.issues[0]?.message).toBe(messages.validation.singleLine);
  });

  it('gives the field its message, never a silently replaced value', () => {
    expect(requiredText(20).safeParse('Ros\ud800si').error?.issues[0]?.message).toBe(messages.validation.invalidCharacters);
    expect(optionalText(20).safeParse('x\u0000').error?.issues[0]?.message).toBe(messages.validation.invalidCharacters);
  });

  it('finds every bad string of a body by its dotted path, keys included, and skips raw bytes', () => {
    expect(unsafeTextFields({ a: 'ok', b: { c: ['ok', 'x\u0000'] }, n: 1, z: null })).toEqual({ 'b.c.1': [messages.validation.invalidCharacters] });
    expect(unsafeTextFields({ 'k\ud800': 'v' })).toEqual({ body: [messages.validation.invalidCharacters] });
    expect(unsafeTextFields('\u0000')).toEqual({ body: [messages.validation.invalidCharacters] });
    expect(unsafeTextFields({ note: 'a\r\n\tb' })).toEqual({});
    expect(unsafeTextFields(new Uint8Array([0, 1, 2]))).toEqual({});
  });

  it("joins a request's query and body problems in the walk's order, the body's entry last, and nothing for clean text", () => {
    const bad = messages.validation.invalidCharacters;
    expect(unsafeRequestText({ q: 'tachipirina', page: '2' }, { quantity: 1, note: 'a\r\nb', items: [{ code: '012' }] })).toBeUndefined();
    expect(unsafeRequestText(undefined, undefined)).toBeUndefined();
    const found = unsafeRequestText({ b: 'x\u0000', 'k\ud800': 'ok', a: 'ok' }, { a: { c: 'x\u0001' }, b: 'y\u0002', '': 'z\u0003', d: ['ok', 'w\u0004'] });
    // Entries in order of first appearance, as `{ ...query's, ...body's }` of `unsafeTextFields` had them.
    expect(Object.entries(found ?? {})).toEqual([['b', [bad]], ['body', [bad]], ['a.c', [bad]], ['d.1', [bad]]]);
    expect(found).toEqual({ ...unsafeTextFields({ b: 'x\u0000', 'k\ud800': 'ok', a: 'ok' }), ...unsafeTextFields({ a: { c: 'x\u0001' }, b: 'y\u0002', '': 'z\u0003', d: ['ok', 'w\u0004'] }) });
  });

  it("checks a request's path params too, before its query and body", () => {
    const bad = messages.validation.invalidCharacters;
    expect(unsafeRequestText({}, {}, { code: 'ESTATE10', id: '12' })).toBeUndefined();
    expect(unsafeRequestText({}, undefined, { code: 'a\u0000b' })).toEqual({ code: [bad] });
    expect(Object.keys(unsafeRequestText({ q: 'x\u0007' }, { note: 'y\u0001' }, { id: '\u0000' }) ?? {})).toEqual(['id', 'q', 'note']);
  });
});

describe("the text helpers' pattern in the document (decision 0669)", () => {
  /** The pattern a JSON Schema tool reads for the schema's input, compiled as ajv does (`u`). */
  const documentPattern = (schema: z.ZodType) => {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { pattern?: string; anyOf?: Array<{ pattern?: string }> };
    const pattern = json.pattern ?? json.anyOf?.find((branch) => branch.pattern)?.pattern;
    if (pattern === undefined) throw new Error('no pattern');
    return new RegExp(pattern, 'u');
  };
  const helpers: Array<[string, z.ZodType]> = [
    ['requiredText', requiredText()],
    ['requiredText multiline', requiredText(undefined, { multiline: true })],
    ['filledText', filledText('Scrivi qualcosa.')],
    ['filledText multiline', filledText('Scrivi qualcosa.', { multiline: true })],
    ['optionalText', optionalText()],
    ['optionalText multiline', optionalText(undefined, { multiline: true })],
  ];

  /** What the server takes: the text guard's check of the raw string (\v at an end too), then the field's. */
  const served = (schema: z.ZodType, input: string) => unsafeTextFields(input).body === undefined && schema.safeParse(input).success;

  it.each(helpers)('%s: the pattern matches exactly the input the server takes, on every UTF-16 code unit alone, inside, before and after text', (_, schema) => {
    const pattern = documentPattern(schema);
    const disagreements: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      // A lone surrogate is refused and not stated (the pattern reads it as a code point of its own).
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const c = String.fromCharCode(code);
      for (const input of [c, `a${c}b`, `${c}a`, `a${c}`, `${c}${c}`]) {
        if (served(schema, input) !== pattern.test(input)) disagreements.push(JSON.stringify(input));
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('says a required text is not blank, which minLength 1 alone let " " pass', () => {
    for (const blank of [' ', '\u3000', ' \t\r\n ', '\ufeff', '\u00a0']) {
      expect(documentPattern(requiredText(10)).test(blank), JSON.stringify(blank)).toBe(false);
      expect(documentPattern(optionalText(10)).test(blank), JSON.stringify(blank)).toBe(true);
    }
    expect(documentPattern(requiredText(10)).test(' Rossi ')).toBe(true);
  });

  it('keeps one message a field, the same as before the pattern', () => {
    const messageOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues.map((issue) => issue.message);
    expect(messageOf(requiredText(5), '   ')).toEqual([messages.validation.required]);
    expect(messageOf(requiredText(5), 'a\u0000b')).toEqual([messages.validation.invalidCharacters]);
    expect(messageOf(requiredText(5), 'a\nb')).toEqual([messages.validation.singleLine]);
    expect(messageOf(optionalText(5), 'a\u0085')).toEqual([messages.validation.invalidCharacters]);
  });
});
