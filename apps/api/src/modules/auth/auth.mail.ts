/**
 * The password-recovery email, in Italian, as plain text and HTML. Server-rendered documents
 * rather than UI texts, so they live here and not in the contract's messages.
 */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * A mail that carries a one-time link (password recovery, a pharmacist's invitation): greeting,
 * what happened and until when the link works, the link as a button and as text, a closing note.
 * `paragraphs` are plain text (escaped for the HTML part).
 */
export function oneTimeLinkMail(input: {
  subject: string;
  name: string;
  shopName: string;
  paragraphs: readonly string[];
  link: string;
  button: string;
  textNote: readonly string[];
  htmlNote: string;
}) {
  const text = [`Ciao ${input.name},`, '', ...input.paragraphs, '', input.link, '', ...input.textNote, '', input.shopName].join('\n');
  const html = `<!doctype html>
<html lang="it"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5">
<p>Ciao ${escapeHtml(input.name)},</p>
<p>${escapeHtml(input.paragraphs[0] ?? '')}</p>
<p>${escapeHtml(input.paragraphs[1] ?? '')}</p>
<p><a href="${escapeHtml(input.link)}" style="background:#0a7d4f;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(input.button)}</a></p>
<p style="font-size:13px;color:#52606d">Se il pulsante non funziona copia questo indirizzo nel browser:<br>${escapeHtml(input.link)}</p>
<p style="font-size:13px;color:#52606d">${escapeHtml(input.htmlNote)}</p>
<p>${escapeHtml(input.shopName)}</p>
</body></html>`;
  return { subject: input.subject, text, html };
}

export function recoveryMail(input: { name: string; shopName: string; link: string; validMinutes: number }) {
  return oneTimeLinkMail({
    subject: `${input.shopName} - Reimposta la tua password`,
    name: input.name,
    shopName: input.shopName,
    paragraphs: [
      `abbiamo ricevuto una richiesta di reimpostazione della password del tuo account ${input.shopName}.`,
      `Per scegliere una nuova password apri questo link entro ${input.validMinutes} minuti:`,
    ],
    link: input.link,
    button: 'Reimposta la password',
    textNote: ['Il link può essere usato una sola volta.', 'Se non hai chiesto tu il cambio password ignora questa email: la tua password resta invariata.'],
    htmlNote: 'Il link può essere usato una sola volta. Se non hai chiesto tu il cambio password ignora questa email: la tua password resta invariata.',
  });
}
