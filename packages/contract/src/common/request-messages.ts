/** Spec §8 'Requests'. */
export const requestMessages = {
  sent: 'Richiesta inviata correttamente',
  sendFailed: 'Impossibile inviare la richiesta',
  /** Spec §2 order-submitted screen. */
  submittedTitle: 'Richiesta inviata',
} as const;
