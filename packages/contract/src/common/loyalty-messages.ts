export const loyaltyMessages = {
  title: 'Carta Fedeltà',
  /** Spec §2. */
  notFound: 'Nessuna carta fedeltà trovata',
  /** Card screen (not quoted). */
  cardNumber: 'Numero carta',
  points: 'Punti',
  lastUpdate: 'Ultimo aggiornamento',
  validUntil: 'Raccolta valida fino al',
  barcodeAlt: 'Codice a barre della carta {number}',
  showAtCounter: 'Mostra il codice a barre in farmacia per usare la carta anche al banco.',
  howToGet: 'Ricevi la carta con il primo ordine completato, oppure invitando un amico.',
  /** Decision 0696: the law forbids prize operations on medicines. */
  medicinesExcluded: 'I punti si accumulano sugli acquisti di prodotti che non sono medicinali.',
} as const;
