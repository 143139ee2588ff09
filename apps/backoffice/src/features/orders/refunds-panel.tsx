import { fillMessage, messages, type OrderRefunds, OrderRefundsResponseSchema, randomUuid, refundStateLabel, consoleMessages } from '@farmacia/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { formatDateTime, formatEuro } from '../../app/format';
import { errorLink, FieldError, useFeedback } from '../../components/feedback';
import { api } from '../../lib/api';

const t = messages.refunds;

/** One id per refund form (the contract's v4 UUID): a repeated submission stays one refund. */
const submissionId = randomUuid;

/** '12,50' or '12.50' → 12.5; what is not a number goes as typed, for the server's message on the field. */
const amountOf = (text: string): number | string => {
  const n = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(n) ? n : text;
};

/**
 * The refunds of an order paid online (decision 0515): what was paid and given back, each refund
 * with its state and the provider's words on a refusal (with "Riprova"), and the "Rimborsa" form
 * for a partial refund with its reason. `version` (the order's updated_at) reloads it when the
 * order changes, e.g. right after a cancel sent the full refund.
 */
export function RefundsPanel({ orderId, version }: { orderId: number; version: string }) {
  const queryClient = useQueryClient();
  const key = ['refunds', orderId, version];
  const refunds = useQuery({ queryKey: key, queryFn: () => api('GET', `/admin/orders/${orderId}/refunds`, OrderRefundsResponseSchema) });
  const { feedback, errors, clear, notice, fail } = useFeedback();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [requestId, setRequestId] = useState(submissionId);

  const show = (res: { data: OrderRefunds }) => {
    queryClient.setQueryData(key, res);
    void queryClient.invalidateQueries({ queryKey: ['order', orderId] });
  };
  const refund = useMutation({
    mutationFn: () => api('POST', `/admin/orders/${orderId}/refunds`, OrderRefundsResponseSchema, { amount: amountOf(amount), reason, request_id: requestId }),
    onMutate: clear,
    onSuccess: (res) => {
      show(res);
      setAmount('');
      setReason('');
      setRequestId(submissionId());
      notice(t.done);
    },
    onError: fail,
  });
  const retry = useMutation({
    mutationFn: (refundId: number) => api('POST', `/admin/orders/${orderId}/refunds/${refundId}/retry`, OrderRefundsResponseSchema),
    onMutate: clear,
    onSuccess: show,
    onError: fail,
  });

  if (refunds.isPending || refunds.isError) return null;
  const r = refunds.data.data;
  if (r.paid === 0 && r.refunds.length === 0) return null;
  const state = refundStateLabel(r.state);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    refund.mutate();
  };

  return (
    <section aria-labelledby="refunds-title">
      <h2 id="refunds-title">
        {t.title}
        {state ? <span className="status"> {state}</span> : null}
      </h2>
      <p>
        {fillMessage(t.paidLine, { amount: formatEuro(r.paid) })} · {fillMessage(t.refundedLine, { amount: formatEuro(r.refunded) })} ·{' '}
        {fillMessage(t.refundableLine, { amount: formatEuro(r.refundable) })}
      </p>
      {r.refunds.length === 0 ? (
        <p>{t.none}</p>
      ) : (
        <ul className="cards">
          {r.refunds.map((x) => (
            <li key={x.id}>
              <p>
                <strong>{formatEuro(x.amount)}</strong> · {t.status[x.status]} · {formatDateTime(x.created_at)}
                {x.attempts > 1 ? fillMessage(consoleMessages.orders.refundAttempts, { attempts: x.attempts }) : ''}
              </p>
              <p>{x.reason}</p>
              {x.error ? <p className="error">{x.error}</p> : null}
              {x.can_retry ? (
                <button type="button" disabled={retry.isPending} onClick={() => retry.mutate(x.id)}>
                  {t.retryAction}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {r.refundable > 0 ? (
        <form onSubmit={submit} noValidate>
          <div>
            <label>
              {t.amountLabel}
              <input
                inputMode="decimal"
                value={amount}
                {...errorLink(errors.amount, 'refund-amount-error')}
                onChange={(e) => setAmount(e.target.value)}
              />
            </label>
            <FieldError errors={errors} name="amount" id="refund-amount-error" />
          </div>
          <div>
            <label>
              {t.reasonLabel}
              <textarea
                rows={2}
                maxLength={500}
                value={reason}
                {...errorLink(errors.reason, 'refund-reason-error')}
                onChange={(e) => setReason(e.target.value)}
              />
            </label>
            <FieldError errors={errors} name="reason" id="refund-reason-error" />
          </div>
          <button type="submit" disabled={refund.isPending}>
            {t.refundAction}
          </button>
        </form>
      ) : null}
      {feedback ? (
        <p className={feedback.kind} role={feedback.kind === 'error' ? 'alert' : 'status'}>
          {feedback.text}
        </p>
      ) : null}
    </section>
  );
}
