import { appMessages, reservationsMessages } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { Loader } from '../../components/ui/loader';
import { serviceCategoriesQueryOptions } from './services-api';
import '../../components/ui/link-cards.css';

/** 'Prenota un Servizio' (spec §2): the categories, and the way to the events. */
export function ServiceCategoriesScreen() {
  const query = useQuery(serviceCategoriesQueryOptions);
  const router = useRouter();
  if (query.isPending) return <Loader />;
  const categories = (query.data ?? []).filter((c) => c.services_count + c.shop_services_count > 0);
  return (
    <div className="page services">
      <h1>{reservationsMessages.bookService}</h1>
      {query.isError ? <p role="alert">{appMessages.genericError}</p> : null}
      {!query.isError && categories.length === 0 ? <p className="services__empty">{reservationsMessages.noCategories}</p> : null}
      <ul className="link-list">
        {categories.map((category) => (
          <li key={category.id}>
            <Link to={`/app/service/category/${category.id}` as '/'} className="link-card">
              <span className="link-card__title">{category.name}</span>
              {category.description ? <span className="link-card__text">{category.description}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
      {'/app/events' in router.routesByPath ? (
        <Link to={'/app/events' as '/'} className="button button--secondary button--block services__events">
          {reservationsMessages.bookEvent}
        </Link>
      ) : null}
    </div>
  );
}
