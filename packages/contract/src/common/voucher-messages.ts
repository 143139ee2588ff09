export const voucherMessages = {
  /** Spec §8. */
  added: 'Codice sconto inserito',
  error: 'Si è verificato un errore',
  codeRequired: 'Inserire un codice sconto.',
  invalid: 'Codice sconto non valido.',
  minimumCartTotal: 'Il codice sconto è valido per una spesa minima di {minimum}.',
  expired: 'Il codice sconto è scaduto.',
  exhausted: 'Il codice sconto non è più disponibile.',
  alreadyUsed: 'Hai già utilizzato questo codice sconto.',
  notStarted: 'Il codice sconto non è ancora valido.',
  noEligibleProducts: 'Il codice sconto non si applica ai prodotti nel carrello.',
  /** Under the code's field (decision 0696: the law wants one price of a medicine for every buyer). */
  medicinesExcluded: 'I codici sconto non si applicano ai medicinali.',
} as const;
