import { isValidMinsan } from '../catalogue-rules.js';

/**
 * Code 32, the Italian pharmacode printed on every medicine box (decision 0470): a Code 39 symbol
 * of six characters that are the 9-digit AIC — check digit included — written in base 32 with the
 * alphabet below (digits and consonants: no A, E, I, O). Under the bars it reads `A` + the 9 digits.
 */
const ALPHABET = '0123456789BCDFGHJKLMNPQRSTUVWXYZ';
const CODE32 = /^[0-9B-DF-HJ-NP-Z]{6}$/;
const HUMAN_READABLE = /^A?(\d{9})$/;

/**
 * The 9-digit AIC that a Code 32 text stands for, or `null` when it is none or its check digit is
 * wrong. Takes the six base-32 characters a Code 39 decoder returns, or the printed `A` + 9 digits.
 */
export function code32ToAic(code32: string): string | null {
  const text = code32.trim().toUpperCase();
  const digits = HUMAN_READABLE.exec(text)?.[1];
  if (digits !== undefined) return isValidMinsan(digits) ? digits : null;
  if (!CODE32.test(text)) return null;
  let value = 0;
  for (const char of text) value = value * 32 + ALPHABET.indexOf(char);
  if (value > 999_999_999) return null; // 32^6 goes past nine digits
  const aic = String(value).padStart(9, '0');
  return isValidMinsan(aic) ? aic : null;
}

/** The six Code 32 characters for a valid 9-digit AIC, or `null` when the AIC is not valid. */
export function aicToCode32(aic: string): string | null {
  if (!isValidMinsan(aic)) return null;
  let value = Number(aic);
  let text = '';
  for (let i = 0; i < 6; i++) {
    text = ALPHABET.charAt(value % 32) + text;
    value = Math.floor(value / 32);
  }
  return text;
}
