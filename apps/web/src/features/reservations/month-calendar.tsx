import { fillMessage, formatLongDate, formatMonthYear, messages } from '@farmacia/contract';
import { type KeyboardEvent, useRef, useState } from 'react';
import { Icon } from '../../components/ui/icons';
import { addMonths, dayForKey, monthGrid, weekdays } from '../../lib/calendar';

export interface MonthCalendarProps {
  /** The month shown, 'YYYY-MM'. */
  month: string;
  /** Navigation limits (spec §2: current month to two months ahead). */
  firstMonth: string;
  lastMonth: string;
  onMonthChange: (month: string) => void;
  /** Days with a free slot: the only ones that can be chosen. */
  availableDays: ReadonlySet<string>;
  selectedDay: string | null;
  onSelectDay: (day: string) => void;
}

/**
 * A Monday-first month calendar (spec §2); days without free slots cannot be chosen. The days are
 * one stop of the Tab order (the chosen day, else the first choosable one) and the arrow keys,
 * Home and End move among the choosable days, as in the WAI-ARIA date picker.
 */
export function MonthCalendar({
  month,
  firstMonth,
  lastMonth,
  onMonthChange,
  availableDays,
  selectedDay,
  onSelectDay,
}: MonthCalendarProps) {
  const weeks = monthGrid(month);
  const choosable = weeks.flat().flatMap(({ day }) => (day !== null && availableDays.has(day) ? [day] : []));
  const [focusedDay, setFocusedDay] = useState<string | null>(null);
  const dayButtons = useRef(new Map<string, HTMLButtonElement>());
  const tabStop = [focusedDay, selectedDay].find((day) => day !== null && choosable.includes(day)) ?? choosable[0];

  const moveFocus = (event: KeyboardEvent, from: string) => {
    const to = dayForKey(event.key, from, choosable);
    if (to === undefined) return;
    event.preventDefault();
    setFocusedDay(to);
    dayButtons.current.get(to)?.focus();
  };
  return (
    <section className="calendar" aria-labelledby="calendar-month">
      <div className="calendar__header">
        <button
          type="button"
          className="calendar__nav"
          onClick={() => onMonthChange(addMonths(month, -1))}
          disabled={month <= firstMonth}
          aria-label={messages.reservations.previousMonth}
        >
          <Icon name="chevron" className="calendar__prev-icon" />
        </button>
        <h2 className="calendar__title" id="calendar-month" aria-live="polite">
          {formatMonthYear(`${month}-01`)}
        </h2>
        <button
          type="button"
          className="calendar__nav"
          onClick={() => onMonthChange(addMonths(month, 1))}
          disabled={month >= lastMonth}
          aria-label={messages.reservations.nextMonth}
        >
          <Icon name="chevron" />
        </button>
      </div>
      <table className="calendar__grid">
        <thead>
          <tr>
            {weekdays().map((weekday) => (
              <th key={weekday.long} scope="col">
                <abbr title={weekday.long}>{weekday.short}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.key}>
              {week.map(({ key, day }) => {
                if (day === null) return <td key={key} />;
                const available = availableDays.has(day);
                const selected = day === selectedDay;
                const label = available ? formatLongDate(day) : fillMessage(messages.reservations.dayNotAvailable, { day: formatLongDate(day) });
                return (
                  <td key={key}>
                    <button
                      type="button"
                      className={['calendar__day', available ? 'calendar__day--available' : '', selected ? 'calendar__day--selected' : '']
                        .filter(Boolean)
                        .join(' ')}
                      disabled={!available}
                      aria-pressed={selected}
                      aria-label={label}
                      tabIndex={day === tabStop ? 0 : -1}
                      ref={(button) => {
                        if (button) dayButtons.current.set(day, button);
                        else dayButtons.current.delete(day);
                      }}
                      onKeyDown={(event) => moveFocus(event, day)}
                      onFocus={() => setFocusedDay(day)}
                      onClick={() => onSelectDay(day)}
                    >
                      {Number(day.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {choosable.length > 0 ? null : <p className="calendar__empty">{messages.reservations.noDaysThisMonth}</p>}
    </section>
  );
}
