import { z } from 'zod';
import { DEFAULT_PHONE_PREFIX, SIGNUP_PHONE_MAX_DIGITS, SIGNUP_PHONE_MIN_DIGITS } from '../constants.js';
import { phoneMessages, validationMessages } from './message-groups.js';
import { filledText, IF_NO_ISSUE_YET } from './text.js';

/** Removes spaces and dashes (spec §5: "Spaces and dashes are stripped before sending"). */
export function normalizePhone(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** Spec §5 signup: 7 to 10 digits, after stripping spaces and dashes. */
export const SIGNUP_PHONE_PATTERN = new RegExp(`^\\d{${SIGNUP_PHONE_MIN_DIGITS},${SIGNUP_PHONE_MAX_DIGITS}}$`);

/**
 * Spec §5 profile: 2 digits, 3 digits, 7 digits, each group optionally separated by one space or
 * dash (example '39 320 1234567': country code, operator prefix, number).
 */
export const PROFILE_PHONE_PATTERN = /^\d{2}[ -]?\d{3}[ -]?\d{7}$/;

/**
 * Phone number of the signup form: 7 to 10 digits (spec §5); the prefix (default
 * {@link DEFAULT_PHONE_PREFIX}) is chosen next to it in the UI. Output: digits only.
 */
export const SignupPhoneSchema = filledText(validationMessages.required)
  .transform(normalizePhone)
  .pipe(z.string().regex(SIGNUP_PHONE_PATTERN, phoneMessages.signupDigits))
  .meta({ description: 'Numero di telefono, da 7 a 10 cifre.', example: '3201234567' });

/**
 * Phone number of the profile form (spec §5): '39 320 1234567', '39-320-1234567' or
 * '393201234567'. Output: digits only (spaces and dashes stripped).
 */
export const ProfilePhoneSchema = filledText(validationMessages.required)
  .regex(PROFILE_PHONE_PATTERN, { message: phoneMessages.profileFormat, ...IF_NO_ISSUE_YET })
  .transform(normalizePhone)
  .meta({ description: 'Numero di telefono: prefisso internazionale, operatore e numero.', example: '39 320 1234567' });

/**
 * The number as it travels with its prefix: '+39' and '320 1234567' → '393201234567' (digits of
 * the prefix followed by the number), the shape the profile pattern accepts.
 */
export function joinPhonePrefix(number: string, prefix: string = DEFAULT_PHONE_PREFIX): string {
  return `${prefix.replace(/\D/g, '')}${normalizePhone(number)}`;
}
