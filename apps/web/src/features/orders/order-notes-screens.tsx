import { fillMessage, messages } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, Navigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { HtmlContent } from '../../components/ui/html-content';
import { Loader } from '../../components/ui/loader';
import { contentQueryOptions } from '../../lib/shop-api';
import { orderQueryOptions } from '../../lib/orders-api';
import { BackToOrders } from '../../components/back-to-orders';
import '../../components/ui/order-cards.css';

const thankYouRoute = getRouteApi('/_app/_private/app/thankyou/$id');
const orderConfirmedRoute = getRouteApi('/_app/_private/app/order-confirmed/$id');

/**
 * The page both notes share: a title, the text, the shop's note for this screen (content key)
 * when it wrote one, and the way on to the order or home.
 */
function OrderNote({
  id,
  title,
  children,
  contentKey,
}: {
  id: number;
  title: string;
  children: ReactNode;
  contentKey: 'thankyou_note' | 'orderconfirmed_note';
}) {
  const note = useQuery(contentQueryOptions(contentKey));
  return (
    <div className="page page--centered order-done">
      <h1>{title}</h1>
      {children}
      {note.data ? <HtmlContent html={note.data} className="order-note" /> : null}
      <div className="order-actions">
        <Link to="/app/orders/$id" params={{ id }} className="button button--primary button--block">
          {messages.payment.goToOrder}
        </Link>
        <Link to="/app/home" className="button button--link">
          {messages.orders.backHome}
        </Link>
      </div>
    </div>
  );
}

/**
 * /app/thankyou/{id}: the order-submitted screen (spec §2 'Richiesta inviata'), with the request's
 * number and the shop's thankyou_note.
 */
export function ThankYouScreen() {
  const { id } = thankYouRoute.useParams();
  return (
    <OrderNote id={id} title={messages.request.submittedTitle} contentKey="thankyou_note">
      <p className="order-done__number">{fillMessage(messages.orders.number, { id })}</p>
      <p>{fillMessage(messages.orders.submittedText, { id })}</p>
    </OrderNote>
  );
}

/** /app/order-confirmed/{id}: shown only when the order is confirmed (spec §2), with the shop's orderconfirmed_note. */
export function OrderConfirmedScreen() {
  const { id } = orderConfirmedRoute.useParams();
  // Always read fresh: a cached copy from before the payment would still say finalizing.
  const order = useQuery({ ...orderQueryOptions(id), staleTime: 0, refetchOnMount: 'always' });
  if (order.isError) return <BackToOrders />;
  if (order.isPending || (order.isFetching && order.data.status !== 'confirmed')) return <Loader />;
  if (order.data.status !== 'confirmed') return <Navigate to="/app/orders/$id" params={{ id }} replace />;
  return (
    <OrderNote id={id} title={messages.orders.confirmedTitle} contentKey="orderconfirmed_note">
      <p>{fillMessage(messages.orders.confirmedText, { id })}</p>
    </OrderNote>
  );
}
