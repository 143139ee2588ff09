import { z } from 'zod';
import { fillMessage } from './messages.js';
import { validationMessages } from './message-groups.js';
import { formatItalianInteger } from './money.js';

const v = validationMessages;

/** A bound as an Italian reads it: 1.000 for a thousand, 0,5 for a half. */
function italianNumber(value: number | bigint): string {
  const n = Number(value);
  if (Number.isInteger(n)) return formatItalianInteger(n);
  return String(n).replace('.', ',');
}

/** Beyond this a bound is the number type's own limit, not a rule anybody wrote: no digits to show. */
const isTypeLimit = (value: number | bigint) => Math.abs(Number(value)) >= Number.MAX_SAFE_INTEGER;

const EXPECTED: Record<string, string> = {
  string: v.expectedText,
  number: v.expectedNumber,
  int: v.expectedInteger,
  bigint: v.expectedInteger,
  boolean: v.expectedBoolean,
  array: v.expectedList,
  set: v.expectedList,
  tuple: v.expectedList,
  object: v.expectedObject,
  record: v.expectedObject,
  map: v.expectedObject,
  date: v.invalidDate,
};

const SIZED = new Set(['array', 'set', 'map', 'file']);

/**
 * The message of an issue whose rule carries no text of its own. It says what was expected and
 * never repeats what was sent (a key, a value or a pattern of the request).
 */
function italianIssue(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return v.required;
      return EXPECTED[issue.expected] ?? v.invalid;
    case 'too_big': {
      const max = issue.maximum as number | bigint;
      if (issue.origin === 'string') return fillMessage(v.maxLength, { max: italianNumber(max) });
      if (SIZED.has(String(issue.origin))) return fillMessage(v.maxItems, { max: italianNumber(max) });
      if (isTypeLimit(max)) return v.numberTooLarge;
      return fillMessage(issue.inclusive ? v.atMost : v.lessThan, { max: italianNumber(max) });
    }
    case 'too_small': {
      const min = issue.minimum as number | bigint;
      if (issue.origin === 'string') return Number(min) <= 1 ? v.required : fillMessage(v.minLength, { min: italianNumber(min) });
      if (SIZED.has(String(issue.origin))) return fillMessage(v.minItems, { min: italianNumber(min) });
      if (isTypeLimit(min)) return v.numberTooLarge;
      return fillMessage(issue.inclusive ? v.atLeast : v.greaterThan, { min: italianNumber(min) });
    }
    case 'invalid_format':
      return issue.format === 'email' ? v.email : v.invalid;
    case 'not_multiple_of':
      return fillMessage(v.multipleOf, { divisor: italianNumber(issue.divisor as number | bigint) });
    case 'unrecognized_keys':
      return issue.keys.length > 1 ? v.unknownFields : v.unknownField;
    default:
      return v.invalid;
  }
}

/**
 * Every rule the spec names carries its own Italian message; this covers the rest (a number
 * where text was expected, a missing field of a request body…), which zod would word in English
 * (and its Italian locale half in English, echoing the input: "atteso numero, ricevuto NaN").
 * Called once at start by the API and by the apps: the package has no side effects of its own.
 */
export function setItalianValidationMessages(): void {
  z.config({ localeError: italianIssue });
}
