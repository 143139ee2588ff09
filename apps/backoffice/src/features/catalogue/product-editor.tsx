import {
  type AdminProduct,
  AdminProductResponseSchema,
  fillMessage,
  messages,
  promotionDay,
  promotionPeriodText,
  promotionPhase,
  SearchResponseSchema,
  consoleMessages,
} from '@farmacia/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError, api } from '../../lib/api';
import { formatEuro } from '../../app/format';
import { errorLink, type Feedback, FeedbackLine } from '../../components/feedback';
import { LinkButton } from '../../components/link-button';
import { HintedCheckbox } from '../../components/hinted-checkbox';
import { useSearchText } from '../../lib/use-search-text';

/** '12,50' or '12.50' → 12.5; anything else NaN, which the server refuses with its message. */
const parseEuro = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(/\./g, '').replace(',', '.')));
const euroText = (value: number | null) => (value === null ? '' : value.toFixed(2).replace('.', ','));

const P = messages.promotionPeriod;

/** Find a product with the app's search (name, code, active principle), then edit it. */
export function ProductFinder() {
  const { text, setText, q } = useSearchText();
  const [code, setCode] = useState<string | null>(null);
  const results = useQuery({
    queryKey: ['catalogue-search', q],
    enabled: q.length > 2,
    queryFn: () => api('GET', `/product/search?q=${encodeURIComponent(q)}&rpp=10`, SearchResponseSchema),
  });
  const hits = results.data?.responses[0]?.hits.hits ?? [];
  return (
    <section aria-labelledby="edit-title" className="card wide">
      <h2 id="edit-title">{consoleMessages.catalogue.editProduct}</h2>
      <label>
        {consoleMessages.catalogue.search}
        <input type="search" value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      {q.length > 2 && results.isSuccess && hits.length === 0 ? <p>{consoleMessages.common.noProductFound}</p> : null}
      {/* The search reads the shop's shelf: a product it took off sale (issue 18) opens by its code. */}
      {/^\d{9}$/.test(q) && results.isSuccess && hits.length === 0 ? (
        <button type="button" className="secondary" onClick={() => setCode(q)}>
          {fillMessage(messages.backofficeCatalogue.openByCode, { code: q })}
        </button>
      ) : null}
      {hits.length > 0 ? (
        <ul className="cards" aria-label={consoleMessages.common.results}>
          {hits.map((h) => (
            <li key={h._id}>
              <strong>{h._source.nome_prodotto}</strong> · {h._id} · {formatEuro(h._source.prezzo)}{' '}
              <LinkButton hint={h._source.nome_prodotto} onClick={() => setCode(h._id)}>
                {consoleMessages.common.edit}
              </LinkButton>
            </li>
          ))}
        </ul>
      ) : null}
      {code ? <ProductEditor key={code} code={code} /> : null}
    </section>
  );
}

type Form = Record<
  | 'nome_prodotto'
  | 'prezzo'
  | 'quantita'
  | 'descrizione'
  | 'descrizione_ditta_1_produttrice'
  | 'descrizione_atc'
  | 'descrizione_estesa_degrassi'
  | 'descrizione_pricipio_attivo'
  | 'immagine'
  | 'cat1'
  | 'cat2'
  | 'cat3'
  | 'cat4',
  string
> & { prescription_only: boolean; sop_otc: boolean; medicine: boolean; in_vendita: boolean };

const formOf = (p: AdminProduct): Form => ({
  nome_prodotto: p.nome_prodotto,
  prezzo: euroText(p.prezzo),
  quantita: String(p.quantita),
  descrizione: p.descrizione ?? '',
  descrizione_ditta_1_produttrice: p.descrizione_ditta_1_produttrice ?? '',
  descrizione_atc: p.descrizione_atc ?? '',
  descrizione_estesa_degrassi: p.descrizione_estesa_degrassi ?? '',
  descrizione_pricipio_attivo: p.descrizione_pricipio_attivo ?? '',
  immagine: p.immagine ?? '',
  cat1: p.categorie[0] ?? '',
  cat2: p.categorie[1] ?? '',
  cat3: p.categorie[2] ?? '',
  cat4: p.categorie[3] ?? '',
  prescription_only: p.prescription_only,
  sop_otc: p.sop_otc,
  medicine: p.medicine,
  in_vendita: p.in_vendita,
});

const TEXTS: Array<[keyof Form, string]> = [
  ['descrizione_ditta_1_produttrice', consoleMessages.catalogue.manufacturer],
  ['descrizione_pricipio_attivo', consoleMessages.catalogue.activeIngredient],
  ['descrizione_atc', 'ATC'],
  ['descrizione_estesa_degrassi', consoleMessages.catalogue.longDescription],
  ['immagine', consoleMessages.catalogue.image],
];

