/**
 * GS1 keys (EAN-13, GTIN-14): the last digit is a check digit — weights 3 and 1 alternating from
 * the digit next to it, the sum's distance to the next multiple of ten.
 */
export function isValidGtin(code: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(code)) return false;
  let sum = 0;
  for (let i = code.length - 2, weight = 3; i >= 0; i--, weight = 4 - weight) sum += (code.charCodeAt(i) - 48) * weight;
  return (10 - (sum % 10)) % 10 === code.charCodeAt(code.length - 1) - 48;
}

/** True when `code` is an EAN-13 with its check digit (the optional `ean` of a catalogue product). */
export function isValidEan13(code: string): boolean {
  return code.length === 13 && isValidGtin(code);
}

/** GS1 group separator (FNC1 inside the symbol), as decoders hand it over. */
const GS = '\u001d';

/**
 * Application identifiers a medicine pack's GS1 DataMatrix carries (FMD, Regulation 2016/161, and
 * the Italian decree of 6 March 2025), with the fixed length of their data; `undefined` = variable
 * (up to 20, ended by GS or by the end of the text). 716 is GS1's NHRN for Italy: the AIC.
 */
const AIS: Readonly<Record<string, number | undefined>> = {
  '00': 18,
  '01': 14,
  '02': 14,
  '10': undefined,
  '11': 6,
  '15': 6,
  '17': 6,
  '21': undefined,
  '240': undefined,
  '30': undefined,
  '710': undefined,
  '711': undefined,
  '712': undefined,
  '713': undefined,
  '714': undefined,
  '715': undefined,
  '716': undefined,
};

function skipSeparators(text: string): string {
  let i = 0;
  while (text.charAt(i) === GS) i++;
  return text.slice(i);
}

/**
 * The element strings of a GS1 DataMatrix text — raw (optional `]d2` prefix, GS between variable
 * fields) or bracketed `(01)…(21)…` — as AI → value; `null` when it is not GS1 or an AI is unknown
 * before anything was read (a non-GS1 symbol, e.g. an IFA PPN one, is never guessed at).
 */
export function parseGs1(text: string): Map<string, string> | null {
  const out = new Map<string, string>();
  const bracketed = text.trim();
  if (bracketed.startsWith('(')) {
    const re = /\((\d{2,4})\)([^(]*)/gy;
    for (let m = re.exec(bracketed); m; m = re.exec(bracketed)) out.set(m[1]!, m[2]!.replace(GS, ''));
    return out.size > 0 ? out : null;
  }
  let rest = skipSeparators(text.replace(/^\]d2/, ''));
  while (rest.length > 0) {
    const ai = [2, 3].map((n) => rest.slice(0, n)).find((candidate) => candidate in AIS);
    if (ai === undefined) return out.size > 0 ? out : null;
    const fixed = AIS[ai];
    const body = rest.slice(ai.length);
    const end = fixed ?? (body.includes(GS) ? body.indexOf(GS) : body.length);
    const value = body.slice(0, end);
    if (value.length === 0 || (fixed !== undefined && value.length !== fixed)) return out.size > 0 ? out : null;
    out.set(ai, value);
    rest = skipSeparators(body.slice(end));
  }
  return out.size > 0 ? out : null;
}
