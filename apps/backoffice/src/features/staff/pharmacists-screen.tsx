import { StaffAccountListResponseSchema, StaffAccountResponseSchema, fillMessage, consoleMessages, messages } from '@farmacia/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError, api } from '../../lib/api';
import { currentStaff } from '../../lib/session';
import { type Feedback, FeedbackLine, QueryError } from '../../components/feedback';
import { LinkButton } from '../../components/link-button';
import { InvitationsPanel } from './invitations-panel';


/** Admins: the staff accounts of a shop, a new pharmacist, and ending someone's sessions. */
export function PharmacistsScreen() {
  const queryClient = useQueryClient();
  const [shopId, setShopId] = useState(String(currentStaff()?.shop_id ?? 1));
  const shop = Number(shopId) > 0 ? Number(shopId) : 1;
  const list = useQuery({
    queryKey: ['pharmacists', shop],
    queryFn: () => api('GET', `/admin/pharmacists?shop_id=${shop}`, StaffAccountListResponseSchema),
  });
  const [form, setForm] = useState({ name: '', email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<Feedback>(null);

  const create = useMutation({
    mutationFn: () => api('POST', '/admin/pharmacists', StaffAccountResponseSchema, { ...form, shop_id: shop }),
    onMutate: () => {
      setErrors({});
      setMessage(null);
    },
    onSuccess: (res) => {
      void queryClient.invalidateQueries({ queryKey: ['pharmacists'] });
      setForm({ name: '', email: '', password: '' });
      setMessage({ kind: 'notice', text: fillMessage(consoleMessages.pharmacists.created, { name: res.data.name }) });
    },
    onError: (e) => {
      if (e instanceof ApiError && e.status === 422) setErrors(e.errors);
      setMessage({ kind: 'error', text: e.message });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: number) => api('POST', `/admin/pharmacists/${id}/revoke-sessions?shop_id=${shop}`, StaffAccountResponseSchema),
    onSuccess: (res) => {
      void queryClient.invalidateQueries({ queryKey: ['pharmacists'] });
      setMessage({ kind: 'notice', text: fillMessage(consoleMessages.pharmacists.sessionsEnded, { name: res.data.name }) });
    },
    onError: (e) => setMessage({ kind: 'error', text: e.message }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const err = (k: string) => (errors[k]?.at(-1) ? <span className="field-error">{errors[k]?.at(-1)}</span> : null);

  return (
    <section aria-labelledby="pharmacists-title">
      <h1 id="pharmacists-title">{consoleMessages.layout.nav.pharmacists}</h1>
      <label>
        {consoleMessages.pharmacists.shopNumber}
        <input type="number" min={1} value={shopId} onChange={(e) => setShopId(e.target.value)} />
      </label>
      <QueryError query={list} />
      <ul className="cards">
        {list.data?.data.map((a) => (
          <li key={a.id}>
            <strong>{a.name}</strong> · {a.email} · {a.role === 'admin' ? messages.backofficeLabels.actorRoles.admin : messages.backofficeLabels.actorRoles.pharmacist} · {consoleMessages.pharmacists.activeSessions}{' '}
            {a.active_sessions}{' '}
            {a.active_sessions > 0 && a.id !== currentStaff()?.id ? (
              <LinkButton
                hint={fillMessage(consoleMessages.common.ofName, { name: a.name })}
                disabled={revoke.isPending}
                onClick={() => window.confirm(fillMessage(consoleMessages.pharmacists.endSessionsConfirm, { name: a.name })) && revoke.mutate(a.id)}
              >
                {consoleMessages.pharmacists.endSessions}
              </LinkButton>
            ) : null}
          </li>
        ))}
      </ul>
      <InvitationsPanel shop={shop} />
      <form onSubmit={submit} className="card" noValidate aria-label={consoleMessages.pharmacists.newPharmacist}>
        <h2>{consoleMessages.pharmacists.newPharmacist}</h2>
        <label>
          {consoleMessages.pharmacists.fullName}
          <input type="text" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        </label>
        {err('name')}
        <label>
          {consoleMessages.common.email}
          <input type="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
        </label>
        {err('email')}
        <label>
          {consoleMessages.pharmacists.initialPassword}
          <input
            type="password"
            autoComplete="new-password"
            value={form.password}
            onChange={(e) => setForm({ ...form, password: e.target.value })}
          />
        </label>
        {err('password')}
        <button type="submit" disabled={create.isPending}>
          {consoleMessages.pharmacists.create}
        </button>
      </form>
      <FeedbackLine feedback={message} />
    </section>
  );
}
