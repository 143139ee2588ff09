import { nreProblem } from '../prescription-rules.js';

/**
 * The full NRE (numero di ricetta elettronica) as the Sistema TS issues it — decision 0470:
 * 15 characters `AAA BB C DDDDDDD EE`: AAA the region's (or autonomous province's) code, BB two
 * letters/digits of the SAC, then the lot's identifier, the lot's code and the protocol number
 * within the lot, ten digits in all. The paper memo prints it as two Code 39 barcodes, the first
 * 5 and the last 10 characters. The typed-form rule (`nreProblem`, 13–15 letters and digits)
 * stays the looser one; this one decides what a message or a barcode may fill on its own.
 */
export const NRE_REGION_CODES = [
  '010', // Piemonte
  '020', // Valle d'Aosta
  '030', // Lombardia
  '041', // P.A. Bolzano
  '042', // P.A. Trento
  '050', // Veneto
  '060', // Friuli-Venezia Giulia
  '070', // Liguria
  '080', // Emilia-Romagna
  '090', // Toscana
  '100', // Umbria
  '110', // Marche
  '120', // Lazio
  '130', // Abruzzo
  '140', // Molise
  '150', // Campania
  '160', // Puglia
  '170', // Basilicata
  '180', // Calabria
  '190', // Sicilia
  '200', // Sardegna
] as const;

const REGIONS: ReadonlySet<string> = new Set(NRE_REGION_CODES);

/** The first 5 characters (region + SAC part): the memo's first barcode. */
const NRE_HEAD = /^\d{3}[0-9A-Z]{2}$/;
/** The last 10 characters (lot and protocol): the memo's second barcode. */
const NRE_TAIL = /^\d{10}$/;

/** True when `head` can be the first 5 characters of an NRE: a known region code first. */
export function isNreHead(head: string): boolean {
  return NRE_HEAD.test(head) && REGIONS.has(head.slice(0, 3));
}

/** True when `tail` can be the last 10 characters of an NRE. */
export function isNreTail(tail: string): boolean {
  return NRE_TAIL.test(tail);
}

/** True when `value` (already uppercased, no spaces) is a complete 15-character NRE with its region prefix. */
export function isCompleteNre(value: string): boolean {
  return value.length === 15 && isNreHead(value.slice(0, 5)) && isNreTail(value.slice(5)) && nreProblem(value) === undefined;
}
