import { z } from 'zod';
import { fillMessage, messages } from './messages.js';

/**
 * A required text field: trimmed (so whitespace-only input counts as empty), non-empty, at most
 * `max` characters, with Italian messages.
 */
export function requiredText(max?: number) {
  const base = z.string({ error: messages.validation.required }).trim().min(1, messages.validation.required);
  return max === undefined ? base : base.max(max, fillMessage(messages.validation.maxLength, { max }));
}

/**
 * An optional text field: trimmed, at most `max` characters; missing, `null`, empty and
 * whitespace-only input all come out as `undefined`.
 */
export function optionalText(max?: number) {
  const base = z.string({ error: messages.validation.invalid }).trim();
  const limited = max === undefined ? base : base.max(max, fillMessage(messages.validation.maxLength, { max }));
  return limited
    .nullish()
    .transform((value) => (value === null || value === undefined || value === '' ? undefined : value));
}
