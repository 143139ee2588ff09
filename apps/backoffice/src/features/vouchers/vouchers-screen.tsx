import { type AdminVoucher, AdminVoucherListResponseSchema, AdminVoucherResponseSchema, consoleMessages, fillMessage } from '@farmacia/contract';
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

const KINDS = { percent: consoleMessages.vouchers.kinds.percent, fixed: consoleMessages.vouchers.kinds.amount, free_shipping: consoleMessages.vouchers.kinds.freeShipping } as const;

const describe = (v: AdminVoucher) =>
  v.kind === 'percent' ? `${v.value}%` : v.kind === 'fixed' ? formatEuro(v.value) : consoleMessages.vouchers.kinds.freeShipping;

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
      s.notice(fillMessage(consoleMessages.vouchers.saved, { code: res.data.code }));
      setEditing(null);
      setForm(EMPTY);
    },
    onError: (e) => s.fail(e),
  });
  const deactivate = useMutation({
    mutationFn: (v: AdminVoucher) => api('POST', choice.query(`/admin/vouchers/${v.id}/deactivate`), AdminVoucherResponseSchema),
    onSuccess: (res) => {
      void queryClient.invalidateQueries({ queryKey: ['admin-vouchers'] });
      s.notice(fillMessage(consoleMessages.vouchers.deactivated, { code: res.data.code }));
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
      <h1 id="vouchers-title">{consoleMessages.layout.nav.vouchers}</h1>
      {choice.picker}
      <form className="card" onSubmit={submit} noValidate aria-labelledby="voucher-form-title">
        <h2 id="voucher-form-title">{editing ? fillMessage(consoleMessages.vouchers.editNamed, { code: editing.code }) : consoleMessages.vouchers.newVoucher}</h2>
        <p className="hint">{consoleMessages.vouchers.medicinesExcluded}</p>
        <label>
          {consoleMessages.common.code}
          <input type="text" value={form.code} maxLength={30} onChange={(e) => set('code', e.target.value.toUpperCase())} />
        </label>
        <FieldError errors={s.errors} name="code" />
        <label>
          {consoleMessages.common.name}
          <input type="text" value={form.name} maxLength={100} onChange={(e) => set('name', e.target.value)} />
        </label>
        <FieldError errors={s.errors} name="name" />
        <label>
          {consoleMessages.vouchers.descriptionOptional}
          <input type="text" value={form.description} maxLength={500} onChange={(e) => set('description', e.target.value)} />
        </label>
        <FieldError errors={s.errors} name="description" />
        <LabelSelect label={consoleMessages.vouchers.kind} value={form.kind} onChange={(kind) => set('kind', kind)} labels={KINDS} />
        {form.kind !== 'free_shipping' ? (
          <label>
            {form.kind === 'percent' ? consoleMessages.vouchers.percentOff : consoleMessages.vouchers.amountOff}
            <input inputMode="decimal" value={form.value} onChange={(e) => set('value', e.target.value)} />
          </label>
        ) : null}
        <FieldError errors={s.errors} name="value" />
        <label>
          {consoleMessages.vouchers.validFrom}
          <input type="date" value={form.valid_from} onChange={(e) => set('valid_from', e.target.value)} />
        </label>
        <FieldError errors={s.errors} name="valid_from" />
        <label>
          {consoleMessages.vouchers.validTo}
          <input type="date" value={form.valid_to} onChange={(e) => set('valid_to', e.target.value)} />
        </label>
        <FieldError errors={s.errors} name="valid_to" />
        <label>
          {consoleMessages.vouchers.minimumSpend}
          <input inputMode="decimal" value={form.minimum_cart_total} onChange={(e) => set('minimum_cart_total', e.target.value)} />
        </label>
        <FieldError errors={s.errors} name="minimum_cart_total" />
        <label>
          {consoleMessages.vouchers.maxUses}
          <input inputMode="numeric" value={form.total_limit} onChange={(e) => set('total_limit', e.target.value)} />
        </label>
        <FieldError errors={s.errors} name="total_limit" />
        <label>
          {consoleMessages.vouchers.maxUsesPerCustomer}
          <input inputMode="numeric" value={form.per_customer_limit} onChange={(e) => set('per_customer_limit', e.target.value)} />
        </label>
        <FieldError errors={s.errors} name="per_customer_limit" />
        <label className="inline">
          <input type="checkbox" checked={form.include_promo_product} onChange={(e) => set('include_promo_product', e.target.checked)} />
          {consoleMessages.vouchers.onPromotions}
        </label>
        <label className="inline">
          <input type="checkbox" checked={form.active} onChange={(e) => set('active', e.target.checked)} />
          {consoleMessages.common.active}
        </label>
        <FormActions
          submit={editing ? consoleMessages.vouchers.saveChanges : consoleMessages.vouchers.create}
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
          cancelLabel={consoleMessages.vouchers.cancelEdit}
        />
      </form>
      <FeedbackLine feedback={s.feedback} />
      <div className="toolbar">
        <label>
          {consoleMessages.vouchers.search}
          <input type="search" value={q} onChange={(e) => setQ(e.target.value)} />
        </label>
      </div>
      {list.data && list.data.data.length === 0 ? <p>{consoleMessages.vouchers.empty}</p> : null}
      <GridTable label={consoleMessages.layout.nav.vouchers} columns={[consoleMessages.common.code, consoleMessages.vouchers.discount, consoleMessages.vouchers.validity, consoleMessages.vouchers.uses, consoleMessages.common.status, consoleMessages.common.actions]}>
        {list.data?.data.map((v) => (
          <tr key={v.id}>
            <td>
              <strong>{v.code}</strong>
              <br />
              {v.name}
            </td>
            <td>
              {describe(v)}
              {v.minimum_cart_total > 0 ? fillMessage(consoleMessages.vouchers.minimum, { amount: formatEuro(v.minimum_cart_total) }) : ''}
            </td>
            <td>
              {v.valid_from ? fillMessage(consoleMessages.vouchers.fromDay, { day: formatDay(v.valid_from) }) : consoleMessages.vouchers.fromNow}
              <br />
              {v.valid_to ? fillMessage(consoleMessages.vouchers.toDay, { day: formatDay(v.valid_to) }) : consoleMessages.vouchers.noExpiry}
            </td>
            <td>
              {v.uses}
              {v.total_limit !== null ? ` / ${v.total_limit}` : ''}
            </td>
            <td>{v.active ? consoleMessages.common.active : consoleMessages.vouchers.deactivatedStatus}</td>
            <td>
              <LinkButton
                hint={v.code}
                onClick={() => {
                  setEditing(v);
                  setForm(toForm(v));
                  s.clear();
                }}
              >
                {consoleMessages.common.edit}
              </LinkButton>
              {v.active ? (
                <LinkButton
                  hint={v.code}
                  disabled={deactivate.isPending}
                  onClick={() => window.confirm(fillMessage(consoleMessages.vouchers.deactivateConfirm, { code: v.code })) && deactivate.mutate(v)}
                >
                  {consoleMessages.common.deactivate}
                </LinkButton>
              ) : null}
            </td>
          </tr>
        ))}
      </GridTable>
    </section>
  );
}
