export const referrerMessages = {
  title: 'Invita un amico',
  /** Referrer screen (not quoted). */
  intro: "Condividi il tuo codice: chi si registra all'app con il tuo invito ti fa guadagnare punti sulla Carta Fedeltà.",
  codeLabel: 'Il tuo codice amico',
  linkLabel: 'Link di invito',
  share: 'Condividi',
  copy: 'Copia link',
  copied: 'Link copiato',
  copyFailed: 'Impossibile copiare il link',
  shareTitle: 'Ti invito nella app della mia farmacia',
  shareText: "Registrati alla app di {shop} con il mio codice {code}: ti basta aprire il link.",
} as const;
