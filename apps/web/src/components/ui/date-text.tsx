import { type DateInput, formatDate, formatDateTime, formatLongDate, formatTime, toDate } from '@farmacia/contract';

const FORMATTERS = { date: formatDate, time: formatTime, datetime: formatDateTime, long: formatLongDate } as const;

/** A date in the Italian format (pharmacy time zone) inside a machine-readable <time>. */
export function DateText({ value, format = 'date' }: { value: DateInput; format?: keyof typeof FORMATTERS }) {
  const date = toDate(value);
  const iso = Number.isNaN(date.getTime()) ? undefined : typeof value === 'string' ? value : date.toISOString();
  return <time dateTime={iso}>{FORMATTERS[format](value)}</time>;
}
