import {
  type AdminContentEntry,
  AdminContentListResponseSchema,
  AdminContentResponseSchema,
  ContentPreviewResponseSchema,
} from '@farmacia/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { api } from '../../lib/api';
import { formatDateTime } from '../../app/format';
import { FeedbackLine, FieldError, QueryError, useFeedback } from '../../components/feedback';
import { useShopChoice, useShopQuery } from '../../lib/use-shop-choice';
import { LabelSelect } from '../../components/named-select';

const LABELS: Record<AdminContentEntry['key'], string> = {
  faq: 'Domande frequenti',
  privacy: 'Informativa privacy',
  tos: "Termini d'utilizzo",
  privacycheck: 'Testo dei consensi privacy',
  thankyou_note: 'Nota dopo la richiesta',
  orderconfirmed_note: "Nota dopo la conferma dell'ordine",
  shop_name: 'Nome della farmacia (testo)',
  shop_legal: 'Dati legali',
  shop_url: 'Sito della farmacia',
};

/**
 * FAQ, privacy, terms and notes (decision 0312): HTML written with a small toolbar, previewed and
 * stored through the server's allow-list sanitizer — the preview shows exactly what the customer
 * app will show, never anything the sanitizer would drop (scripts, handlers, frames, styles).
 */
export function ContentScreen() {
  const choice = useShopChoice();
  const { queryKey, query: list } = useShopQuery(choice, 'admin-content', '/admin/content', AdminContentListResponseSchema);
  const [key, setKey] = useState<AdminContentEntry['key']>('faq');
  const entry = list.data?.data.find((e) => e.key === key);
  return (
    <section aria-labelledby="content-title">
      <h1 id="content-title">Contenuti</h1>
      {choice.picker}
      <LabelSelect label="Pagina" value={key} onChange={setKey} labels={LABELS} />
      <QueryError query={list} />
      {entry ? <Editor key={`${choice.key}-${key}`} entry={entry} choice={choice} queryKey={queryKey} /> : <p>Caricamento…</p>}
    </section>
  );
}

const TOOLS: Array<{ label: string; name: string; open: string; close: string }> = [
  { label: 'G', name: 'Grassetto', open: '<strong>', close: '</strong>' },
  { label: 'C', name: 'Corsivo', open: '<em>', close: '</em>' },
  { label: 'T2', name: 'Titolo', open: '<h2>', close: '</h2>' },
  { label: 'T3', name: 'Sottotitolo', open: '<h3>', close: '</h3>' },
  { label: '¶', name: 'Paragrafo', open: '<p>', close: '</p>' },
  { label: '•', name: 'Elenco puntato', open: '<ul>\n  <li>', close: '</li>\n</ul>' },
  { label: '1.', name: 'Elenco numerato', open: '<ol>\n  <li>', close: '</li>\n</ol>' },
  { label: '?', name: 'Domanda e risposta', open: '<details><summary>', close: '</summary><p>Risposta</p></details>' },
];

function Editor({ entry, choice, queryKey }: { entry: AdminContentEntry; choice: ReturnType<typeof useShopChoice>; queryKey: unknown[] }) {
  const queryClient = useQueryClient();
  const [html, setHtml] = useState(entry.html ?? '');
  const [preview, setPreview] = useState<string | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const s = useFeedback();

  const wrap = (open: string, close: string) => {
    const el = area.current;
    if (!el) return;
    const { selectionStart: a, selectionEnd: b } = el;
    const next = `${html.slice(0, a)}${open}${html.slice(a, b)}${close}${html.slice(b)}`;
    setHtml(next);
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(a + open.length, b + open.length);
    });
  };
  const link = () => {
    const href = window.prompt('Indirizzo del link (https://…, mailto:, tel: o /app/…)');
    if (href) wrap(`<a href="${href.replaceAll('"', '&quot;')}">`, '</a>');
  };

  const previewMutation = useMutation({
    mutationFn: () => api('POST', '/admin/content/preview', ContentPreviewResponseSchema, choice.body({ html })),
    onMutate: () => s.clear(),
    onSuccess: (res) => setPreview(res.data.html),
    onError: (e) => s.fail(e),
  });
  const save = useMutation({
    mutationFn: () => api('PUT', `/admin/content/${entry.key}`, AdminContentResponseSchema, choice.body({ html })),
    onMutate: () => s.clear(),
    onSuccess: (res) => {
      setHtml(res.data.html ?? '');
      setPreview(res.data.html);
      void queryClient.invalidateQueries({ queryKey });
      s.notice('Contenuto salvato: il testo mostrato è quello ripulito che vede il cliente.');
    },
    onError: (e) => s.fail(e),
  });

  return (
    <div className="card wide">
      <p className="hint">
        {entry.updated_at ? `Ultima modifica: ${formatDateTime(entry.updated_at)}` : 'Non ancora scritto.'} Sono ammessi testo, titoli,
        elenchi, tabelle, link e immagini; script, stili e contenuti esterni vengono tolti.
      </p>
      <div className="toolbar" role="toolbar" aria-label="Formattazione">
        {TOOLS.map((t) => (
          <button key={t.name} type="button" className="secondary" title={t.name} aria-label={t.name} onClick={() => wrap(t.open, t.close)}>
            {t.label}
          </button>
        ))}
        <button type="button" className="secondary" title="Link" aria-label="Link" onClick={link}>
          🔗
        </button>
      </div>
      <label>
        Testo (HTML)
        <textarea ref={area} rows={16} className="code" value={html} onChange={(e) => setHtml(e.target.value)} aria-describedby="html-error" />
      </label>
      <FieldError errors={s.errors} name="html" />
      <div className="actions">
        <button type="button" className="secondary" disabled={previewMutation.isPending} onClick={() => previewMutation.mutate()}>
          Anteprima
        </button>
        <button type="button" disabled={save.isPending} onClick={() => save.mutate()}>
          Salva contenuto
        </button>
      </div>
      <FeedbackLine feedback={s.feedback} />
      {preview !== null ? (
        <section aria-label="Anteprima" className="preview">
          <h2>Anteprima</h2>
          {/* Server-sanitized with the same allow-list the customer app receives (decisions 0128, 0312). */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: HTML sanitized by the server's allow-list */}
          <div dangerouslySetInnerHTML={{ __html: preview }} />
        </section>
      ) : null}
    </div>
  );
}
