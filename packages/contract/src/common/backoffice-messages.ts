/** The pharmacist's back office (issue 8). */
export const backofficeMessages = {
  staffOnly: 'Questo accesso è riservato al personale della farmacia.',
  shopRequired: 'Indicare la farmacia.',
  reasonRequired: 'Indicare il motivo.',
  closureRange: 'La data di fine deve seguire quella di inizio.',
  timeRange: "L'orario di fine deve seguire quello di inizio.",
  closureNotFound: 'Chiusura non trovata.',
  staffNotFound: 'Operatore non trovato.',
  reservationNotFound: 'Prenotazione non trovata.',
  rangeTooLong: 'Intervallo massimo 31 giorni.',
} as const;
