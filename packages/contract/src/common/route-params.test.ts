import { describe, expect, it } from 'vitest';
import { IdParamsSchema } from './api.js';
import {
  calendarDayParam,
  flagParam,
  ministerialCodeParam,
  oneOfParam,
  positiveIdParam,
  returnPathParam,
  textParam,
} from './route-params.js';

describe('positiveIdParam', () => {
  it('reads a positive integer id', () => {
    expect(positiveIdParam('12')).toBe(12);
    expect(positiveIdParam('007')).toBe(7);
    // The largest id PostgreSQL's integer columns hold, and no larger.
    expect(positiveIdParam('2147483647')).toBe(2_147_483_647);
  });

  it('refuses anything else', () => {
    for (const value of [undefined, '', '0', '-1', 'abc', '1e3', '0x1F', ' 12', '12 ', '12.0', '1.5', '2147483648', '9007199254740992']) {
      expect(positiveIdParam(value), String(value)).toBeUndefined();
    }
  });

  it("is the rule of the API's id path params", () => {
    for (const value of ['12', '007', '0', '-1', 'abc', '1e3', '0x1F', ' 12', '12.0', '9007199254740992', '']) {
      const parsed = IdParamsSchema.safeParse({ id: value });
      expect(parsed.success ? parsed.data.id : undefined, value).toBe(positiveIdParam(value));
    }
  });
});

describe('ministerialCodeParam', () => {
  it('reads a code of 9 digits', () => {
    expect(ministerialCodeParam('012745093')).toBe('012745093');
  });

  it('refuses anything else', () => {
    for (const value of [undefined, '', '12345678', '1234567890', 'abcdefghi', '01274509x', ' 12745093']) {
      expect(ministerialCodeParam(value), String(value)).toBeUndefined();
    }
  });
});

describe('search params', () => {
  it('reads a calendar day', () => {
    expect(calendarDayParam('2026-03-02')).toBe('2026-03-02');
    expect(calendarDayParam('2026-02-30')).toBeUndefined();
    expect(calendarDayParam('2/3/2026')).toBeUndefined();
    expect(calendarDayParam(20260302)).toBeUndefined();
  });

  it('reads a text, a flag and one of a list', () => {
    expect(textParam('crema')).toBe('crema');
    expect(textParam(3)).toBe('3');
    expect(textParam('')).toBeUndefined();
    expect(textParam({})).toBeUndefined();
    expect(flagParam('1')).toBe('1');
    expect(flagParam(1)).toBe('1');
    expect(flagParam('true')).toBeUndefined();
    expect(oneOfParam(['nexi', 'paypal'], 'nexi')).toBe('nexi');
    expect(oneOfParam(['nexi', 'paypal'], 'visa')).toBeUndefined();
  });

  it('keeps a return path only within the app', () => {
    expect(returnPathParam('/app/user')).toBe('/app/user');
    expect(returnPathParam('/app/checkout?action=shipping')).toBe('/app/checkout?action=shipping');
    for (const value of ['https://evil.example', '//evil.example/app', '/\\evil.example', 'javascript:alert(1)', '/auth/login', '', undefined]) {
      expect(returnPathParam(value), String(value)).toBeUndefined();
    }
  });
});
