import { isValidFiscalCode } from '../common/fiscal-code-rules.js';
import { isCompleteNre, isNreHead, isNreTail } from './nre.js';

/** What the barcodes of a paper memo gave: each only when it passed its check. */
export type MemoBarcodes = { nre?: string; fiscalCode?: string };

/**
 * Reads the Code 39 texts found on a paper prescription memo (decision 0470): the NRE as one
 * 15-character barcode or as two (its first 5 and last 10 characters, joined here), and the
 * assistito's fiscal code. When the texts disagree (two different NREs or fiscal codes, or more
 * than one way to join the two halves) nothing is guessed for that field.
 */
export function readMemoBarcodes(values: readonly string[]): MemoBarcodes {
  const texts = [...new Set(values.map((v) => v.trim().toUpperCase().replace(/^\*|\*$/g, '')))];
  const whole = new Set(texts.filter(isCompleteNre));
  const heads = texts.filter(isNreHead);
  const tails = texts.filter(isNreTail);
  if (whole.size === 0 && heads.length === 1 && tails.length === 1) {
    const joined = heads[0]! + tails[0]!;
    if (isCompleteNre(joined)) whole.add(joined);
  }
  const fiscalCodes = texts.filter((t) => t.length === 16 && isValidFiscalCode(t));
  const result: MemoBarcodes = {};
  if (whole.size === 1) result.nre = [...whole][0]!;
  if (fiscalCodes.length === 1) result.fiscalCode = fiscalCodes[0]!;
  return result;
}
