import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DaySchema, dataEnvelope, dataListEnvelope, euroInput, fieldErrors, IdParamsSchema, IdSchema } from './api.js';
import { booleanish, optionalBooleanish } from './flags.js';
import { messages } from './messages.js';

describe('envelopes', () => {
  it('wraps in { data }', () => {
    expect(dataEnvelope(z.object({ id: z.number() })).parse({ data: { id: 1 } })).toEqual({ data: { id: 1 } });
    expect(dataListEnvelope(z.number()).safeParse({ data: [1, 'x'] }).success).toBe(false);
    expect(dataEnvelope(z.string()).safeParse({ token: 'x' }).success).toBe(false);
  });
});

describe('ids and days', () => {
  it('coerces path ids and refuses non-positive or non-integer ones', () => {
    expect(IdParamsSchema.parse({ id: '12' })).toEqual({ id: 12 });
    expect(IdSchema.parse(2_147_483_647)).toBe(2_147_483_647);
    for (const bad of ['0', '-1', '1.5', 'abc', '', '1e30', '2147483648']) {
      expect(IdSchema.safeParse(bad).error?.issues[0]?.message).toBe(messages.validation.invalid);
    }
  });

  it('accepts calendar-shaped days only', () => {
    expect(DaySchema.parse('2025-06-01')).toBe('2025-06-01');
    for (const bad of ['2025-6-1', '2025-13-01', '01/06/2025', '2025-06-32']) expect(DaySchema.safeParse(bad).success).toBe(false);
  });
});

describe('euroInput', () => {
  const message = 'Importo non valido';
  it('takes whole cents from 0 to the maximum, float noise included', () => {
    const euro = euroInput(message);
    for (const ok of [0, 0.1 + 0.2, 12.5, 19.99, 100_000]) expect(euro.safeParse(ok).success, String(ok)).toBe(true);
  });
  it('refuses a third decimal, a negative, too much or text, always with its one message', () => {
    const euro = euroInput(message, { max: 99_999.99 });
    for (const bad of [1.234, -0.01, 100_000, '12', Number.NaN]) {
      const result = euro.safeParse(bad);
      expect(result.success, String(bad)).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual([message]);
    }
  });
  it('reads typed text when asked to coerce', () => {
    expect(euroInput(message, { coerce: true }).parse('7.50')).toBe(7.5);
    expect(euroInput(message, { coerce: true }).safeParse('sette').success).toBe(false);
  });
});

describe('booleanish', () => {
  it('reads the ways a checkbox travels', () => {
    const flag = booleanish();
    for (const yes of [true, 1, '1', 'true']) expect(flag.parse(yes)).toBe(true);
    for (const no of [false, 0, '0', 'false']) expect(flag.parse(no)).toBe(false);
    expect(flag.safeParse('yes').error?.issues[0]?.message).toBe(messages.validation.boolean);
    expect(flag.safeParse(2).success).toBe(false);
  });

  it('optionalBooleanish is false when absent or null', () => {
    const schema = z.object({ a: optionalBooleanish() });
    expect(schema.parse({})).toEqual({ a: false });
    expect(schema.parse({ a: null })).toEqual({ a: false });
    expect(schema.parse({ a: 1 })).toEqual({ a: true });
  });
});

describe('fieldErrors', () => {
  it('keys messages by dotted path, root issues under body', () => {
    const schema = z.object({ a: z.string('A'), b: z.object({ c: z.number('C') }) }, { error: 'root' });
    expect(fieldErrors(schema.safeParse({ b: { c: 'x' } }).error!)).toEqual({ a: ['A'], 'b.c': ['C'] });
    expect(fieldErrors(schema.safeParse(null).error!)).toEqual({ body: ['root'] });
  });
});
