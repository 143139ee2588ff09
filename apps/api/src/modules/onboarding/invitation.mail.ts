import { fillMessage, messages } from '@farmacia/contract';
import { escapeHtml } from '../auth/auth.mail.js';

/** The invitation of a pharmacist, in Italian, as plain text and HTML (a server-rendered document, like the recovery mail). */

export function invitationMail(input: { name: string; shopName: string; invitedBy: string; link: string; validDays: number }) {
  const subject = fillMessage(messages.onboarding.invitationSubject, { shop: input.shopName });
  const text = [
    `Ciao ${input.name},`,
    '',
    `${input.invitedBy} ti ha invitato a usare la gestione di ${input.shopName} come farmacista.`,
    `Per scegliere la tua password apri questo link entro ${input.validDays} giorni:`,
    '',
    input.link,
    '',
    "Il link può essere usato una sola volta. Poi accedi con la tua email e la password scelta.",
    'Se non aspettavi questo invito ignora questa email.',
    '',
    input.shopName,
  ].join('\n');
  const html = `<!doctype html>
<html lang="it"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5">
<p>Ciao ${escapeHtml(input.name)},</p>
<p>${escapeHtml(input.invitedBy)} ti ha invitato a usare la gestione di ${escapeHtml(input.shopName)} come farmacista.</p>
<p>Per scegliere la tua password apri questo link entro ${input.validDays} giorni:</p>
<p><a href="${escapeHtml(input.link)}" style="background:#0a7d4f;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Imposta la password</a></p>
<p style="font-size:13px;color:#52606d">Se il pulsante non funziona copia questo indirizzo nel browser:<br>${escapeHtml(input.link)}</p>
<p style="font-size:13px;color:#52606d">Il link può essere usato una sola volta. Se non aspettavi questo invito ignora questa email.</p>
<p>${escapeHtml(input.shopName)}</p>
</body></html>`;
  return { subject, text, html };
}
