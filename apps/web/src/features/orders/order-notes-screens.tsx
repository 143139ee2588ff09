import { fillMessage, ordersMessages, paymentMessages, requestMessages } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { HtmlContent } from '../../components/ui/html-content';
import { Loader } from '../../components/ui/loader';
import { contentQueryOptions } from '../../lib/shop-api';
import { orderQueryOptions } from '../../lib/orders-api';
import '../../components/ui/order-cards.css';


/** The shop's note for this screen (content key), when it wrote one. */
function ShopNote({ contentKey }: { contentKey: NoteKey }) {
  const note = useQuery(contentQueryOptions(contentKey));
  return note.data ? <HtmlContent html={note.data} className="order-note" /> : null;
}

type NoteKey = 'thankyou_note' | 'orderconfirmed_note';

/** The page both screens are: title, their lines, the shop's note, and the way to the order or home. */
function OrderDone({ id, title, contentKey, children }: { id: number; title: string; contentKey: NoteKey; children: ReactNode }) {
  return (
    <div className="page page--centered order-done">
      <h1>{title}</h1>
      {children}
      <ShopNote contentKey={contentKey} />
      <div className="order-actions">
        <Link to="/app/orders/$id" params={{ id }} className="button button--primary button--block">
          {paymentMessages.goToOrder}
        </Link>
        <Link to="/app/home" className="button button--link">
          {ordersMessages.backHome}
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
  const { id } = useParams({ from: '/_app/_private/app/thankyou/$id' });
  return (
    <OrderDone id={id} title={requestMessages.submittedTitle} contentKey="thankyou_note">
      <p className="order-done__number">{fillMessage(ordersMessages.number, { id })}</p>
      <p>{fillMessage(ordersMessages.submittedText, { id })}</p>
    </OrderDone>
  );
}

/** /app/order-confirmed/{id}: shown only when the order is confirmed (spec §2), with the shop's orderconfirmed_note. */
export function OrderConfirmedScreen() {
  const { id } = useParams({ from: '/_app/_private/app/order-confirmed/$id' });
  // Always read fresh: a cached copy from before the payment would still say finalizing.
  const order = useQuery({ ...orderQueryOptions(id), staleTime: 0, refetchOnMount: 'always' });
  if (order.isError) return <Navigate to="/app/orders" replace />;
  if (order.isPending || (order.isFetching && order.data.status !== 'confirmed')) return <Loader />;
  if (order.data.status !== 'confirmed') return <Navigate to="/app/orders/$id" params={{ id }} replace />;
  return (
    <OrderDone id={id} title={ordersMessages.confirmedTitle} contentKey="orderconfirmed_note">
      <p>{fillMessage(ordersMessages.confirmedText, { id })}</p>
    </OrderDone>
  );
}
