import { validationMessages } from './validation-messages.js';

/** Back office: shop options, content, vouchers, loyalty cards, info requests (issue 8). */
export const backofficeShopMessages = {
  phone: 'Inserire un numero di telefono valido.',
  link: "Inserire un indirizzo https:// o un percorso che inizia con '/'.",
  /** The same text as the legal data's link (validation.httpsUrl): written once. */
  httpsUrl: validationMessages.httpsUrl,
  switch: "Valore non valido: atteso '1' (attivo) o '0' (disattivo).",
  dayRepeated: 'Ogni giorno della settimana può comparire una sola volta.',
  intervalOrder: "L'orario di chiusura deve seguire quello di apertura.",
  secretRequired: 'Inserire la chiave segreta.',
  optionsSaved: 'Impostazioni salvate.',
  contentSaved: 'Contenuto salvato.',
  contentNotFound: 'Contenuto non trovato.',
  uploadKind: 'Per questo campo sono accettati solo file {kinds}.',
  voucherNotFound: 'Codice sconto non trovato.',
  voucherCode: 'Il codice può contenere solo lettere, cifre, - e _ (da 3 a 30 caratteri).',
  voucherCodeTaken: 'Questo codice è già in uso nella farmacia.',
  voucherPercent: 'Inserire una percentuale intera tra 1 e 100.',
  voucherAmount: 'Inserire un importo maggiore di zero (massimo 2 decimali).',
  voucherRange: 'La data di fine deve seguire quella di inizio.',
  voucherLimitBelowUses: 'Il limite non può essere inferiore agli utilizzi già fatti ({uses}).',
  cardNotFound: 'Carta fedeltà non trovata.',
  pointsNonZero: 'Inserire un numero di punti diverso da zero.',
  pointsNegative: 'Il saldo della carta non può diventare negativo (saldo attuale: {score}).',
  infoRequestNotFound: 'Richiesta non trovata.',
  infoRequestReplySubject: 'Risposta alla tua richiesta su {service}',
} as const;
