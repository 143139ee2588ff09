/**
 * The back office's live-update texts (issue 19, decision 0525): the new-order notice, its sound
 * switch and the state of the automatic updates. Not quoted by the spec.
 */
export const liveMessages = {
  newOrder: 'Nuovo ordine n. {id}',
  dismiss: 'Chiudi l’avviso',
  /** A toggle button (aria-pressed): the sound of a new order, remembered on this computer. */
  sound: 'Suono nuovi ordini',
  live: 'Aggiornamento in tempo reale',
  polling: 'Aggiornamento ogni pochi secondi',
  notices: 'Avvisi',
} as const;
