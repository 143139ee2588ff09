import { accountMailMessages, fillMessage } from '@farmacia/contract';

/** The password-recovery email as plain text and HTML; its texts are the contract's (decision 0694). */
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
  const greeting = fillMessage(accountMailMessages.greeting, { name: input.name });
  const text = [greeting, '', ...input.paragraphs, '', input.link, '', ...input.textNote, '', input.shopName].join('\n');
  const html = `<!doctype html>
<html lang="it"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(input.paragraphs[0] ?? '')}</p>
<p>${escapeHtml(input.paragraphs[1] ?? '')}</p>
<p><a href="${escapeHtml(input.link)}" style="background:#0a7d4f;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(input.button)}</a></p>
<p style="font-size:13px;color:#52606d">${escapeHtml(accountMailMessages.linkFallback)}<br>${escapeHtml(input.link)}</p>
<p style="font-size:13px;color:#52606d">${escapeHtml(input.htmlNote)}</p>
<p>${escapeHtml(input.shopName)}</p>
</body></html>`;
  return { subject: input.subject, text, html };
}

export function recoveryMail(input: { name: string; shopName: string; link: string; validMinutes: number }) {
  const texts = accountMailMessages.recovery;
  const shop = input.shopName;
  return oneTimeLinkMail({
    subject: fillMessage(texts.subject, { shop }),
    name: input.name,
    shopName: shop,
    paragraphs: [fillMessage(texts.what, { shop }), fillMessage(texts.until, { minutes: input.validMinutes })],
    link: input.link,
    button: texts.button,
    textNote: [texts.once, texts.notYou],
    htmlNote: `${texts.once} ${texts.notYou}`,
  });
}