export function ProductEditor({ code }: { code: string }) {
  const queryClient = useQueryClient();
  const product = useQuery({ queryKey: ['admin-product', code], queryFn: () => api('GET', `/admin/catalogue/products/${code}`, AdminProductResponseSchema) });
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  // The promotion's refusals stay on its own fields (its `prezzo` is not the product form's).
  const [promoErrors, setPromoErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<Feedback>(null);
  // No struck-through price to type: the server sets the law's (decision 0701).
  const [promo, setPromo] = useState({ prezzo: '', promo_inizio: '', promo_fine: '' });
  const data = product.data?.data;
  useEffect(() => {
    if (data) {
      setForm(formOf(data));
      setPromo({
        prezzo: data.promo ? euroText(data.prezzo) : '',
        promo_inizio: data.promo_inizio ?? '',
        promo_fine: data.promo_fine ?? '',
      });
    }
  }, [data]);

  const done = (text: string) => (res: { data: AdminProduct }) => {
    queryClient.setQueryData(['admin-product', code], res);
    void queryClient.invalidateQueries({ queryKey: ['catalogue-search'] });
    setErrors({});
    setPromoErrors({});
    setMessage({ kind: 'notice', text });
  };
  const failed = (e: Error) => {
    setErrors(e instanceof ApiError ? e.errors : {});
    setMessage({ kind: 'error', text: e.message });
  };
  const promoFailed = (e: Error) => {
    setPromoErrors(e instanceof ApiError ? e.errors : {});
    setMessage({ kind: 'error', text: e.message });
  };
  const save = useMutation({
    mutationFn: (f: Form) =>
      api('PUT', `/admin/catalogue/products/${code}`, AdminProductResponseSchema, {
        nome_prodotto: f.nome_prodotto,
        prezzo: parseEuro(f.prezzo),
        quantita: f.quantita.trim() === '' ? Number.NaN : Number(f.quantita),
        descrizione: f.descrizione,
        descrizione_ditta_1_produttrice: f.descrizione_ditta_1_produttrice,
        descrizione_atc: f.descrizione_atc,
        descrizione_estesa_degrassi: f.descrizione_estesa_degrassi,
        descrizione_pricipio_attivo: f.descrizione_pricipio_attivo,
        immagine: f.immagine,
        categorie: [f.cat1, f.cat2, f.cat3, f.cat4].map((c) => c.trim()).filter((c, i, all) => c !== '' || all.slice(i).some((n) => n !== '')),
        prescription_only: f.prescription_only,
        sop_otc: f.sop_otc,
        medicine: f.medicine,
        in_vendita: f.in_vendita,
      }),
    onMutate: () => setMessage(null),
    onSuccess: done(consoleMessages.catalogue.saved),
    onError: failed,
  });
  const startPromo = useMutation({
    mutationFn: () =>
      api('PUT', `/admin/catalogue/products/${code}/promotion`, AdminProductResponseSchema, {
        prezzo: parseEuro(promo.prezzo),
        promo_inizio: promo.promo_inizio || null,
        promo_fine: promo.promo_fine || null,
      }),
    onMutate: () => setMessage(null),
    onSuccess: done(consoleMessages.catalogue.promotionStarted),
    onError: promoFailed,
  });
  const endPromo = useMutation({
    mutationFn: () => api('DELETE', `/admin/catalogue/products/${code}/promotion`, AdminProductResponseSchema),
    onMutate: () => setMessage(null),
    onSuccess: done(consoleMessages.catalogue.promotionEnded),
    onError: promoFailed,
  });

  if (product.isError) {
    return (
      <p className="error" role="alert">
        {product.error.message}
      </p>
    );
  }
  if (!data || !form) return <p role="status">{messages.staffAlerts.loading}</p>;
  const err = (k: string, from = errors, id = `err-${k}`) =>
    from[k]?.at(-1) ? (
      <span className="field-error" id={id}>
        {from[k]?.at(-1)}
      </span>
    ) : null;
  const promoPriceError = promoErrors.prezzo ? 'prezzo' : 'prezzo_pieno';
  const field = (k: keyof Form, label: string, props: { inputMode?: 'decimal' | 'numeric' } = {}) => (
    <>
      <label>
        {label}
        <input
          type="text"
          {...props}
          value={String(form[k])}
          {...errorLink(errors[k], `err-${k}`)}
          onChange={(e) => setForm({ ...form, [k]: e.target.value })}
        />
      </label>
      {err(k)}
    </>
  );
  const period = promotionPeriodText({ start: data.promo_inizio, end: data.promo_fine });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(form);
  };
  return (
    <section aria-label={fillMessage(consoleMessages.catalogue.productTitle, { code: data.codice_ministeriale })}>
      <h3>
        {data.nome_prodotto} <small>({data.codice_ministeriale})</small>
      </h3>
      <form onSubmit={submit} noValidate aria-label={consoleMessages.catalogue.productData}>
        {field('nome_prodotto', consoleMessages.common.name)}
        {field('prezzo', data.promo ? consoleMessages.catalogue.promoPrice : consoleMessages.common.priceEuro, { inputMode: 'decimal' })}
        {field('quantita', consoleMessages.catalogue.quantity, { inputMode: 'numeric' })}
        {/* The shop's own offer (issue 18): off, its customers no longer find it. */}
        <label className="inline">
          <input type="checkbox" checked={form.in_vendita} onChange={(e) => setForm({ ...form, in_vendita: e.target.checked })} />
          {messages.backofficeCatalogue.onSale}
        </label>
        {form.in_vendita ? null : <p className="hint">{messages.backofficeCatalogue.notOnSale}</p>}
        <label>
          {consoleMessages.catalogue.description}
          <textarea rows={4} value={form.descrizione} onChange={(e) => setForm({ ...form, descrizione: e.target.value })} />
        </label>
        {err('descrizione')}
        {TEXTS.map(([k, label]) => (
          <div key={k}>{field(k, label)}</div>
        ))}
        <fieldset>
          <legend>{consoleMessages.catalogue.categories}</legend>
          {field('cat1', fillMessage(consoleMessages.catalogue.category, { level: 1 }))}
          {field('cat2', fillMessage(consoleMessages.catalogue.category, { level: 2 }))}
          {field('cat3', fillMessage(consoleMessages.catalogue.category, { level: 3 }))}
          {field('cat4', fillMessage(consoleMessages.catalogue.category, { level: 4 }))}
          {err('categorie')}
        </fieldset>
        <label className="inline">
          <input type="checkbox" checked={form.prescription_only} onChange={(e) => setForm({ ...form, prescription_only: e.target.checked })} />
          {consoleMessages.catalogue.prescriptionOnly}
        </label>
        <label className="inline">
          <input type="checkbox" checked={form.sop_otc} onChange={(e) => setForm({ ...form, sop_otc: e.target.checked })} />
          {consoleMessages.catalogue.sopOtc}
        </label>
        {/* A homeopathic or veterinary medicine has neither flag above and is a medicine all the same (decision 0699). */}
        <HintedCheckbox
          id="medicine"
          label={consoleMessages.catalogue.medicine}
          hint={consoleMessages.catalogue.medicineHint}
          checked={form.medicine}
          onChange={(medicine) => setForm({ ...form, medicine })}
        />
        {err('medicine')}
        <button type="submit" disabled={save.isPending}>
          {consoleMessages.catalogue.save}
        </button>
      </form>
      <h3>{consoleMessages.catalogue.promotion}</h3>
      {data.promo ? (
        <p>
          {fillMessage(consoleMessages.catalogue.onPromotion, {
            price: formatEuro(data.prezzo),
            listPrice: data.prezzo_pieno === null ? '—' : formatEuro(data.prezzo_pieno),
          })}
          {period ? ` (${period})` : ''}.{' '}
          <strong className="status">{P[promotionPhase({ start: data.promo_inizio, end: data.promo_fine }, promotionDay())]}</strong>{' '}
          <button type="button" className="secondary" disabled={endPromo.isPending} onClick={() => endPromo.mutate()}>
            {consoleMessages.catalogue.endPromotion}
          </button>
        </p>
      ) : (
        <p>{consoleMessages.catalogue.notOnPromotion}</p>
      )}
      <form
        className="toolbar"
        noValidate
        aria-label={consoleMessages.catalogue.promotion}
        onSubmit={(e) => {
          e.preventDefault();
          startPromo.mutate();
        }}
      >
        <span className="field">
          <label>
            {consoleMessages.catalogue.promoPrice}
            <input
              type="text"
              inputMode="decimal"
              value={promo.prezzo}
              aria-invalid={promoErrors[promoPriceError] ? true : undefined}
              aria-describedby={promoErrors[promoPriceError] ? 'err-promo-prezzo promo-prior-price-hint' : 'promo-prior-price-hint'}
              onChange={(e) => setPromo({ ...promo, prezzo: e.target.value })}
            />
          </label>
          {err(promoPriceError, promoErrors, 'err-promo-prezzo')}
        </span>
        {(['promo_inizio', 'promo_fine'] as const).map((k) => (
          <span key={k} className="field">
            <label>
              {k === 'promo_inizio' ? P.start : P.end}
              <input
                type="date"
                value={promo[k]}
                aria-invalid={promoErrors[k] ? true : undefined}
                aria-describedby={promoErrors[k] ? `err-${k} promo-period-hint` : 'promo-period-hint'}
                onChange={(e) => setPromo({ ...promo, [k]: e.target.value })}
              />
            </label>
            {err(k, promoErrors)}
          </span>
        ))}
        <p className="hint" id="promo-period-hint">
          {P.hint}
        </p>
        <p className="hint" id="promo-prior-price-hint">
          {consoleMessages.catalogue.priorPriceRule}
        </p>
        <button type="submit" disabled={startPromo.isPending}>
          {data.promo ? consoleMessages.catalogue.updatePromotion : consoleMessages.catalogue.startPromotion}
        </button>
      </form>
      <FeedbackLine feedback={message} />
    </section>
  );
}
