import { fillMessage, formatLongDate, formatMonthYear, reservationsMessages } from '@farmacia/contract';
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

interface CalendarDayProps {
  day: string;
  available: boolean;
  selected: boolean;
  /** The days' one stop of the Tab order. */
  tabStop: boolean;
  /** The month's day buttons by day, for the arrow keys. */
  buttons: Map<string, HTMLButtonElement>;
  onKeyDown: (event: KeyboardEvent, day: string) => void;
  onFocus: (day: string) => void;
  onSelect: (day: string) => void;
}

/**
 * One day of the month: a component of its own so that React, rendering the booking screen in a
 * transition, can yield to the browser between days. The month's 28–31 days in the calendar's own
 * render (their labels, their handlers) were one unit of work of ~4 ms at 1×, which kept the
 * render's slice at 12–13 ms of thread time on the first load (issue 22, decision 0652).
 */
function CalendarDay({ day, available, selected, tabStop, buttons, onKeyDown, onFocus, onSelect }: CalendarDayProps) {
  const label = available ? formatLongDate(day) : fillMessage(reservationsMessages.dayNotAvailable, { day: formatLongDate(day) });
  return (
    <button
      type="button"
      className={['calendar__day', available ? 'calendar__day--available' : '', selected ? 'calendar__day--selected' : ''].filter(Boolean).join(' ')}
      disabled={!available}
      aria-pressed={selected}
      aria-label={label}
      tabIndex={tabStop ? 0 : -1}
      ref={(button) => {
        if (button) buttons.set(day, button);
        else buttons.delete(day);
      }}
      onKeyDown={(event) => onKeyDown(event, day)}
      onFocus={() => onFocus(day)}
      onClick={() => onSelect(day)}
    >
      {Number(day.slice(8))}
    </button>
  );
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
          aria-label={reservationsMessages.previousMonth}
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
          aria-label={reservationsMessages.nextMonth}
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
              {week.map(({ key, day }) =>
                day === null ? (
                  <td key={key} />
                ) : (
                  <td key={key}>
                    <CalendarDay
                      day={day}
                      available={availableDays.has(day)}
                      selected={day === selectedDay}
                      tabStop={day === tabStop}
                      buttons={dayButtons.current}
                      onKeyDown={moveFocus}
                      onFocus={setFocusedDay}
                      onSelect={onSelectDay}
                    />
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {choosable.length > 0 ? null : <p className="calendar__empty">{reservationsMessages.noDaysThisMonth}</p>}
    </section>
  );
}
