import { EXCERPT_WORDS, excerpt, reservationsMessages } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { HtmlContent } from '../../components/ui/html-content';
import { Modal } from '../../components/ui/modal';
import { serviceGroupQueryOptions } from './services-api';
import { ServiceQueryState } from './service-query-state';
import { ShopServiceFacts } from './shop-service-screen';
import '../../components/ui/link-cards.css';

const routeApi = getRouteApi('/_app/app/service_group/$id');

/** A group of shop services (spec §2): the list, and a detail modal for each. */
export function ServiceGroupScreen() {
  const { id: groupId } = routeApi.useParams();
  const query = useQuery(serviceGroupQueryOptions(groupId));
  const [openId, setOpenId] = useState<number | null>(null);
  if (!query.isSuccess) return <ServiceQueryState query={query} notFound={reservationsMessages.serviceGroupNotFound} />;
  const group = query.data;
  const open = group.shopService.find((s) => s.id === openId) ?? null;
  return (
    <div className="page services">
      <h1>{group.name}</h1>
      <HtmlContent html={group.text} />
      <ul className="link-list">
        {group.shopService.map((shopService) => (
          <li key={shopService.id}>
            <button type="button" className="link-card" onClick={() => setOpenId(shopService.id)}>
              <span className="link-card__title">{shopService.name}</span>
              <span className="link-card__text">{excerpt(shopService.description, EXCERPT_WORDS)}</span>
            </button>
          </li>
        ))}
      </ul>
      {open ? (
        <Modal
          open
          title={open.name}
          onClose={() => setOpenId(null)}
          footer={
            <>
              <Link to={`/app/serviceinfo/${open.id}` as '/'} className="button button--primary button--block">
                {reservationsMessages.requestInfo}
              </Link>
              <Button variant="secondary" block onClick={() => setOpenId(null)}>
                {reservationsMessages.close}
              </Button>
            </>
          }
        >
          <HtmlContent html={open.description} />
          <ShopServiceFacts price={open.price} />
        </Modal>
      ) : null}
    </div>
  );
}
