import { EXCERPT_WORDS, excerpt, fillMessage, reservationsMessages } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Price } from '../../components/ui/price';
import { categoryServicesQueryOptions } from './services-api';
import { ServiceQueryState } from './service-query-state';
import '../../components/ui/link-cards.css';

const routeApi = getRouteApi('/_app/app/service/category/$id');

/** A category (spec §2): its bookable services, its shop services and their groups. */
export function CategoryScreen() {
  const { id: categoryId } = routeApi.useParams();
  const query = useQuery(categoryServicesQueryOptions(categoryId));
  if (!query.isSuccess) return <ServiceQueryState query={query} notFound={reservationsMessages.categoryNotFound} />;
  const { category, data } = query.data;
  const hasShopServices = data.shop_service.length + data.service_groups.length > 0;
  return (
    <div className="page services">
      <h1>{category.name}</h1>
      {category.description ? <p className="services__lead">{category.description}</p> : null}
      {data.services.length === 0 && !hasShopServices ? <p className="services__empty">{reservationsMessages.noServices}</p> : null}

      {data.services.length > 0 ? (
        <section aria-labelledby="bookable-title">
          <h2 id="bookable-title">{reservationsMessages.bookableServices}</h2>
          <ul className="link-list">
            {data.services.map((service) => (
              <li key={service.id}>
                <Link to={`/app/service/category/${category.id}/${service.id}` as '/'} className="link-card">
                  <span className="link-card__title">{service.name}</span>
                  <span className="link-card__text">{excerpt(service.description, EXCERPT_WORDS)}</span>
                  <span className="link-card__meta">
                    {service.show_price ? (
                      <>
                        {service.price === 0 ? reservationsMessages.free : <Price euro={service.price} />}
                        {' · '}
                      </>
                    ) : null}
                    {fillMessage(reservationsMessages.minutes, { minutes: service.duration })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {hasShopServices ? (
        <section aria-labelledby="shop-services-title">
          <h2 id="shop-services-title">{reservationsMessages.shopServices}</h2>
          <ul className="link-list">
            {data.service_groups.map((group) => (
              <li key={`group-${group.id}`}>
                <Link to={`/app/service_group/${group.id}` as '/'} className="link-card">
                  <span className="link-card__title">{group.name}</span>
                  <span className="link-card__text">{excerpt(group.text, EXCERPT_WORDS)}</span>
                </Link>
              </li>
            ))}
            {data.shop_service.map((shopService) => (
              <li key={shopService.id}>
                <Link to={`/app/service/category/${category.id}/shop/${shopService.id}` as '/'} className="link-card">
                  <span className="link-card__title">{shopService.name}</span>
                  <span className="link-card__text">{excerpt(shopService.description, EXCERPT_WORDS)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
