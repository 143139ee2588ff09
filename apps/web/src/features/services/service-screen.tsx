import { messages } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { HtmlContent } from '../../components/ui/html-content';
import { ServiceFacts } from '../../components/service-facts';
import { serviceQueryOptions } from './services-api';
import '../../components/ui/link-cards.css';
import { ServiceNotFound, ServiceQueryPage } from './service-page';

/**
 * A service page (spec §2): description, the price only when show_price, the duration, and the
 * way on to booking. Reached as /app/services/{id} or from its category.
 */
export function ServiceScreen() {
  const params = useParams({ strict: false });
  // From its category the service is the second id; on its own page the only one.
  const serviceId = params.serviceId ?? params.id ?? 0;
  const query = useQuery(serviceQueryOptions(serviceId));
  return (
    <ServiceQueryPage query={query} notFound={<ServiceNotFound />}>
      {(service) => (
        <article className="page services">
          <h1>{service.name}</h1>
          <HtmlContent html={service.description} />
          <ServiceFacts service={service} />
          <Link to={`/app/reservations/${service.id}` as '/'} className="button button--primary button--block">
            {messages.reservations.book}
          </Link>
        </article>
      )}
    </ServiceQueryPage>
  );
}
