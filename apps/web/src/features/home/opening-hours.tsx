import { messages, type OpeningHours, SHOP_TIME_ZONE } from '@farmacia/contract';

/** ISO weekday (1 = lunedì … 7 = domenica) of `now` in the pharmacy's time zone. */
export function isoWeekdayInRome(now: Date): number {
  const short = new Intl.DateTimeFormat('en-GB', { timeZone: SHOP_TIME_ZONE, weekday: 'short' }).format(now);
  return ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(short) + 1;
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
    <section className="card" aria-labelledby="opening-hours-title">
      <h2 id="opening-hours-title" className="card__title">
        {messages.home.openingHours}
      </h2>
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
    </section>
  );
}
