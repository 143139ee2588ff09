import { fillMessage, messages } from '@farmacia/contract';
import { oneTimeLinkMail } from '../auth/index.js';

/** The invitation of a pharmacist, in Italian, as plain text and HTML (the same layout as the recovery mail). */
export function invitationMail(input: { name: string; shopName: string; invitedBy: string; link: string; validDays: number }) {
  return oneTimeLinkMail({
    subject: fillMessage(messages.onboarding.invitationSubject, { shop: input.shopName }),
    name: input.name,
    shopName: input.shopName,
    paragraphs: [
      `${input.invitedBy} ti ha invitato a usare la gestione di ${input.shopName} come farmacista.`,
      `Per scegliere la tua password apri questo link entro ${input.validDays} giorni:`,
    ],
    link: input.link,
    button: 'Imposta la password',
    textNote: ['Il link può essere usato una sola volta. Poi accedi con la tua email e la password scelta.', 'Se non aspettavi questo invito ignora questa email.'],
    htmlNote: 'Il link può essere usato una sola volta. Se non aspettavi questo invito ignora questa email.',
  });
}
