import { z } from 'zod';
import { validationMessages } from './message-groups.js';

/**
 * A yes/no field of a request body, in any of the ways a form or an older client sends it
 * (`true`/`false`, `1`/`0`, `'1'`/`'0'`, `'true'`/`'false'`), parsed to a boolean.
 * Responses use real booleans, or `0 | 1` where the spec compares with numbers (decision 0102).
 */
export function booleanish(message: string = validationMessages.boolean) {
  return z
    .union(
      [z.boolean(), z.literal(1), z.literal(0), z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false')],
      { error: message },
    )
    .transform((value) => value === true || value === 1 || value === '1' || value === 'true');
}

/** An optional yes/no request field that is `false` when absent or `null`. */
export function optionalBooleanish(message: string = validationMessages.boolean) {
  return booleanish(message)
    .nullish()
    .transform((value) => value === true);
}
