import { reservationsMessages } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { HtmlContent } from '../../components/ui/html-content';
import { ServiceFacts } from '../../components/service-facts';
import { serviceQueryOptions } from './services-api';
import { ServiceQueryState } from './service-query-state';
import '../../components/ui/link-cards.css';

/**
 * A service page (spec §2): description, the price only when show_price, the duration, and the
 * way on to booking. Reached as /app/services/{id} or from its category.
 */
export function ServiceScreen() {
  // Two routes: /app/services/{id} and /app/service/category/{id}/{serviceId}, both parsed to numbers.
  const params = useParams({ strict: false }) as { id?: number; serviceId?: number };
  const serviceId = params.serviceId ?? params.id ?? 0;
  const query = useQuery(serviceQueryOptions(serviceId));
  if (!query.isSuccess) return <ServiceQueryState query={query} notFound={reservationsMessages.serviceNotFound} />;
  const service = query.data;
  return (
    <article className="page services">
      <h1>{service.name}</h1>
      <HtmlContent html={service.description} />
      <ServiceFacts service={service} />
      <Link to={`/app/reservations/${service.id}` as '/'} className="button button--primary button--block">
        {reservationsMessages.book}
      </Link>
    </article>
  );
}
