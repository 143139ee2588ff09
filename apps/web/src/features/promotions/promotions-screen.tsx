import { catalogueMessages, type Promotion, promotionPeriodText, runningPromotions } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Loader } from '../../components/ui/loader';
import { optionQueryOptions, promotionsOptionQueryOptions } from '../../lib/shop-api';
import { useShopKey } from '../../lib/current-shop';
import { PdfFrame } from '../../components/pdf-frame';
import './promotions.css';

function PromotionCard({ promotion }: { promotion: Promotion }) {
  const validity = promotionPeriodText({ start: promotion.valid_from, end: promotion.valid_to });
  return (
    <li className="card promotion">
      {promotion.image ? <img className="promotion__image" src={promotion.image} alt="" loading="lazy" /> : null}
      <h2 className="card__title">{promotion.title}</h2>
      <p>{promotion.description}</p>
      {validity ? <p className="promotion__validity">{validity}</p> : null}
      {promotion.url?.startsWith('/') ? (
        <Link to={promotion.url as '/'} className="button button--secondary">
          {catalogueMessages.discover}
        </Link>
      ) : null}
    </li>
  );
}

/**
 * /app/promotions 'Offerte' (spec §2 Promotions): the flyer PDF in a frame when the option
 * `volantino` is set, otherwise the list of the `promotions` option, otherwise
 * 'Non ci sono promozioni disponibili'.
 */
export function PromotionsScreen() {
  const flyer = useQuery(optionQueryOptions('volantino'));
  const promotions = useQuery(promotionsOptionQueryOptions(useShopKey()));
  const pending = flyer.isPending || (!flyer.data && promotions.isPending);
  // Only the promotions running today (decision 0530): the tab badge counts the same ones.
  const running = runningPromotions(promotions.data ?? []);
  return (
    <div className="page promotions">
      <h1>{catalogueMessages.promotionsTitle}</h1>
      {pending ? <Loader /> : null}
      {!pending && flyer.data ? <PdfFrame src={flyer.data} title={catalogueMessages.flyerTitle} /> : null}
      {!pending && !flyer.data && running.length > 0 ? (
        <ul className="promotions__list">
          {running.map((p) => (
            <PromotionCard key={p.id} promotion={p} />
          ))}
        </ul>
      ) : null}
      {!pending && !flyer.data && running.length === 0 ? (
        <p className="notice notice--info">{catalogueMessages.noPromotions}</p>
      ) : null}
    </div>
  );
}
