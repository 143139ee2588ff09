import { messages, type OpeningHours } from '@farmacia/contract';
import { TitledCard } from '../../components/ui/titled-card';

/** 01:00 UTC of the last Sunday of `month` (0-based): when Europe's summer time starts or ends. */
function lastSundayOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/**
 * ISO weekday (1 = lunedì … 7 = domenica) of `now` in the pharmacy's time zone (Europe/Rome: UTC+1,
 * UTC+2 from the last Sunday of March to the last Sunday of October, 01:00 UTC, the EU rule). Worked
 * out without Intl: the page's first `Intl.DateTimeFormat` loads ICU's zone data, the costliest
 * step of the home's first render on a slow phone (decisions 0356, 0375).
 */
export function isoWeekdayInRome(now: Date): number {
  const time = now.getTime();
  const year = now.getUTCFullYear();
  const summer = time >= lastSundayOneUtc(year, 2) && time < lastSundayOneUtc(year, 9);
  const day = new Date(time + (summer ? 2 : 1) * 3_600_000).getUTCDay();
  return day === 0 ? 7 : day;
}

/** '09:00–13:00, 15:30–19:30', or 'Chiuso'. */
export function intervalsText(intervals: OpeningHours['week'][number]['intervals']): string {
  return intervals.length === 0 ? messages.home.closed : intervals.map((i) => `${i.from}–${i.to}`).join(', ');
}

/** The shop's opening hours (option open_on): its summary line and the week, today marked. */
export function OpeningHoursCard({ hours, now = new Date() }: { hours: OpeningHours; now?: Date }) {
  const today = isoWeekdayInRome(now);
  const week = [...hours.week].sort((a, b) => a.day - b.day);
  return (
    <TitledCard id="opening-hours-title" title={messages.home.openingHours}>
      {hours.text ? <p>{hours.text}</p> : null}
      {week.length > 0 ? (
        <dl className="opening-hours">
          {week.map((day) => (
            <div key={day.day} className={day.day === today ? 'opening-hours__day opening-hours__day--today' : 'opening-hours__day'}>
              <dt>
                {day.label}
                {day.day === today ? <span className="visually-hidden"> ({messages.home.today})</span> : null}
              </dt>
              <dd>{intervalsText(day.intervals)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </TitledCard>
  );
}
