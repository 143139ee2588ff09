import { fillMessage, formatLongDate, appMessages, reservationsMessages, type Slot } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { isApiError } from '../../lib/api-client';
import { HtmlContent } from '../../components/ui/html-content';
import { Loader } from '../../components/ui/loader';
import { badParamOf } from '../../app/route-params';
import { ServiceFacts } from '../../components/service-facts';
import { SlotButtons, useSlotChoice } from './booking-parts';
import { eventSlotsQueryOptions } from '../../lib/reservations-api';
import { SummaryModal } from './summary-modal';
import './reservations.css';

const routeApi = getRouteApi('/_app/app/reservations/event/$id/$data/$serviceId');

function Message({ title }: { title: string }) {
  return (
    <div className="page page--centered booking">
      <h1>{title}</h1>
    </div>
  );
}

/** The route's answer to a URL that is not an event slot: spec §5 names a bad event id. */
export function EventSlotNotFound({ data }: { data?: unknown }) {
  return (
    <Message title={badParamOf(data) === 'id' ? reservationsMessages.eventIdRequired : reservationsMessages.serviceNotFound} />
  );
}

/**
 * Event slot screen (spec §2): the service and the free times of the event's day, or 'Nessuna
 * fascia oraria disponibile'; the same 'Riepilogo' modal and login redirect as a service booking.
 */
export function EventSlotScreen() {
  const { id: eventId, data: day, serviceId } = routeApi.useParams();
  const { slot, setSlot, choose } = useSlotChoice();
  const query = useQuery(eventSlotsQueryOptions(eventId, day, serviceId));

  if (query.isPending) return <Loader />;
  if (query.isError) {
    const status = isApiError(query.error) ? query.error.status : 0;
    return (
      <Message
        title={status === 404 || status === 422 ? reservationsMessages.serviceNotInEvent : appMessages.genericError}
      />
    );
  }

  const { service, event, availableSlots } = query.data;
  const here = `/app/reservations/event/${eventId}/${day}/${serviceId}`;
  const chooseSlot = (chosen: Slot) => choose(chosen, here);

  return (
    <div className="page booking">
      {event ? <p className="booking__kicker">{event.name}</p> : null}
      <h1>{service.name}</h1>
      <p className="booking__date">{formatLongDate(day)}</p>
      <HtmlContent html={service.description} className="booking__description" />
      <ServiceFacts service={service} />
      <section className="booking__slots" aria-labelledby="slots-title">
        <h2 id="slots-title" className="booking__step">
          {fillMessage(reservationsMessages.slotsOf, { day: formatLongDate(day) })}
        </h2>
        {availableSlots.length > 0 ? (
          <SlotButtons slots={availableSlots} label={reservationsMessages.chooseTime} selected={slot} onChoose={chooseSlot} />
        ) : (
          <p className="booking__empty">{reservationsMessages.noSlots}</p>
        )}
      </section>
      {slot ? (
        <SummaryModal
          service={service}
          day={day}
          slot={slot}
          event={event ? { id: event.id, name: event.name } : null}
          returnTo={here}
          onClose={() => setSlot(null)}
        />
      ) : null}
    </div>
  );
}
