/**
 * The password-recovery email, in Italian, as plain text and HTML. Server-rendered documents
 * rather than UI texts, so they live here and not in the contract's messages.
 */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function recoveryMail(input: { name: string; shopName: string; link: string; validMinutes: number }) {
  const subject = `${input.shopName} - Reimposta la tua password`;
  const text = [
    `Ciao ${input.name},`,
    '',
    `abbiamo ricevuto una richiesta di reimpostazione della password del tuo account ${input.shopName}.`,
    `Per scegliere una nuova password apri questo link entro ${input.validMinutes} minuti:`,
    '',
    input.link,
    '',
    'Il link può essere usato una sola volta.',
    'Se non hai chiesto tu il cambio password ignora questa email: la tua password resta invariata.',
    '',
    input.shopName,
  ].join('\n');
  const html = `<!doctype html>
<html lang="it"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5">
<p>Ciao ${escapeHtml(input.name)},</p>
<p>abbiamo ricevuto una richiesta di reimpostazione della password del tuo account ${escapeHtml(input.shopName)}.</p>
<p>Per scegliere una nuova password apri questo link entro ${input.validMinutes} minuti:</p>
<p><a href="${escapeHtml(input.link)}" style="background:#0a7d4f;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Reimposta la password</a></p>
<p style="font-size:13px;color:#52606d">Se il pulsante non funziona copia questo indirizzo nel browser:<br>${escapeHtml(input.link)}</p>
<p style="font-size:13px;color:#52606d">Il link può essere usato una sola volta. Se non hai chiesto tu il cambio password ignora questa email: la tua password resta invariata.</p>
<p>${escapeHtml(input.shopName)}</p>
</body></html>`;
  return { subject, text, html };
}
