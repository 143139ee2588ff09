import { messages } from '@farmacia/contract';

const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });
const dateTime = new Intl.DateTimeFormat('it-IT', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Rome' });
const longDay = new Intl.DateTimeFormat('it-IT', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export const formatEuro = (value: number) => euro.format(value);
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
/** A customer as the staff reads them: 'name · email', then ' · phone' when there is one. */
export const contactLine = (c: { name: string; email: string; phone_number: string | null }) =>
  `${c.name} · ${c.email}${c.phone_number ? ` · ${c.phone_number}` : ''}`;
/** 'YYYY-MM-DD' → 'sabato 7 marzo 2026'. */
export const formatDay = (day: string) => longDay.format(new Date(`${day}T00:00:00Z`));

/** Today in Rome as 'YYYY-MM-DD' (the contract's, shared with the app). */
export { romeToday } from '@farmacia/contract';

/** 'YYYY-MM-DD' plus `n` days: the contract's day arithmetic. */
export { addDays } from '@farmacia/contract';

/**
 * The contract's label of a stored code; a code the labels do not know yet (a newer server)
 * reads 'altro (code)' rather than passing for a word.
 */
export function labelOf(labels: Readonly<Record<string, string>>, code: string): string {
  return labels[code] ?? messages.backofficeLabels.unknownCode.replace('{code}', code);
}
