export const shopMessages = {
  /** Spec §8. */
  updated: 'Punto vendita aggiornato',
  updateFailed: 'Errore, non è stato possibile aggiornare il punto vendita associato',
  select: 'Selezionare un punto vendita.',
  notLinked: 'Il punto vendita selezionato non è associato al tuo account.',
  notFound: 'Punto vendita non trovato.',
  /** An installation with no shop yet (`npm run setup` makes the first). */
  noneConfigured: 'Nessun punto vendita configurato.',
} as const;
