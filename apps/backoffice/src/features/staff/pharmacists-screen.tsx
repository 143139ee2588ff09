import { StaffAccountListResponseSchema, StaffAccountResponseSchema } from '@farmacia/contract';
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
      setMessage({ kind: 'notice', text: `Account creato per ${res.data.name}.` });
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
      setMessage({ kind: 'notice', text: `Sessioni di ${res.data.name} terminate.` });
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
      <h1 id="pharmacists-title">Farmacisti</h1>
      <label>
        Farmacia (numero)
        <input type="number" min={1} value={shopId} onChange={(e) => setShopId(e.target.value)} />
      </label>
      <QueryError query={list} />
      <ul className="cards">
        {list.data?.data.map((a) => (
          <li key={a.id}>
            <strong>{a.name}</strong> · {a.email} · {a.role === 'admin' ? 'amministratore' : 'farmacista'} · sessioni attive:{' '}
            {a.active_sessions}{' '}
            {a.active_sessions > 0 && a.id !== currentStaff()?.id ? (
              <LinkButton
                hint={`di ${a.name}`}
                disabled={revoke.isPending}
                onClick={() => window.confirm(`Terminare tutte le sessioni di ${a.name}?`) && revoke.mutate(a.id)}
              >
                Termina sessioni
              </LinkButton>
            ) : null}
          </li>
        ))}
      </ul>
      <InvitationsPanel shop={shop} />
      <form onSubmit={submit} className="card" noValidate aria-label="Nuovo farmacista">
        <h2>Nuovo farmacista</h2>
        <label>
          Nome e cognome
          <input type="text" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        </label>
        {err('name')}
        <label>
          Email
          <input type="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
        </label>
        {err('email')}
        <label>
          Password iniziale
          <input
            type="password"
            autoComplete="new-password"
            value={form.password}
            onChange={(e) => setForm({ ...form, password: e.target.value })}
          />
        </label>
        {err('password')}
        <button type="submit" disabled={create.isPending}>
          Crea account
        </button>
      </form>
      <FeedbackLine feedback={message} />
    </section>
  );
}
