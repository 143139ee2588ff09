import { formatCents } from '@farmacia/contract';
import type { FastifyReply } from 'fastify';

/** Minimal HTML escaping for text and attribute values. */
export function esc(value: string | number): string {
  return String(value)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export interface SandboxButton {
  name: string;
  value: string;
  label: string;
  primary?: boolean;
}

/** The buttons of a page's form, each sending `decision=<value>`; the first is the primary one. */
export function decisionButtons(...choices: Array<[value: string, label: string]>): SandboxButton[] {
  return choices.map(([value, label], i) => (i === 0 ? { name: 'decision', value, label, primary: true } : { name: 'decision', value, label }));
}

/** The last choice of a checkout page: back to the shop without paying. */
export const CANCEL_CHOICE: [string, string] = ['cancel', 'Annulla e torna al negozio'];

const STYLE = `
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;background:#f2f4f7;color:#1d2939}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px #0002}
h1{font-size:1.25rem;margin:0 0 .25rem} .brand{font-size:.8rem;text-transform:uppercase;letter-spacing:.08em;color:#475467}
.amount{font-size:2rem;font-weight:700;margin:1rem 0} dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;font-size:.9rem}
dt{color:#475467} dd{margin:0;word-break:break-all} form{display:grid;gap:.5rem;margin-top:1.25rem}
button{font:inherit;padding:.75rem 1rem;border-radius:8px;border:1px solid #98a2b3;background:#fff;color:#1d2939;cursor:pointer}
button.primary{background:#155eef;border-color:#155eef;color:#fff} button:focus-visible{outline:3px solid #f79009;outline-offset:2px}
.note{font-size:.8rem;color:#475467;margin-top:1rem} .error{color:#b42318}`;

/** A sandbox page: the provider's name, a title, what is being paid and the buttons that decide. */
export function sandboxPage(input: {
  brand: string;
  title: string;
  amountCents?: number;
  details?: Array<[string, string]>;
  action?: string;
  hidden?: Record<string, string>;
  buttons?: SandboxButton[];
  message?: string;
  error?: boolean;
}): string {
  const details = (input.details ?? []).map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join('');
  const hidden = Object.entries(input.hidden ?? {})
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');
  const buttons = (input.buttons ?? [])
    .map(
      (b) =>
        `<button type="submit" name="${esc(b.name)}" value="${esc(b.value)}"${b.primary ? ' class="primary"' : ''}>${esc(b.label)}</button>`,
    )
    .join('');
  const form = input.action ? `<form method="post" action="${esc(input.action)}">${hidden}${buttons}</form>` : '';
  return `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(input.title)} · ${esc(input.brand)}</title><style>${STYLE}</style></head>
<body><main>
<p class="brand">${esc(input.brand)} · ambiente di prova</p>
<h1${input.error ? ' class="error"' : ''}>${esc(input.title)}</h1>
${input.amountCents !== undefined ? `<p class="amount">${esc(formatCents(input.amountCents))}</p>` : ''}
${input.message ? `<p${input.error ? ' class="error"' : ''}>${esc(input.message)}</p>` : ''}
${details ? `<dl>${details}</dl>` : ''}
${form}
<p class="note">Simulatore di pagamento integrato: nessun addebito reale.</p>
</main></body></html>`;
}

/** Answers a sandbox page as HTML, with `status` (200 unless told). */
export function sendPage(reply: FastifyReply, page: Parameters<typeof sandboxPage>[0], status = 200) {
  return reply.status(status).type('text/html; charset=utf-8').send(sandboxPage(page));
}

/** A page's detail row, only when there is something to show. */
export const detailIf = (label: string, value: string | null | undefined): Array<[string, string]> => (value ? [[label, value]] : []);
