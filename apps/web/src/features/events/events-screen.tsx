import { formatLongDate, formatTime, appMessages, reservationsMessages } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Loader } from '../../components/ui/loader';
import { eventsQueryOptions, groupEventsByDay } from './events-api';
import '../../components/ui/link-cards.css';

/** 'Prenota un Evento' (spec §2): events grouped by the date of their availabilities. */
export function EventsScreen() {
  const query = useQuery(eventsQueryOptions);
  if (query.isPending) return <Loader />;
  const groups = groupEventsByDay(query.data ?? []);
  return (
    <div className="page services">
      <h1>{reservationsMessages.bookEvent}</h1>
      {query.isError ? <p role="alert">{appMessages.genericError}</p> : null}
      {!query.isError && groups.length === 0 ? <p className="services__empty">{reservationsMessages.noEvents}</p> : null}
      {groups.map((group) => (
        <section key={group.day} className="event-day" aria-labelledby={`day-${group.day}`}>
          <h2 id={`day-${group.day}`} className="event-day__title">
            {formatLongDate(group.day)}
          </h2>
          <ul className="link-list">
            {group.items.map((item) => (
              <li key={item.event.id}>
                <Link to={`/app/events/${item.event.id}/${group.day}` as '/'} className="link-card">
                  <span className="link-card__title">{item.event.name}</span>
                  <span className="link-card__meta">
                    {formatTime(item.startAt)}–{formatTime(item.endAt)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
