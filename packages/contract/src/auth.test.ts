import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LoginRequestSchema, loginIdentifier, NewPasswordSchema, RegisterRequestSchema, ResetPasswordRequestSchema } from './auth.js';
import { messages } from './common/messages.js';
import { ErrorLogRequestSchema, SetUserPrivacyRequestSchema, UpdateProfileRequestSchema } from './profile.js';
import { optionResponseSchema, OPTION_KEYS, SetShopRequestSchema } from './shop.js';

const messagesOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('new passwords', () => {
  it.each([
    ['', messages.validation.required],
    ['1234567', 'La password deve contenere almeno 8 caratteri.'],
    ['x'.repeat(129), 'Massimo 128 caratteri.'],
  ])('refuses %j', (value, message) => {
    expect(messagesOf(NewPasswordSchema.safeParse(value))).toEqual({ '': message });
  });
  it.each(['12345678', 'x'.repeat(128), '  spazi  '])('accepts %j as typed', (value) => {
    expect(NewPasswordSchema.parse(value)).toBe(value);
  });
});

describe('login', () => {
  it('turns a typed phone number into <digits>@phonenumber and leaves emails alone', () => {
    expect(loginIdentifier('333 123-4567')).toBe('3331234567@phonenumber');
    expect(loginIdentifier('+393331234567')).toBe('393331234567@phonenumber');
    expect(loginIdentifier(' Maria@Example.it ')).toBe('Maria@Example.it');
  });
  it('requires the identifier and the password', () => {
    expect(messagesOf(LoginRequestSchema.safeParse({ email: '  ', password: '' }))).toEqual({
      email: messages.auth.identifierRequired,
      password: messages.validation.required,
    });
    expect(LoginRequestSchema.parse({ email: '3331234567@phonenumber', password: 'x' }).email).toBe('3331234567@phonenumber');
  });
});

describe('signup', () => {
  const valid = {
    name: ' Maria Rossi ',
    email: ' Maria@Example.IT ',
    password: 'Segreta-2026',
    password_confirmation: 'Segreta-2026',
    codice_fiscale: 'rssmra85t50h501s',
    phone_number: '333 1234567',
    privacy: true,
  };
  it('normalizes what it accepts', () => {
    expect(RegisterRequestSchema.parse(valid)).toMatchObject({
      name: 'Maria Rossi',
      email: 'maria@example.it',
      codice_fiscale: 'RSSMRA85T50H501S',
      phone_number: '3331234567',
      privacy: true,
    });
  });
  it('needs the terms accepted, as true, 1 or "1"', () => {
    for (const privacy of [true, 1, '1']) expect(RegisterRequestSchema.safeParse({ ...valid, privacy }).success).toBe(true);
    for (const privacy of [false, 0, '0', 'si', undefined]) {
      expect(messagesOf(RegisterRequestSchema.safeParse({ ...valid, privacy })).privacy).toBe(messages.auth.termsRequired);
    }
  });
  it('puts the mismatch on the confirmation, also when other fields are wrong', () => {
    expect(messagesOf(RegisterRequestSchema.safeParse({ ...valid, name: '', password_confirmation: 'Altra-2026' }))).toEqual({
      name: messages.validation.required,
      password_confirmation: messages.validation.passwordsMismatch,
    });
  });
  it('treats a blank referral as none', () => {
    expect(RegisterRequestSchema.parse({ ...valid, referral: '   ' }).referral).toBeUndefined();
  });
});

describe('reset and profile', () => {
  it('requires the token with the spec message', () => {
    const result = ResetPasswordRequestSchema.safeParse({ email: 'a@b.it', password: 'Segreta-2026', password_confirmation: 'Segreta-2026', token: ' ' });
    expect(messagesOf(result)).toEqual({ token: messages.auth.resetFailed });
  });
  const profile = { name: 'Maria', email: 'a@b.it', phone_number: '39 333 1234567', codice_fiscale: 'RSSMRA85T50H501S' };
  it('keeps the password when it is blank or missing', () => {
    expect(UpdateProfileRequestSchema.safeParse({ ...profile, password: '', password_confirmation: '' }).success).toBe(true);
    expect(UpdateProfileRequestSchema.safeParse({ ...profile, password: null }).success).toBe(true);
    expect(UpdateProfileRequestSchema.safeParse(profile).success).toBe(true);
    expect(UpdateProfileRequestSchema.parse(profile).phone_number).toBe('393331234567');
  });
  it('checks a new password and its confirmation', () => {
    expect(messagesOf(UpdateProfileRequestSchema.safeParse({ ...profile, password: 'corta', password_confirmation: 'corta' }))).toEqual({
      password: 'La password deve contenere almeno 8 caratteri.',
    });
    expect(messagesOf(UpdateProfileRequestSchema.safeParse({ ...profile, password: 'Segreta-2026' }))).toEqual({
      password_confirmation: messages.validation.passwordsMismatch,
    });
  });
});

describe('privacy, error log, shop', () => {
  it('makes privacy1 mandatory and defaults the others to false', () => {
    expect(SetUserPrivacyRequestSchema.parse({ privacy1: 1 })).toEqual({ privacy1: true, privacy2: false, privacy3: false });
    expect(messagesOf(SetUserPrivacyRequestSchema.safeParse({ privacy1: false }))).toEqual({ privacy1: 'Questo consenso è obbligatorio' });
  });
  it('states in the document that a mandatory consent takes only its "yes" forms, with one message for anything else', () => {
    const cases = [
      { schema: SetUserPrivacyRequestSchema, key: 'privacy1', message: messages.privacy.consentRequired },
      { schema: RegisterRequestSchema, key: 'privacy', message: messages.auth.termsRequired },
    ] as const;
    for (const { schema, key, message } of cases) {
      const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, unknown> };
      expect(json.properties[key]).toEqual({ enum: [true, 1, '1'] });
      const at = (value: unknown) => schema.safeParse(value === undefined ? {} : { [key]: value }).error?.issues.filter((i) => i.path[0] === key) ?? [];
      for (const yes of [true, 1, '1']) expect(at(yes)).toEqual([]);
      for (const no of [false, 0, '0', undefined, null, 'sì', 2]) expect(at(no).map((i) => i.message)).toEqual([message]);
    }
  });
  it('cuts an error message at 2000 characters', () => {
    expect(ErrorLogRequestSchema.parse({ message: 'x'.repeat(3000) }).message).toHaveLength(2000);
  });
  it('takes a shop id as number or numeric string', () => {
    expect(SetShopRequestSchema.parse({ shop_id: '2' }).shop_id).toBe(2);
    expect(messagesOf(SetShopRequestSchema.safeParse({ shop_id: 'due' }))).toEqual({ shop_id: messages.shop.select });
  });
  it('has a response schema for every public option', () => {
    for (const key of OPTION_KEYS) expect(optionResponseSchema(key).safeParse({ data: null }).success).toBe(true);
    expect(optionResponseSchema('promotions').safeParse({ data: 'not a list' }).success).toBe(false);
  });
});
