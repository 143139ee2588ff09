import { describe, expect, it } from 'vitest';
import { DEFAULT_PHONE_PREFIX } from '../constants.js';
import { messages } from './messages.js';
import { joinPhonePrefix, normalizePhone, ProfilePhoneSchema, SignupPhoneSchema } from './phone.js';

const problem = (schema: typeof SignupPhoneSchema | typeof ProfilePhoneSchema, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('SignupPhoneSchema (7 to 10 digits)', () => {
  it('refuses 6 digits, accepts 7 and 10, refuses 11', () => {
    expect(problem(SignupPhoneSchema, '123456')).toBe(messages.phone.signupDigits);
    expect(SignupPhoneSchema.parse('1234567')).toBe('1234567');
    expect(SignupPhoneSchema.parse('3201234567')).toBe('3201234567');
    expect(problem(SignupPhoneSchema, '32012345678')).toBe(messages.phone.signupDigits);
  });

  it('strips spaces and dashes before counting', () => {
    expect(SignupPhoneSchema.parse(' 320 123-4567 ')).toBe('3201234567');
  });

  it('refuses letters and a leading plus, and requires a value', () => {
    expect(problem(SignupPhoneSchema, '320123456a')).toBe(messages.phone.signupDigits);
    expect(problem(SignupPhoneSchema, '+393201234')).toBe(messages.phone.signupDigits);
    expect(problem(SignupPhoneSchema, '   ')).toBe(messages.validation.required);
    expect(problem(SignupPhoneSchema, undefined)).toBe(messages.validation.required);
  });
});

describe('ProfilePhoneSchema (2, 3, 7 digits)', () => {
  it.each([
    ['39 320 1234567', '393201234567'],
    ['39-320-1234567', '393201234567'],
    ['39 320-1234567', '393201234567'],
    ['393201234567', '393201234567'],
    [' 39 3201234567 ', '393201234567'],
  ])('accepts %s and sends %s', (input, output) => {
    expect(ProfilePhoneSchema.parse(input)).toBe(output);
  });

  it.each([
    '39 320 123456', // 6 final digits
    '39 320 12345678', // 8 final digits
    '3 320 1234567', // 1 first digit
    '39  320 1234567', // two spaces
    '39 - 320 1234567', // space and dash
    '+39 320 1234567',
    '39.320.1234567',
    '3201234567', // national number only
  ])('refuses %s with the format message', (input) => {
    expect(problem(ProfilePhoneSchema, input)).toBe(messages.phone.profileFormat);
  });

  it('requires a value', () => {
    expect(problem(ProfilePhoneSchema, '')).toBe(messages.validation.required);
  });
});

describe('phone helpers', () => {
  it('normalizePhone strips spaces and dashes only', () => {
    expect(normalizePhone(' 39 320-123 4567 ')).toBe('393201234567');
    expect(normalizePhone('+39')).toBe('+39');
  });

  it('joins the default +39 prefix into the profile shape', () => {
    expect(DEFAULT_PHONE_PREFIX).toBe('+39');
    const joined = joinPhonePrefix('320 1234567');
    expect(joined).toBe('393201234567');
    expect(ProfilePhoneSchema.parse(joined)).toBe(joined);
  });
});
