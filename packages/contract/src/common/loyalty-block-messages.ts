/** Blocked loyalty cards (issue 19, decision 0531): the app's card screen and the back office. */
export const loyaltyBlockMessages = {
  blockedTitle: 'Carta bloccata',
  blockedText: 'La farmacia ha bloccato questa carta: non accumula punti e il codice a barre non è utilizzabile. Per una nuova carta rivolgiti alla farmacia.',
  blockedSince: 'Bloccata il {date}',
  status: 'Stato',
  active: 'Attiva',
  blocked: 'Bloccata',
  block: 'Blocca la carta',
  unblock: 'Sblocca la carta',
  blockReason: 'Motivo del blocco (facoltativo)',
  blockedDone: 'Carta bloccata: non accumula più punti.',
  unblockedDone: 'Carta sbloccata.',
  alreadyBlocked: 'La carta è già bloccata.',
  notBlocked: 'La carta non è bloccata.',
  previousNumbers: 'Numeri precedenti (bloccati)',
} as const;
