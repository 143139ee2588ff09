import {
  type CardForm as ParsedCard,
  canPayOnline,
  cardSubmitBody,
  fillMessage,
  formatEuro,
  isOnlinePaymentType,
  paymentMessages,
  type Order,
  orderPayableTotal,
  PAYMENT_PROVIDER_OF,
  type PaymentCreateResponse,
  paymentErrorMessage,
} from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useParams } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../lib/api-client';
import { Button } from '../../components/ui/button';
import { Loader } from '../../components/ui/loader';
import { orderQueryOptions } from '../../lib/orders-api';
import { CardForm, type CardPaymentTarget, submitCard } from './card-form';
import { createPayment } from '../../lib/payment-api';
import '../../components/ui/item-lists.css';
import '../../components/ui/order-cards.css';

/** The create call, judged as spec §8 says: the error text, or the answer to go on with. */
async function create(type: string, orderId: number): Promise<{ answer: PaymentCreateResponse } | { error: string }> {
  try {
    const answer = await createPayment(type, orderId);
    const error = paymentErrorMessage(answer);
    return error ? { error } : { answer };
  } catch (error) {
    if (isApiError(error) && error.status === 409) return { error: error.message };
    return { error: fillMessage(paymentMessages.error, { detail: paymentMessages.detailInvalidResponse }) };
  }
}

function CannotPay({ orderId }: { orderId: number }) {
  return (
    <div className="page page--centered">
      <h1>{paymentMessages.cannotPayTitle}</h1>
      <p>{paymentMessages.cannotPay}</p>
      <Link to="/app/orders/$id" params={{ id: orderId }} className="button button--primary">
        {paymentMessages.goToOrder}
      </Link>
    </div>
  );
}

function ErrorBox({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="notice notice--warning" role="alert">
      <p>{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        {paymentMessages.retry}
      </Button>
    </div>
  );
}

/** Axerve card form: the server creates the payment, the card goes straight to the provider. */
function CardPayment({ order, type }: { order: Order; type: string }) {
  const navigate = useNavigate();
  const [target, setTarget] = useState<CardPaymentTarget | null>(null);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  const start = useCallback(async () => {
    setError(null);
    setTarget(null);
    const result = await create(type, order.id);
    if ('error' in result) {
      setError(result.error);
      return;
    }
    const p = result.answer.payload ?? {};
    const buyer = (p.buyer ?? {}) as { name?: string; email?: string };
    setTarget({
      submit: result.answer.submit as string,
      paymentToken: String(p.paymentToken ?? ''),
      paymentID: String(p.paymentID ?? ''),
      shopLogin: String(p.shopLogin ?? ''),
      buyer: { name: buyer.name ?? '', email: buyer.email ?? '' },
    });
  }, [order.id, type]);

  useEffect(() => {
    // One payment per visit (StrictMode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    void start();
  }, [start]);

  const onCard = async (card: ParsedCard) => {
    if (!target) return;
    setError(null);
    try {
      const outcome = await submitCard(target, cardSubmitBody(card, target.shopLogin, { name: card.holder || target.buyer.name, email: target.buyer.email }));
      if (outcome.kind === 'error') {
        setError(fillMessage(paymentMessages.error, { detail: fillMessage(paymentMessages.detailProviderError, outcome).trim() }));
        return;
      }
      if (outcome.kind === 'unreachable') {
        setError(paymentMessages.providerUnreachable);
        return;
      }
      if (outcome.kind === 'redirect') {
        window.location.assign(outcome.href);
        return;
      }
      const search: Record<string, string> = { paymentMethod: type, paymentID: outcome.paymentID };
      if (outcome.result !== 'PENDING') search.status = outcome.result;
      void navigate({ to: '/app/payment-end', search });
    } catch {
      setError(fillMessage(paymentMessages.error, { detail: paymentMessages.detailInvalidResponse }));
    }
  };

  return (
    <>
      <h1>{paymentMessages.cardTitle}</h1>
      <p>
        {paymentMessages.amountDue}: <span className="payment-amount">{formatEuro(orderPayableTotal(order))}</span>
      </p>
      {error ? <ErrorBox message={error} onRetry={() => void start()} /> : null}
      {target ? <CardForm amount={orderPayableTotal(order)} onSubmit={onCard} /> : error ? null : <Loader label={paymentMessages.preparing} />}
    </>
  );
}

/** Sends the browser to a hosted page: Nexi with the signed form posted, PayPal to its approval link. */
function RedirectPayment({ order, type, provider }: { order: Order; type: string; provider: 'nexi' | 'paypal' }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onProceed = async () => {
    setBusy(true);
    setError(null);
    const result = await create(type, order.id);
    if ('error' in result) {
      setError(result.error);
      setBusy(false);
      return;
    }
    const { submit, payload } = result.answer;
    if (provider === 'paypal') {
      window.location.assign(submit as string);
      return;
    }
    // Nexi XPay: the signed fields are posted to the hosted payment page.
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = submit as string;
    for (const [name, value] of Object.entries(payload ?? {})) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = String(value);
      form.append(input);
    }
    document.body.append(form);
    form.submit();
  };
  return (
    <>
      <h1>{provider === 'nexi' ? paymentMessages.nexiTitle : paymentMessages.paypalTitle}</h1>
      <p>
        {paymentMessages.amountDue}: <span className="payment-amount">{formatEuro(orderPayableTotal(order))}</span>
      </p>
      <p>{provider === 'nexi' ? paymentMessages.nexiRedirect : paymentMessages.paypalRedirect}</p>
      {error ? (
        <p className="notice notice--warning" role="alert">
          {error}
        </p>
      ) : null}
      <Button block busy={busy} onClick={() => void onProceed()}>
        {paymentMessages.proceed}
      </Button>
    </>
  );
}

/**
 * /app/payment/{paymentType}/{id} (spec §2, §4): pay only a finalizing, unpaid order with this
 * online type; a paid order goes to its page; anything else shows 'cannot pay' with a link.
 */
export function PaymentScreen() {
  const { id: orderId, type } = useParams({ from: '/_app/_private/app/payment/$type/$id' });
  const order = useQuery({ ...orderQueryOptions(orderId), staleTime: 0 });
  // The order as it was when the screen opened: a refetch while the customer pays (the live stream
  // says the order moved once the provider confirms) must not take them off the screen before the
  // outcome page, which says what happened. Read fresh on arrival, not from an older cached copy.
  const opened = useRef<Order | null>(null);
  if (opened.current === null && order.data && order.isFetchedAfterMount) opened.current = order.data;
  const data = opened.current;
  if (data === null) return order.isError ? <Navigate to="/app/orders" replace /> : <Loader />;
  if (data.payment.valid === 1) return <Navigate to="/app/orders/$id" params={{ id: orderId }} replace />;
  if (!canPayOnline(data) || !isOnlinePaymentType(type) || data.paymentType !== type) return <CannotPay orderId={orderId} />;
  const provider = PAYMENT_PROVIDER_OF[type];
  return (
    <div className="page payment">
      {provider === 'gestpay' ? <CardPayment order={data} type={type} /> : <RedirectPayment order={data} type={type} provider={provider} />}
      <Link to="/app/orders/$id" params={{ id: orderId }} className="button button--link">
        {paymentMessages.goToOrder}
      </Link>
    </div>
  );
}
