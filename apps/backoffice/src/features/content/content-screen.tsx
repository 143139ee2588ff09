import {
  type AdminContentEntry,
  AdminContentListResponseSchema,
  AdminContentResponseSchema,
  ContentPreviewResponseSchema,
  consoleMessages,
  messages,
  fillMessage,
} from '@farmacia/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { api } from '../../lib/api';
import { formatDateTime } from '../../app/format';
import { FeedbackLine, FieldError, QueryError, useFeedback } from '../../components/feedback';
import { useShopChoice, useShopQuery } from '../../lib/use-shop-choice';
import { LabelSelect } from '../../components/named-select';

const LABELS: Record<AdminContentEntry['key'], string> = {
  faq: consoleMessages.content.pages.faq,
  privacy: consoleMessages.content.pages.privacy,
  tos: consoleMessages.content.pages.terms,
  privacycheck: consoleMessages.content.pages.consents,
  thankyou_note: consoleMessages.content.pages.afterRequest,
  orderconfirmed_note: consoleMessages.content.pages.afterOrder,
  shop_name: consoleMessages.content.pages.shopName,
  shop_legal: messages.shopLegal.blockTitle,
  shop_url: consoleMessages.content.pages.website,
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
      <h1 id="content-title">{consoleMessages.layout.nav.content}</h1>
      {choice.picker}
      <LabelSelect label={consoleMessages.content.page} value={key} onChange={setKey} labels={LABELS} />
      <QueryError query={list} />
      {entry ? <Editor key={`${choice.key}-${key}`} entry={entry} choice={choice} queryKey={queryKey} /> : <p>{messages.staffAlerts.loading}</p>}
    </section>
  );
}

const TOOLS: Array<{ label: string; name: string; open: string; close: string }> = [
  { label: 'G', name: consoleMessages.content.toolbar.bold, open: '<strong>', close: '</strong>' },
  { label: 'C', name: consoleMessages.content.toolbar.italic, open: '<em>', close: '</em>' },
  { label: 'T2', name: consoleMessages.content.toolbar.heading, open: '<h2>', close: '</h2>' },
  { label: 'T3', name: consoleMessages.content.toolbar.subheading, open: '<h3>', close: '</h3>' },
  { label: '¶', name: consoleMessages.content.toolbar.paragraph, open: '<p>', close: '</p>' },
  { label: '•', name: consoleMessages.content.toolbar.bulletList, open: '<ul>\n  <li>', close: '</li>\n</ul>' },
  { label: '1.', name: consoleMessages.content.toolbar.numberedList, open: '<ol>\n  <li>', close: '</li>\n</ol>' },
  { label: '?', name: consoleMessages.content.toolbar.questionAnswer, open: '<details><summary>', close: '</summary><p>Risposta</p></details>' },
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
    const href = window.prompt(consoleMessages.content.linkPrompt);
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
      s.notice(consoleMessages.content.saved);
    },
    onError: (e) => s.fail(e),
  });

  return (
    <div className="card wide">
      <p className="hint">
        {entry.updated_at ? fillMessage(consoleMessages.content.lastEdit, { date: formatDateTime(entry.updated_at) }) : consoleMessages.content.notWritten} {consoleMessages.content.allowed}
      </p>
      <div className="toolbar" role="toolbar" aria-label={consoleMessages.content.formatting}>
        {TOOLS.map((t) => (
          <button key={t.name} type="button" className="secondary" title={t.name} aria-label={t.name} onClick={() => wrap(t.open, t.close)}>
            {t.label}
          </button>
        ))}
        <button type="button" className="secondary" title={consoleMessages.content.toolbar.link} aria-label={consoleMessages.content.toolbar.link} onClick={link}>
          🔗
        </button>
      </div>
      <label>
        {consoleMessages.content.html}
        <textarea ref={area} rows={16} className="code" value={html} onChange={(e) => setHtml(e.target.value)} aria-describedby="html-error" />
      </label>
      <FieldError errors={s.errors} name="html" />
      <div className="actions">
        <button type="button" className="secondary" disabled={previewMutation.isPending} onClick={() => previewMutation.mutate()}>
          {consoleMessages.content.preview}
        </button>
        <button type="button" disabled={save.isPending} onClick={() => save.mutate()}>
          {consoleMessages.content.save}
        </button>
      </div>
      <FeedbackLine feedback={s.feedback} />
      {preview !== null ? (
        <section aria-label={consoleMessages.content.preview} className="preview">
          <h2>{consoleMessages.content.preview}</h2>
          {/* Server-sanitized with the same allow-list the customer app receives (decisions 0128, 0312). */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: HTML sanitized by the server's allow-list */}
          <div dangerouslySetInnerHTML={{ __html: preview }} />
        </section>
      ) : null}
    </div>
  );
}
