import { type AdminShop, type AdminShopInput, AdminShopListResponseSchema, AdminShopResponseSchema, consoleMessages, fillMessage } from '@farmacia/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError, api } from '../../lib/api';
import { FormActions } from '../../components/form-actions';
import { type Feedback, FeedbackLine, QueryError } from '../../components/feedback';
import { LinkButton } from '../../components/link-button';
import { GridTable } from '../../components/grid-table';
import { TextFields } from '../../components/text-fields';
import { ShopLegalBlock } from './shop-legal-form';


type ShopForm = Record<'name' | 'address' | 'city' | 'postal_code' | 'province' | 'phone' | 'email', string>;
const EMPTY: ShopForm = { name: '', address: '', city: '', postal_code: '', province: '', phone: '', email: '' };
const FIELDS: Array<[keyof ShopForm, string, string]> = [
  ['name', consoleMessages.common.name, 'text'],
  ['address', consoleMessages.shops.address, 'text'],
  ['city', consoleMessages.shops.city, 'text'],
  ['postal_code', 'CAP', 'text'],
  ['province', consoleMessages.shops.province, 'text'],
  ['phone', consoleMessages.common.phone, 'tel'],
  ['email', consoleMessages.common.email, 'email'],
];
const formOf = (s: AdminShop): ShopForm => ({
  name: s.name,
  address: s.address ?? '',
  city: s.city ?? '',
  postal_code: s.postal_code ?? '',
  province: s.province ?? '',
  phone: s.phone ?? '',
  email: s.email ?? '',
});

/** Admins: the installation's shops, a new one, and each one's address and contacts. */
export function ShopsScreen() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ['admin-shops'], queryFn: () => api('GET', '/admin/shops', AdminShopListResponseSchema) });
  const [editing, setEditing] = useState<number | null>(null);
  const [form, setForm] = useState<ShopForm>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<Feedback>(null);
  const save = useMutation({
    mutationFn: (body: AdminShopInput) =>
      editing === null
        ? api('POST', '/admin/shops', AdminShopResponseSchema, body)
        : api('PUT', `/admin/shops/${editing}`, AdminShopResponseSchema, body),
    onMutate: () => {
      setErrors({});
      setMessage(null);
    },
    onSuccess: (res) => {
      void queryClient.invalidateQueries({ queryKey: ['admin-shops'] });
      setMessage({ kind: 'notice', text: editing === null ? fillMessage(consoleMessages.shops.created, { name: res.data.name }) : fillMessage(consoleMessages.shops.saved, { name: res.data.name }) });
      setEditing(null);
      setForm(EMPTY);
    },
    onError: (e) => {
      if (e instanceof ApiError) setErrors(e.errors);
      setMessage({ kind: 'error', text: e.message });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(form);
  };
  return (
    <section aria-labelledby="shops-title">
      <h1 id="shops-title">{consoleMessages.layout.nav.shops}</h1>
      <QueryError query={list} />
      <GridTable label={consoleMessages.layout.nav.shops} columns={[consoleMessages.common.number, consoleMessages.common.name, consoleMessages.shops.address, consoleMessages.common.contacts]} actions>
        {list.data?.data.map((s) => (
          <tr key={s.id}>
            <td>{s.id}</td>
            <td>{s.name}</td>
            <td>{[s.address, [s.postal_code, s.city, s.province ? `(${s.province})` : null].filter(Boolean).join(' ')].filter(Boolean).join(', ')}</td>
            <td>{[s.phone, s.email].filter(Boolean).join(' · ')}</td>
            <td>
              <LinkButton
                hint={s.name}
                onClick={() => {
                  setEditing(s.id);
                  setForm(formOf(s));
                  setErrors({});
                }}
              >
                {consoleMessages.common.edit}
              </LinkButton>
            </td>
          </tr>
        ))}
      </GridTable>
      <form onSubmit={submit} className="card" noValidate aria-label={editing === null ? consoleMessages.shops.newShop : consoleMessages.shops.editShop}>
        <h2>{editing === null ? consoleMessages.shops.newShop : fillMessage(consoleMessages.shops.editNumbered, { id: editing })}</h2>
        <TextFields fields={FIELDS} form={form} errors={errors} idPrefix="shop" onChange={setForm} />
        <FormActions
          submit={editing === null ? consoleMessages.shops.create : consoleMessages.common.save}
          pending={save.isPending}
          onCancel={
            editing !== null
              ? () => {
                  setEditing(null);
                  setForm(EMPTY);
                  setErrors({});
                }
              : undefined
          }
        />
      </form>
      <FeedbackLine feedback={message} />
      {editing !== null ? <ShopLegalBlock shopId={editing} /> : null}
    </section>
  );
}
