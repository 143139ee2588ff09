import { AdminLoyaltyCardDetailResponseSchema, AdminLoyaltyCardListResponseSchema, fillMessage, messages, consoleMessages } from '@farmacia/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api } from '../../lib/api';
import { formatDateTime, formatDay } from '../../app/format';
import { FeedbackLine, FieldError, QueryError, useFeedback } from '../../components/feedback';
import { LinkButton } from '../../components/link-button';
import { GridTable } from '../../components/grid-table';
import { useShopChoice } from '../../lib/use-shop-choice';

const B = messages.loyaltyBlock;

const REASONS: Record<string, string> = {
  order: consoleMessages.loyalty.reasons.order,
  referral: consoleMessages.loyalty.reasons.referral,
  welcome: consoleMessages.loyalty.reasons.welcome,
  reset: consoleMessages.loyalty.reasons.reset,
  adjustment: consoleMessages.loyalty.reasons.adjustment,
};

/**
 * Loyalty cards (decision 0314): find a customer's card, read its history, add or take points
 * with a reason (never below zero), re-issue a lost card with a new number and the same points,
 * block it (it earns nothing, the app withdraws its barcode) and unblock it (decision 0531).
 */
export function LoyaltyScreen() {
  const choice = useShopChoice();
  const [q, setQ] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const list = useQuery({
    queryKey: ['admin-loyalty', choice.key, q],
    queryFn: () => api('GET', choice.query(`/admin/loyalty-cards${q ? `?q=${encodeURIComponent(q)}` : ''}`), AdminLoyaltyCardListResponseSchema),
  });
  return (
    <section aria-labelledby="loyalty-title">
      <h1 id="loyalty-title">{consoleMessages.layout.nav.loyalty}</h1>
      <p className="hint">{consoleMessages.loyalty.medicinesExcluded}</p>
      {choice.picker}
      <div className="toolbar">
        <label>
          {consoleMessages.loyalty.search}
          <input type="search" value={q} onChange={(e) => setQ(e.target.value)} />
        </label>
      </div>
      <QueryError query={list} />
      {list.data && list.data.data.length === 0 ? <p>{consoleMessages.loyalty.empty}</p> : null}
      <GridTable label={consoleMessages.layout.nav.loyalty} columns={[consoleMessages.loyalty.card, consoleMessages.common.customer, consoleMessages.loyalty.points, B.status, consoleMessages.loyalty.lastMove, consoleMessages.loyalty.detail]}>
        {list.data?.data.map((c) => (
          <tr key={c.id} aria-selected={selected === c.id}>
            <td>{c.card_number}</td>
            <td>
              {c.customer.name}
              <br />
              {c.customer.email}
            </td>
            <td>{c.score}</td>
            <td>{c.blocked_at ? B.blocked : B.active}</td>
            <td>{formatDateTime(c.updated_at)}</td>
            <td>
              <LinkButton hint={fillMessage(consoleMessages.loyalty.cardHint, { number: c.card_number })} onClick={() => setSelected(c.id)}>
                {consoleMessages.common.open}
              </LinkButton>
            </td>
          </tr>
        ))}
      </GridTable>
      {selected !== null ? <CardDetail key={`${choice.key}-${selected}`} id={selected} choice={choice} /> : null}
    </section>
  );
}

