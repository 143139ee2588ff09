import { messages, type ShopLegal, type ShopLegalInput, ShopLegalResponseSchema } from '@farmacia/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api } from '../../lib/api';
import { FeedbackLine, QueryError, useFeedback } from '../../components/feedback';
import { FormActions } from '../../components/form-actions';
import { TextFields } from '../../components/text-fields';

const L = messages.shopLegal;

type LegalKey = keyof ShopLegalInput;
/** The fields in the order the law lists them, with the labels the customer app shows (contract). */
const FIELDS: Array<[LegalKey, string, string]> = [
  ['legal_name', L.legalName, 'text'],
  ['vat_number', L.vatNumber, 'text'],
  ['registered_office', L.registeredOffice, 'text'],
  ['responsible_pharmacist', L.responsiblePharmacist, 'text'],
  ['pharmacist_registration', L.pharmacistRegistration, 'text'],
  ['ministry_authorization_code', L.ministryAuthorizationCode, 'text'],
  ['ministry_authorization_date', L.ministryAuthorizationDate, 'date'],
  ['ministry_list_url', L.ministryListUrl, 'url'],
];

type LegalForm = Record<LegalKey, string>;
const formOf = (legal: ShopLegal): LegalForm =>
  Object.fromEntries(FIELDS.map(([key]) => [key, legal[key] ?? ''])) as LegalForm;

function LegalFields({ shopId, legal }: { shopId: number; legal: ShopLegal }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<LegalForm>(() => formOf(legal));
  const feedback = useFeedback();
  const save = useMutation({
    mutationFn: (body: ShopLegalInput) => api('PUT', `/admin/shops/${shopId}/legal`, ShopLegalResponseSchema, body),
    onMutate: feedback.clear,
    onSuccess: (res) => {
      queryClient.setQueryData(['admin-shop-legal', shopId], res);
      setForm(formOf(res.data));
      feedback.notice(L.saved);
    },
    onError: feedback.fail,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(form);
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="shop-legal-title">
      <TextFields fields={FIELDS} form={form} errors={feedback.errors} idPrefix="legal" onChange={setForm} />
      <FormActions submit={L.save} pending={save.isPending} />
      <FeedbackLine feedback={feedback.feedback} />
    </form>
  );
}

/**
 * "Dati legali" of a shop (issue 15, decision 0405): the seller's identity the customer app shows
 * under every medicines page, and the Ministry authorization behind the EU common logo. Admins only.
 */
export function ShopLegalBlock({ shopId }: { shopId: number }) {
  const query = useQuery({
    queryKey: ['admin-shop-legal', shopId],
    queryFn: () => api('GET', `/admin/shops/${shopId}/legal`, ShopLegalResponseSchema),
  });
  return (
    <section className="card" aria-labelledby="shop-legal-title">
      <h2 id="shop-legal-title">{query.data ? `${L.blockTitle}: ${query.data.data.shop_name}` : L.blockTitle}</h2>
      <QueryError query={query} />
      {/* Keyed by shop, so the form starts from each shop's own data. */}
      {query.data ? <LegalFields key={shopId} shopId={shopId} legal={query.data.data} /> : null}
    </section>
  );
}
