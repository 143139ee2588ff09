import { type AdminInfoRequest, AdminInfoRequestListResponseSchema, AdminInfoRequestResponseSchema, consoleMessages, fillMessage } from '@farmacia/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api';
import { formatDateTime } from '../../app/format';
import { FeedbackLine, FieldError, QueryError, useFeedback } from '../../components/feedback';
import { LinkButton } from '../../components/link-button';
import { useShopChoice } from '../../lib/use-shop-choice';

const FILTERS = [
  ['new', consoleMessages.inbox.filters.open],
  ['handled', consoleMessages.inbox.filters.handled],
  ['all', consoleMessages.inbox.filters.all],
] as const;

/**
 * Customers' info requests about shop services (decision 0314), newest first: open one, call or
 * write to the customer, mark it handled — with a reply, the customer gets it by email/push.
 */
export function InboxScreen() {
  const choice = useShopChoice();
  const [status, setStatus] = useState<(typeof FILTERS)[number][0]>('new');
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useQuery({
    queryKey: ['admin-inbox', choice.key, status],
    queryFn: () => api('GET', choice.query(`/admin/info-requests?status=${status}`), AdminInfoRequestListResponseSchema),
    refetchInterval: 30_000,
  });
  const open = list.data?.data.find((r) => r.id === openId);
  return (
    <section aria-labelledby="inbox-title">
      <h1 id="inbox-title">{consoleMessages.layout.nav.inbox}</h1>
      {choice.picker}
      <fieldset className="tabs">
        <legend className="sr-only">{consoleMessages.inbox.filter}</legend>
        {FILTERS.map(([value, label]) => (
          <button
            key={value}
            type="button"
            className={`tab${status === value ? ' active' : ''}`}
            aria-pressed={status === value}
            onClick={() => setStatus(value)}
          >
            {label}
            {value === 'new' && list.data ? <span className="badge">{list.data.new_count}</span> : null}
          </button>
        ))}
      </fieldset>
      <QueryError query={list} />
      {list.data && list.data.data.length === 0 ? <p>{consoleMessages.inbox.empty}</p> : null}
      <ul className="cards">
        {list.data?.data.map((r) => (
          <li key={r.id}>
            <strong>{r.shop_service_name}</strong> · {r.customer.name} · {formatDateTime(r.created_at)} ·{' '}
            {r.status === 'new' ? consoleMessages.inbox.statusOpen : consoleMessages.inbox.statusHandled}{' '}
            <LinkButton hint={fillMessage(consoleMessages.inbox.requestHint, { customer: r.customer.name })} onClick={() => setOpenId(r.id)}>
              {consoleMessages.common.open}
            </LinkButton>
          </li>
        ))}
      </ul>
      {open ? <RequestDetail key={open.id} request={open} choice={choice} /> : null}
    </section>
  );
}

function RequestDetail({ request, choice }: { request: AdminInfoRequest; choice: ReturnType<typeof useShopChoice> }) {
  const queryClient = useQueryClient();
  const [reply, setReply] = useState(request.reply ?? '');
  const s = useFeedback();
  const handle = useMutation({
    mutationFn: () => api('POST', `/admin/info-requests/${request.id}/handle`, AdminInfoRequestResponseSchema, choice.body({ reply })),
    onMutate: () => s.clear(),
    onSuccess: (res) => {
      void queryClient.invalidateQueries({ queryKey: ['admin-inbox'] });
      s.notice(res.data.reply ? consoleMessages.inbox.replied : consoleMessages.inbox.markedHandled);
    },
    onError: (e) => s.fail(e),
  });
  return (
    <section className="card wide" aria-labelledby="request-title">
      <h2 id="request-title">
        {request.shop_service_name} — {request.customer.name}
      </h2>
      <dl className="facts">
        <dt>{consoleMessages.inbox.received}</dt>
        <dd>{formatDateTime(request.created_at)}</dd>
        <dt>{consoleMessages.common.email}</dt>
        <dd>
          <a href={`mailto:${request.customer.email}`}>{request.customer.email}</a>
        </dd>
        <dt>{consoleMessages.common.phone}</dt>
        <dd>{request.customer.phone_number ? <a href={`tel:+39${request.customer.phone_number}`}>{request.customer.phone_number}</a> : '—'}</dd>
        <dt>{consoleMessages.inbox.customerNotes}</dt>
        <dd>{request.note ?? '—'}</dd>
        {request.handled_at ? (
          <>
            <dt>{consoleMessages.inbox.handled}</dt>
            <dd>
              {formatDateTime(request.handled_at)}
              {request.handled_by_name ? fillMessage(consoleMessages.inbox.handledBy, { name: request.handled_by_name }) : ''}
            </dd>
          </>
        ) : null}
      </dl>
      <label>
        {consoleMessages.inbox.reply}
        <textarea rows={4} maxLength={2000} value={reply} onChange={(e) => setReply(e.target.value)} />
      </label>
      <FieldError errors={s.errors} name="reply" />
      <div className="actions">
        <button type="button" disabled={handle.isPending} onClick={() => handle.mutate()}>
          {reply.trim() ? consoleMessages.inbox.replyAndHandle : consoleMessages.inbox.markHandled}
        </button>
      </div>
      <FeedbackLine feedback={s.feedback} />
    </section>
  );
}
