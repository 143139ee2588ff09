import { type AdminVoucher, AdminVoucherListResponseSchema, AdminVoucherResponseSchema } from '@farmacia/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api } from '../../lib/api';
import { formatDay, formatEuro } from '../../app/format';
import { FormActions } from '../../components/form-actions';
import { FeedbackLine, FieldError, useFeedback } from '../../components/feedback';
import { LinkButton } from '../../components/link-button';
import { GridTable } from '../../components/grid-table';
import { useShopChoice } from '../../lib/use-shop-choice';
import { EMPTY, toBody, toForm, type VoucherForm } from './voucher-form';
import { LabelSelect } from '../../components/named-select';

const KINDS = { percent: 'Percentuale', fixed: 'Importo fisso', free_shipping: 'Spedizione gratuita' } as const;

const describe = (v: AdminVoucher) =>
  v.kind === 'percent' ? `${v.value}%` : v.kind === 'fixed' ? formatEuro(v.value) : 'Spedizione gratuita';

/** The shop's discount codes (decision 0313): list, new, edit, deactivate. */
export function VouchersScreen() {
  const choice = useShopChoice();
  const queryClient = useQueryClient();
  const [q, setQ] = useState('');
  const queryKey = ['admin-vouchers', choice.key, q];
  const list = useQuery({
    queryKey,
    queryFn: () => api('GET', choice.query(`/admin/vouchers${q ? `?q=${encodeURIComponent(q)}` : ''}`), AdminVoucherListResponseSchema),
  });
  const [editing, setEditing] = useState<AdminVoucher | null>(null);
  const [form, setForm] = useState<VoucherForm>(EMPTY);
  const s = useFeedback();

  const save = useMutation({
    mutationFn: () =>
      editing
        ? api('PUT', `/admin/vouchers/${editing.id}`, AdminVoucherResponseSchema, choice.body(toBody(form)))
        : api('POST', '/admin/vouchers', AdminVoucherResponseSchema, choice.body(toBody(form))),
    onMutate: () => s.clear(),
    onSuccess: (res) => {
      void queryClient.invalidateQueries({ queryKey: ['admin-vouchers'] });
      s.notice(`Codice ${res.data.code} salvato.`);
      setEditing(null);
      setForm(EMPTY);
    },
    onError: (e) => s.fail(e),
  });
  const deactivate = useMutation({
    mutationFn: (v: AdminVoucher) => api('POST', choice.query(`/admin/vouchers/${v.id}/deactivate`), AdminVoucherResponseSchema),
    onSuccess: (res) => {
      void queryClient.invalidateQueries({ queryKey: ['admin-vouchers'] });
      s.notice(`Codice ${res.data.code} disattivato.`);
    },
    onError: (e) => s.fail(e),
  });
  const set = <K extends keyof VoucherForm>(k: K, v: VoucherForm[K]) => setForm({ ...form, [k]: v });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };

  return (
    <section aria-labelledby="vouchers-title">
      <h1 id="vouchers-title">Codici sconto</h1>
      {choice.picker}
      <form className="card" onSubmit={submit} noValidate aria-labelledby="voucher-form-title">
        <h2 id="voucher-form-title">{editing ? `Modifica ${editing.code}` : 'Nuovo codice sconto'}</h2>
        <label>
          Codice
          <input type="text" value={form.code} maxLength={30} onChange={(e) => set('code', e.target.value.toUpperCase())} />
        </label>
        <FieldError errors={s.errors} name="code" />
        <label>
          Nome
          <input type="text" value={form.name} maxLength={100} onChange={(e) => set('name', e.target.value)} />
        </label>
        <FieldError errors={s.errors} name="name" />
        <label>
          Descrizione (facoltativa)
          <input type="text" value={form.description} maxLength={500} onChange={(e) => set('description', e.target.value)} />
        </label>
        <FieldError errors={s.errors} name="description" />
        <LabelSelect label="Tipo" value={form.kind} onChange={(kind) => set('kind', kind)} labels={KINDS} />
        {form.kind !== 'free_shipping' ? (
          <label>
            {form.kind === 'percent' ? 'Sconto (%)' : 'Sconto (€)'}
            <input inputMode="decimal" value={form.value} onChange={(e) => set('value', e.target.value)} />
          </label>
        ) : null}
        <FieldError errors={s.errors} name="value" />
        <label>
          Valido dal (facoltativo)
          <input type="date" value={form.valid_from} onChange={(e) => set('valid_from', e.target.value)} />
        </label>
        <FieldError errors={s.errors} name="valid_from" />
        <label>
          Valido fino al (compreso, facoltativo)
          <input type="date" value={form.valid_to} onChange={(e) => set('valid_to', e.target.value)} />
        </label>
        <FieldError errors={s.errors} name="valid_to" />
        <label>
          Spesa minima (€)
          <input inputMode="decimal" value={form.minimum_cart_total} onChange={(e) => set('minimum_cart_total', e.target.value)} />
        </label>
        <FieldError errors={s.errors} name="minimum_cart_total" />
        <label>
          Utilizzi totali massimi (vuoto = senza limite)
          <input inputMode="numeric" value={form.total_limit} onChange={(e) => set('total_limit', e.target.value)} />
        </label>
        <FieldError errors={s.errors} name="total_limit" />
        <label>
          Utilizzi per cliente (vuoto = senza limite)
          <input inputMode="numeric" value={form.per_customer_limit} onChange={(e) => set('per_customer_limit', e.target.value)} />
        </label>
        <FieldError errors={s.errors} name="per_customer_limit" />
        <label className="inline">
          <input type="checkbox" checked={form.include_promo_product} onChange={(e) => set('include_promo_product', e.target.checked)} />
          Vale anche sui prodotti già in promozione
        </label>
        <label className="inline">
          <input type="checkbox" checked={form.active} onChange={(e) => set('active', e.target.checked)} />
          Attivo
        </label>
        <FormActions
          submit={editing ? 'Salva modifiche' : 'Crea codice'}
          pending={save.isPending}
          onCancel={
            editing
              ? () => {
                  setEditing(null);
                  setForm(EMPTY);
                  s.clear();
                }
              : undefined
          }
          cancelLabel="Annulla modifica"
        />
      </form>
      <FeedbackLine feedback={s.feedback} />
      <div className="toolbar">
        <label>
          Cerca codice o nome
          <input type="search" value={q} onChange={(e) => setQ(e.target.value)} />
        </label>
      </div>
      {list.data && list.data.data.length === 0 ? <p>Nessun codice sconto.</p> : null}
      <GridTable label="Codici sconto" columns={['Codice', 'Sconto', 'Validità', 'Utilizzi', 'Stato', 'Azioni']}>
        {list.data?.data.map((v) => (
          <tr key={v.id}>
            <td>
              <strong>{v.code}</strong>
              <br />
              {v.name}
            </td>
            <td>
              {describe(v)}
              {v.minimum_cart_total > 0 ? ` · minimo ${formatEuro(v.minimum_cart_total)}` : ''}
            </td>
            <td>
              {v.valid_from ? `dal ${formatDay(v.valid_from)}` : 'da subito'}
              <br />
              {v.valid_to ? `al ${formatDay(v.valid_to)}` : 'senza scadenza'}
            </td>
            <td>
              {v.uses}
              {v.total_limit !== null ? ` / ${v.total_limit}` : ''}
            </td>
            <td>{v.active ? 'Attivo' : 'Disattivato'}</td>
            <td>
              <LinkButton
                hint={v.code}
                onClick={() => {
                  setEditing(v);
                  setForm(toForm(v));
                  s.clear();
                }}
              >
                Modifica
              </LinkButton>
              {v.active ? (
                <LinkButton
                  hint={v.code}
                  disabled={deactivate.isPending}
                  onClick={() => window.confirm(`Disattivare ${v.code}? I clienti non potranno più usarlo.`) && deactivate.mutate(v)}
                >
                  Disattiva
                </LinkButton>
              ) : null}
            </td>
          </tr>
        ))}
      </GridTable>
    </section>
  );
}
