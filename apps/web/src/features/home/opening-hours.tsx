import { homeMessages, type OpeningHours, romeWallClock } from '@farmacia/contract';
import { TitledCard } from '../../components/ui/titled-card';

/**
 * ISO weekday (1 = lunedì … 7 = domenica) of `now` in the pharmacy's time zone: the weekday of the
 * contract's Rome day (its wall clock follows the EU rule without Intl — the page's first Intl
 * formatter would load ICU's zone data in the home's first render; decisions 0375, 0580).
 */
export function isoWeekdayInRome(now: Date): number {
  const day = new Date(`${romeWallClock(now).day}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** '09:00–13:00, 15:30–19:30', or 'Chiuso'. */
export function intervalsText(intervals: OpeningHours['week'][number]['intervals']): string {
  return intervals.length === 0 ? homeMessages.closed : intervals.map((i) => `${i.from}–${i.to}`).join(', ');
}

/** The shop's opening hours (option open_on): its summary line and the week, today marked. */
export function OpeningHoursCard({ hours, now = new Date() }: { hours: OpeningHours; now?: Date }) {
  const today = isoWeekdayInRome(now);
  const week = [...hours.week].sort((a, b) => a.day - b.day);
  return (
    <TitledCard id="opening-hours-title" title={homeMessages.openingHours}>
      {hours.text ? <p>{hours.text}</p> : null}
      {week.length > 0 ? (
        <dl className="opening-hours">
          {week.map((day) => (
            <div key={day.day} className={day.day === today ? 'opening-hours__day opening-hours__day--today' : 'opening-hours__day'}>
              <dt>
                {day.label}
                {day.day === today ? <span className="visually-hidden"> ({homeMessages.today})</span> : null}
              </dt>
              <dd>{intervalsText(day.intervals)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </TitledCard>
  );
}
