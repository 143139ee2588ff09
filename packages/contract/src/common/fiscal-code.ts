import { z } from 'zod';
import { FISCAL_CODE_PATTERN, fiscalCodeProblem } from './fiscal-code-rules.js';
import { validationMessages } from './message-groups.js';
import { IF_NO_ISSUE_YET } from './text.js';

export * from './fiscal-code-rules.js';

/**
 * FISCAL_CODE_PATTERN with each letter class taking lower case too: the field upper-cases what it
 * is sent, and a JSON Schema pattern has no flags, so the document states this one.
 */
const ANY_CASE_PATTERN = new RegExp(FISCAL_CODE_PATTERN.source.replace(/\[([^\]]+)\]/g, (_m, set: string) => `[${set}${set.toLowerCase().replace('0-9', '')}]`));

/**
 * A fiscal code field: trimmed, uppercased, required, 16 characters, the pattern, a real birth
 * date, the control character — each failure with its Italian message. Output is the normalized code.
 * The shape is a zod `.regex`, so the OpenAPI document states it (decision 0665); the birth date and
 * the control character are checked after it, and only the first problem is reported, as before.
 */
export const FiscalCodeSchema = z
  .string({ error: validationMessages.required })
  .trim()
  .toUpperCase()
  .regex(ANY_CASE_PATTERN, { error: (issue) => fiscalCodeProblem(String(issue.input)) })
  .refine((code) => fiscalCodeProblem(code) === undefined, {
    error: (issue) => fiscalCodeProblem(String(issue.input)),
    ...IF_NO_ISSUE_YET,
  })
  .meta({
    description: 'Codice fiscale (16 caratteri, maiuscole o minuscole): data di nascita e carattere di controllo sono verificati.',
    example: 'RSSMRA85T10A562S',
  });
