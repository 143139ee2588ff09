import { accountMailMessages, fillMessage, messages } from '@farmacia/contract';
import { oneTimeLinkMail } from '../auth/index.js';

/** The invitation of a pharmacist as plain text and HTML (the recovery mail's layout; the contract's texts). */
export function invitationMail(input: { name: string; shopName: string; invitedBy: string; link: string; validDays: number }) {
  const texts = accountMailMessages.invitation;
  return oneTimeLinkMail({
    subject: fillMessage(messages.onboarding.invitationSubject, { shop: input.shopName }),
    name: input.name,
    shopName: input.shopName,
    paragraphs: [
      fillMessage(texts.what, { invitedBy: input.invitedBy, shop: input.shopName }),
      fillMessage(texts.until, { days: input.validDays }),
    ],
    link: input.link,
    button: texts.button,
    textNote: [texts.once, texts.notExpected],
    htmlNote: `${texts.onceShort} ${texts.notExpected}`,
  });
}
