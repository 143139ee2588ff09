import { isValidFiscalCode } from '../common/fiscal-code-rules.js';
import { isCompleteNre } from './nre.js';

/** What a prescription message holds: its NREs and fiscal codes, each valid, first seen first. */
export type PrescriptionMessage = { nres: string[]; fiscalCodes: string[] };

/**
 * The ways an NRE is written in the messages and memos we found (decision 0470), as the lengths
 * of its space- or hyphen-separated groups: whole; the memo's 5 + 10; the `AAA BB C DDDDDDD EE`
 * groups of the ministerial description and their 3 + 2 + 10 and 3 + 12 shortenings.
 * Joining only these (never any run of tokens) keeps a near-miss from being glued into an NRE.
 */
const NRE_GROUPINGS: readonly (readonly number[])[] = [[15], [5, 10], [3, 2, 1, 7, 2], [3, 2, 10], [3, 12]];

/** Words with a separator that may join them: a single space or hyphen (not a line break). */
type Token = { text: string; joinsNext: boolean };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const re = /[A-Z0-9]+/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 2);
    tokens.push({ text: m[0], joinsNext: /^[ \-\u00a0][A-Z0-9]/.test(after) });
  }
  return tokens;
}

/** The NRE starting at token `i`, and how many tokens it took, or undefined. */
function nreAt(tokens: readonly Token[], i: number): { nre: string; used: number } | undefined {
  for (const grouping of NRE_GROUPINGS) {
    let joined = '';
    let ok = true;
    for (let g = 0; g < grouping.length && ok; g++) {
      const token = tokens[i + g];
      const joinable = g === 0 || tokens[i + g - 1]!.joinsNext;
      ok = token !== undefined && joinable && token.text.length === grouping[g];
      if (ok) joined += token!.text;
    }
    if (ok && isCompleteNre(joined)) return { nre: joined, used: grouping.length };
  }
  return undefined;
}

/**
 * Every valid NRE (15 characters with its region prefix) and every valid fiscal code (pattern,
 * birth date, control character) in a pasted or shared SMS, email or app notification, de-duplicated,
 * in order of appearance. A value that fails its check — one character mistyped or missing — is
 * left out rather than corrected: a misread must never fill a field.
 */
export function parsePrescriptionMessage(text: string): PrescriptionMessage {
  const tokens = tokenize(text.toUpperCase());
  const nres: string[] = [];
  const fiscalCodes: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!.text;
    if (token.length === 16 && isValidFiscalCode(token)) {
      if (!fiscalCodes.includes(token)) fiscalCodes.push(token);
      continue;
    }
    const found = nreAt(tokens, i);
    if (found) {
      if (!nres.includes(found.nre)) nres.push(found.nre);
      i += found.used - 1;
    }
  }
  return { nres, fiscalCodes };
}
