/**
 * The texts of the two PDFs the server renders from a shop's data when the shop uploaded none
 * (spec §2 Promotions and Shifts): the on-duty shifts (`turni`) and the flyer (`volantino`), and
 * the words for a shift's hours the assistant uses too. `{name}` placeholders, filled with
 * `fillMessage`. Not quoted by the spec (decision 0694).
 */
export const shopDocumentMessages = {
  /** Every page's footer. */
  page: 'Pagina {page} di {pages}',
  /** When the shop has no name of its own. */
  shopFallbackName: 'Farmacia',
  shiftHours: 'dalle {start} alle {end}',
  /** A night shift: it ends the next day. */
  nightShiftHours: 'dalle {start} alle {end} del giorno dopo',
  shifts: {
    documentTitle: 'Turni di servizio - {shop}',
    title: 'Turni di servizio delle farmacie',
    period: 'Dal {from} al {to}',
    dutyNote:
      'Fuori dal normale orario di apertura il servizio è garantito dalla farmacia di turno. Di notte il servizio può essere svolto a battenti chiusi: suona il campanello e attendi il farmacista.',
    none: 'Nessun turno programmato nelle prossime settimane.',
    ownShop: '{pharmacy} (questa farmacia)',
    phone: 'tel. {phone}',
    information: 'Informazioni: {phone}.',
    updated: 'Elenco aggiornato al {day}.',
  },
  flyer: {
    documentTitle: 'Volantino - {shop}',
    title: 'Volantino delle offerte',
    updated: 'Offerte aggiornate al {day}',
    none: 'Al momento non ci sono offerte attive.',
    validFrom: 'dal {day}',
    validTo: 'al {day}',
    valid: 'Valida {period}',
    terms: 'Le offerte sono valide fino a esaurimento scorte e non si applicano ai medicinali con obbligo di prescrizione.',
    hours: 'Orari: {hours}.',
    phone: 'Telefono: {phone}.',
  },
} as const;
