/** Back office: services, events, working hours and reservations made for a customer (issue 8). */
export const backofficeBookingsMessages = {
  customerNotFound: 'Cliente non trovato.',
  customerRequired: 'Selezionare un cliente.',
  eventAvailabilityNotFound: 'Disponibilità non trovata.',
  categoryInUse: 'La categoria contiene servizi o gruppi: spostali o eliminali prima.',
  groupInUse: 'Il gruppo contiene servizi: spostali prima di eliminarlo.',
  availabilityBooked: 'Ci sono prenotazioni in questa disponibilità: annullale prima di eliminarla.',
  hoursOverlap: 'Gli orari dello stesso giorno non devono sovrapporsi.',
  weekday: 'Giorno della settimana non valido.',
  durationRange: 'Inserire una durata tra 5 e 480 minuti.',
  priceRange: 'Inserire un prezzo valido (massimo 2 decimali).',
  availabilityRange: "L'orario di fine deve seguire quello di inizio.",
} as const;
