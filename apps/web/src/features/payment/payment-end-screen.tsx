import { ordersMessages, paymentMessages, PAYMENT_OUTCOME_MESSAGES, paymentOutcome } from '@farmacia/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Loader } from '../../components/ui/loader';
import { paymentIdQueryOptions } from '../../lib/payment-api';
import { paymentRefOf } from './payment-ref';
import '../../components/ui/order-cards.css';

/** How long the screen keeps asking while the provider's notification is on its way (10 × 3 s). */
const POLL_MS = 3000;
const POLL_TIMES = 10;

/**
 * /app/payment-end (spec §4 Payment outcome): status OK with valid 1 → confirmed; OK without valid
 * → sent, pending processing; KO → refused; no status → pending with the bank. `valid` comes from
 * the server (`payment-id`), never from the query: the provider's notification decides.
 */
export function PaymentEndScreen() {
  const search = useSearch({ from: '/_app/_private/app/payment-end' });
  const method = search.paymentMethod ?? '';
  const ref = paymentRefOf(search);
  const lookup = useQuery({
    ...paymentIdQueryOptions(method, ref),
    enabled: method !== '' && ref !== '',
    // Paid but not yet confirmed: the notification may arrive in a moment.
    refetchInterval: (q) => (search.status === 'OK' && q.state.data?.valid !== 1 && q.state.dataUpdateCount < POLL_TIMES ? POLL_MS : false),
  });
  const queryClient = useQueryClient();
  const valid = lookup.data?.valid;
  // The order changed on the server (paid, confirmed): cached copies are out of date.
  useEffect(() => {
    if (valid !== undefined) void queryClient.invalidateQueries({ queryKey: ['orders'] });
  }, [valid, queryClient]);
  if (lookup.isLoading) return <Loader />;
  const outcome = paymentOutcome({ status: search.status, valid: lookup.data?.valid });
  const orderId = lookup.data?.order_id;
  return (
    <div className="page page--centered order-done" role="status">
      <h1>{paymentMessages.outcomeTitle}</h1>
      <p className={outcome === 'refused' ? 'notice notice--warning' : 'notice notice--info'}>{PAYMENT_OUTCOME_MESSAGES[outcome]}</p>
      <div className="order-actions">
        {orderId !== undefined && outcome === 'confirmed' ? (
          <Link to="/app/order-confirmed/$id" params={{ id: orderId }} className="button button--primary button--block">
            {paymentMessages.goToOrder}
          </Link>
        ) : null}
        {orderId !== undefined && outcome === 'refused' ? (
          <Link to="/app/payment/$type/$id" params={{ type: method, id: orderId }} className="button button--primary button--block">
            {paymentMessages.retry}
          </Link>
        ) : null}
        {orderId !== undefined && outcome !== 'confirmed' ? (
          <Link to="/app/orders/$id" params={{ id: orderId }} className="button button--secondary button--block">
            {paymentMessages.goToOrder}
          </Link>
        ) : null}
        {orderId === undefined ? (
          <Link to="/app/orders" className="button button--secondary button--block">
            {ordersMessages.backToOrders}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
