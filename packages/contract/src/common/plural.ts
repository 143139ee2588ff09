/**
 * Italian count texts ("1 prodotto", "3 prodotti"). A light module (no zod, no message catalogue)
 * so the eager web code may use it too. Every text that puts a count before a noun goes through
 * {@link countText}: writing '{count} prodotti' by hand is how "1 prodotti" reached the screens.
 */
import { formatItalianInteger } from './money.js';

/** The two Italian forms of a count text; `{count}` is replaced by the it-IT formatted number. */
export interface PluralForms {
  readonly one: string;
  readonly other: string;
}

// No Intl object at module level (issue 22): this module is evaluated with every screen's messages,
// and a page's first Intl formatter loads ICU's locale data (decisions 0356, 0376). Whole counts
// are done here; a fractional one (rare) creates Intl's formatters on first use.
let fractional: { plural: Intl.PluralRules; number: Intl.NumberFormat } | undefined;

/** Whether `count` needs Intl: not a whole number (or -0, which Intl writes '-0'). */
function isFractional(count: number): boolean {
  return !Number.isSafeInteger(count) || Object.is(count, -0);
}

/**
 * The form of `forms` Italian grammar asks for `count` (only 1 is singular: "0 prodotti",
 * "1,5 litri"), with `{count}` and any other `{name}` placeholder filled. For a whole number
 * CLDR's Italian 'one' is exactly ±1 and the count is written as {@link formatItalianInteger};
 * the test compares both with Intl.
 */
export function countText(forms: PluralForms, count: number, values: Readonly<Record<string, string | number>> = {}): string {
  let one: boolean;
  let written: string;
  if (isFractional(count)) {
    fractional ??= { plural: new Intl.PluralRules('it-IT'), number: new Intl.NumberFormat('it-IT') };
    one = fractional.plural.select(count) === 'one';
    written = fractional.number.format(count);
  } else {
    one = Math.abs(count) === 1;
    written = formatItalianInteger(count);
  }
  const template = one ? forms.one : forms.other;
  const filled: Readonly<Record<string, string | number>> = { ...values, count: written };
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (filled[key] === undefined ? whole : String(filled[key])));
}

/** The count texts of both apps (not quoted by the spec). */
export const countMessages = {
  items: { one: '{count} articolo', other: '{count} articoli' },
  products: { one: '{count} prodotto', other: '{count} prodotti' },
  prescriptions: { one: '{count} ricetta', other: '{count} ricette' },
  requests: { one: '{count} richiesta', other: '{count} richieste' },
  reservations: { one: '{count} prenotazione', other: '{count} prenotazioni' },
  services: { one: '{count} servizio', other: '{count} servizi' },
  groups: { one: '{count} gruppo', other: '{count} gruppi' },
  shopServices: { one: '{count} servizio su richiesta', other: '{count} servizi su richiesta' },
  rows: { one: '{count} riga', other: '{count} righe' },
  minutes: { one: '{count} minuto', other: '{count} minuti' },
  pieces: { one: '{count} pezzo', other: '{count} pezzi' },
  inserted: { one: '{count} inserito', other: '{count} inseriti' },
  updated: { one: '{count} aggiornato', other: '{count} aggiornati' },
  unchanged: { one: '{count} invariato', other: '{count} invariati' },
  rejected: { one: '{count} scartato', other: '{count} scartati' },
} as const satisfies Record<string, PluralForms>;
