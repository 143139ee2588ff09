import { prescriptionMessages } from './common/message-groups.js';
import { NRE_MAX_LENGTH, NRE_MIN_LENGTH } from './constants.js';

// The typed NRE's rule without a schema (issue 22): the memo scanner of the search screen uses it
// and must not evaluate zod on a phone's start. prescription.ts re-exports it.

/**
 * NRE (numero di ricetta elettronica): 13–15 letters and digits (spec §5, ARCHITECTURE §7),
 * uppercased; spaces and dashes typed while copying it from the paper are dropped.
 */
export function normalizeNre(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/** The Italian message for a typed NRE, or `undefined` when it is acceptable. */
export function nreProblem(value: string): string | undefined {
  const nre = normalizeNre(value);
  if (nre.length < NRE_MIN_LENGTH || nre.length > NRE_MAX_LENGTH) return prescriptionMessages.nreLength;
  if (!/^[A-Z0-9]+$/.test(nre)) return prescriptionMessages.nreFormat;
  return undefined;
}
