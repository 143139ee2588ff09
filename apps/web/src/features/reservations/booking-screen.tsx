import { fillMessage, formatLongDate, appMessages, reservationsMessages, type Slot } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { startTransition, useState } from 'react';
import { isApiError } from '../../lib/api-client';
import { HtmlContent } from '../../components/ui/html-content';
import { Loader } from '../../components/ui/loader';
import { ServiceFacts } from '../../components/service-facts';
import { SlotButtons, useSlotChoice } from './booking-parts';
import { calendarMonths, monthOf, romeToday } from '../../lib/calendar';
import { MonthCalendar } from './month-calendar';
import { availabilityQueryOptions, slotsQueryOptions } from '../../lib/reservations-api';
import { SummaryModal } from './summary-modal';
import './reservations.css';

const routeApi = getRouteApi('/_app/app/reservations/$id');

/** A day taken from the URL (after login) only when it is inside the calendar range. */
function initialDay(day: string | undefined, first: string, last: string): string | null {
  return day && monthOf(day) >= first && monthOf(day) <= last ? day : null;
}

/**
 * Service booking (spec §2): name, HTML description, a Monday-first calendar from this month to
 * two months ahead, the free times of the chosen day, and the 'Riepilogo' modal. A visitor who
 * taps a time goes to login and comes back to this day. Leaving the screen forgets the choices.
 */
export function BookingScreen() {
  const { id: serviceId } = routeApi.useParams();
  const search = routeApi.useSearch();
  const today = romeToday();
  const range = calendarMonths(today);
  const firstDay = initialDay(search.day, range.first, range.last);
  const [month, setMonth] = useState(firstDay ? monthOf(firstDay) : range.first);
  const [day, setDay] = useState<string | null>(firstDay);
  const { slot, setSlot, choose } = useSlotChoice();

  const availability = useQuery(availabilityQueryOptions(serviceId));
  const slots = useQuery({ ...slotsQueryOptions(serviceId, day ?? ''), enabled: day !== null });

  if (availability.error && isApiError(availability.error) && availability.error.status === 404) {
    return (
      <div className="page page--centered booking">
        <h1>{reservationsMessages.serviceNotFound}</h1>
      </div>
    );
  }
  if (availability.isPending) return <Loader />;
  if (availability.isError) {
    return (
      <div className="page booking">
        <h1>{reservationsMessages.bookService}</h1>
        <p role="alert">{appMessages.genericError}</p>
      </div>
    );
  }

  const { service, availableDate } = availability.data;
  const here = `/app/reservations/${serviceId}${day ? `?day=${day}` : ''}`;
  const chooseSlot = (chosen: Slot) => choose(chosen, here);

  return (
    <div className="page booking">
      <h1>{service.name}</h1>
      <HtmlContent html={service.description} className="booking__description" />
      <ServiceFacts service={service} />

      <h2 className="booking__step">{reservationsMessages.chooseDay}</h2>
      <MonthCalendar
        month={month}
        firstMonth={range.first}
        lastMonth={range.last}
        onMonthChange={(next) => setMonth(next)}
        availableDays={new Set(availableDate)}
        selectedDay={day}
        // In a transition: the tap paints at once, and the screen (calendar, the day's times) renders
        // after it in slices; rendered in the tap it held the next paint ~250 ms on a 4× slower phone (issue 22).
        onSelectDay={(chosen) =>
          startTransition(() => {
            setDay(chosen);
            setSlot(null);
          })
        }
      />

      {day ? (
        <section className="booking__slots" aria-labelledby="slots-title">
          <h2 id="slots-title" className="booking__step">
            {fillMessage(reservationsMessages.slotsOf, { day: formatLongDate(day) })}
          </h2>
          {slots.isPending ? (
            <Loader />
          ) : slots.data && slots.data.availableSlots.length > 0 ? (
            <SlotButtons
              slots={slots.data.availableSlots}
              label={reservationsMessages.chooseTime}
              selected={slot}
              onChoose={chooseSlot}
            />
          ) : (
            <p className="booking__empty">{reservationsMessages.noSlots}</p>
          )}
        </section>
      ) : null}

      {slot && day ? (
        <SummaryModal service={service} day={day} slot={slot} returnTo={here} onClose={() => setSlot(null)} />
      ) : null}
    </div>
  );
}
