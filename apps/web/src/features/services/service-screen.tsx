import { messages } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { isApiError } from '../../lib/api-client';
import { HtmlContent } from '../../components/ui/html-content';
import { Loader } from '../../components/ui/loader';
import { ServiceFacts } from '../../components/service-facts';
import { serviceQueryOptions } from './services-api';
import '../../components/ui/link-cards.css';

/**
 * A service page (spec §2): description, the price only when show_price, the duration, and the
 * way on to booking. Reached as /app/services/{id} or from its category.
 */
export function ServiceScreen() {
  // Two routes: /app/services/{id} and /app/service/category/{id}/{serviceId}.
  const params = useParams({ strict: false }) as { id?: number; serviceId?: number };
  const query = useQuery(serviceQueryOptions(params.serviceId ?? params.id ?? 0));
  if (isApiError(query.error) && query.error.status === 404) {
    return (
      <div className="page page--centered services">
        <h1>{messages.reservations.serviceNotFound}</h1>
      </div>
    );
  }
  if (query.isPending) return <Loader />;
  if (query.isError) {
    return (
      <div className="page services">
        <p role="alert">{messages.app.genericError}</p>
      </div>
    );
  }
  const service = query.data;
  return (
    <article className="page services">
      <h1>{service.name}</h1>
      <HtmlContent html={service.description} />
      <ServiceFacts service={service} />
      <Link to={`/app/reservations/${service.id}` as '/'} className="button button--primary button--block">
        {messages.reservations.book}
      </Link>
    </article>
  );
}
