/** Promotion periods (issue 19, decision 0530): first and last day, either may be left open. */
export const promotionPeriodMessages = {
  start: 'Inizio promozione',
  end: 'Fine promozione',
  hint: 'Date incluse; lasciare vuoto per non porre limiti.',
  dayInvalid: 'Inserire una data valida (gg/mm/aaaa).',
  endBeforeStart: 'La fine della promozione non può precedere l’inizio.',
  importDayInvalid: '{field} non valida: usare gg/mm/aaaa o aaaa-mm-gg.',
  importEndBeforeStart: 'promo_fine precede promo_inizio.',
  running: 'In corso',
  scheduled: 'Programmata',
  ended: 'Terminata',
  validFrom: 'Dal {from}',
  validTo: 'Fino al {to}',
} as const;