function CardDetail({ id, choice }: { id: number; choice: ReturnType<typeof useShopChoice> }) {
  const queryClient = useQueryClient();
  const queryKey = ['admin-loyalty-card', choice.key, id];
  const card = useQuery({ queryKey, queryFn: () => api('GET', choice.query(`/admin/loyalty-cards/${id}`), AdminLoyaltyCardDetailResponseSchema) });
  const [form, setForm] = useState({ points: '', reason: '' });
  const s = useFeedback();
  const done = (text: string) => (res: { data: unknown }) => {
    queryClient.setQueryData(queryKey, res);
    void queryClient.invalidateQueries({ queryKey: ['admin-loyalty'] });
    s.notice(text);
  };
  const adjust = useMutation({
    mutationFn: () =>
      api('POST', `/admin/loyalty-cards/${id}/adjust`, AdminLoyaltyCardDetailResponseSchema, choice.body({ points: Number(form.points), reason: form.reason })),
    onMutate: () => s.clear(),
    onSuccess: (res) => {
      done(consoleMessages.loyalty.pointsUpdated)(res);
      setForm({ points: '', reason: '' });
    },
    onError: (e) => s.fail(e),
  });
  const reissue = useMutation({
    mutationFn: (reason: string) => api('POST', `/admin/loyalty-cards/${id}/reissue`, AdminLoyaltyCardDetailResponseSchema, choice.body({ reason })),
    onMutate: () => s.clear(),
    onSuccess: (res) => done(fillMessage(consoleMessages.loyalty.reissued, { number: res.data.card_number }))(res),
    onError: (e) => s.fail(e),
  });
  const [blockReason, setBlockReason] = useState('');
  const block = useMutation({
    mutationFn: (blocked: boolean) =>
      api(
        'POST',
        `/admin/loyalty-cards/${id}/${blocked ? 'block' : 'unblock'}`,
        AdminLoyaltyCardDetailResponseSchema,
        choice.body(blocked ? { reason: blockReason } : {}),
      ),
    onMutate: () => s.clear(),
    onSuccess: (res) => {
      done(res.data.blocked_at ? B.blockedDone : B.unblockedDone)(res);
      setBlockReason('');
    },
    onError: (e) => s.fail(e),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    adjust.mutate();
  };
  if (card.isError)
    return (
      <p className="error" role="alert">
        {card.error.message}
      </p>
    );
  const c = card.data?.data;
  if (!c) return <p>{messages.staffAlerts.loading}</p>;
  return (
    <section aria-labelledby="card-title" className="card wide">
      <h2 id="card-title">
        {consoleMessages.loyalty.card} {c.card_number} · {c.customer.name}
      </h2>
      <dl className="facts">
        <dt>{consoleMessages.loyalty.points}</dt>
        <dd data-testid="card-score">{c.score}</dd>
        <dt>{consoleMessages.loyalty.validUntil}</dt>
        <dd>{formatDay(c.reset_date)}</dd>
        <dt>{consoleMessages.common.email}</dt>
        <dd>{c.customer.email}</dd>
        <dt>{B.status}</dt>
        <dd data-testid="card-status">
          {c.blocked_at ? `${B.blocked} · ${fillMessage(B.blockedSince, { date: formatDateTime(c.blocked_at) })}` : B.active}
          {c.blocked_at && c.blocked_reason ? ` — ${c.blocked_reason}` : ''}
        </dd>
        {c.previous_numbers.length > 0 ? (
          <>
            <dt>{B.previousNumbers}</dt>
            <dd>{c.previous_numbers.map((p) => p.card_number).join(', ')}</dd>
          </>
        ) : null}
      </dl>
      <form
        noValidate
        aria-label={c.blocked_at ? B.unblock : B.block}
        onSubmit={(e) => {
          e.preventDefault();
          block.mutate(!c.blocked_at);
        }}
      >
        {c.blocked_at ? null : (
          <>
            <label>
              {B.blockReason}
              <input type="text" maxLength={200} value={blockReason} onChange={(e) => setBlockReason(e.target.value)} />
            </label>
            <FieldError errors={s.errors} name="reason" />
          </>
        )}
        <div className="actions">
          <button type="submit" className={c.blocked_at ? 'secondary' : 'danger'} disabled={block.isPending}>
            {c.blocked_at ? B.unblock : B.block}
          </button>
        </div>
      </form>
      <form onSubmit={submit} noValidate aria-label={consoleMessages.loyalty.adjustPoints}>
        <h3>{consoleMessages.loyalty.adjustPoints}</h3>
        <label>
          {consoleMessages.loyalty.pointsToAdd}
          <input inputMode="numeric" value={form.points} onChange={(e) => setForm({ ...form, points: e.target.value })} />
        </label>
        <FieldError errors={s.errors} name="points" />
        <label>
          {consoleMessages.common.reason}
          <input type="text" maxLength={200} value={form.reason} onChange={(e) => setForm({ ...form, reason: e.target.value })} />
        </label>
        <FieldError errors={s.errors} name="reason" />
        <div className="actions">
          <button type="submit" disabled={adjust.isPending}>
            {consoleMessages.loyalty.saveAdjustment}
          </button>
          <button
            type="button"
            className="secondary"
            disabled={reissue.isPending}
            onClick={() => {
              const reason = window.prompt(consoleMessages.loyalty.reissueReason);
              if (reason) reissue.mutate(reason);
            }}
          >
            {consoleMessages.loyalty.reissue}
          </button>
        </div>
      </form>
      <FeedbackLine feedback={s.feedback} />
      <h3>{consoleMessages.loyalty.moves}</h3>
      <ul className="history">
        {c.movements.map((m) => (
          <li key={m.id}>
            {formatDateTime(m.created_at)} · {m.points > 0 ? `+${m.points}` : m.points} · {REASONS[m.reason] ?? m.reason}
            {m.note ? ` — ${m.note}` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
