import { EXCERPT_WORDS, excerpt, fillMessage, formatLongDate, formatTime, appMessages, reservationsMessages } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { isApiError } from '../../lib/api-client';
import { HtmlContent } from '../../components/ui/html-content';
import { Loader } from '../../components/ui/loader';
import { Price } from '../../components/ui/price';
import { eventQueryOptions, romeDayOf } from './events-api';
import '../../components/ui/link-cards.css';

const routeApi = getRouteApi('/_app/app/events/$id/$data');

/** Spec §5: the route's answer to an event id that is not one (`/app/events/abc/…`). */
export function EventIdRequired() {
  return (
    <div className="page page--centered services">
      <h1>{reservationsMessages.eventIdRequired}</h1>
    </div>
  );
}

/**
 * Event detail (spec §2): name and date, its services (name, description, price, duration) each
 * opening the event slot screen, or the text that there are none.
 */
export function EventScreen() {
  const { id: eventId, data: day } = routeApi.useParams();
  const query = useQuery(eventQueryOptions(eventId));

  if (query.isPending) return <Loader />;
  if (query.isError) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return (
      <div className="page page--centered services">
        <h1>{notFound ? reservationsMessages.eventNotFound : appMessages.genericError}</h1>
      </div>
    );
  }
  const event = query.data;
  const windows = event.availabilities.filter((a) => day !== null && romeDayOf(a.start_at) === day);
  return (
    <article className="page services">
      <h1>{event.name}</h1>
      {day ? (
        <p className="services__date">
          {formatLongDate(day)}
          {windows.map((w) => (
            <span key={w.id}>
              {' · '}
              {formatTime(w.start_at)}–{formatTime(w.end_at)}
            </span>
          ))}
        </p>
      ) : null}
      <HtmlContent html={event.description} />
      <h2>{reservationsMessages.eventServices}</h2>
      {event.services.length === 0 || day === null ? (
        <p className="services__empty">{reservationsMessages.noBookableServices}</p>
      ) : (
        <ul className="link-list">
          {event.services.map((service) => (
            <li key={service.id}>
              <Link to={`/app/reservations/event/${event.id}/${day}/${service.id}` as '/'} className="link-card">
                <span className="link-card__title">{service.name}</span>
                <span className="link-card__text">{excerpt(service.description, EXCERPT_WORDS)}</span>
                <span className="link-card__meta">
                  {service.price === 0 ? reservationsMessages.free : <Price euro={service.price} />}
                  {' · '}
                  {fillMessage(reservationsMessages.minutes, { minutes: service.duration })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
