/** Data export and account deletion (GDPR), not quoted. */
export const gdprMessages = {
  exportTitle: 'I tuoi dati',
  exportText: 'Scarica in un file tutti i dati che la farmacia conserva su di te.',
  exportButton: 'Scarica i miei dati',
  deleteTitle: 'Elimina account',
  deleteText:
    "L'eliminazione è definitiva: cancelliamo profilo, codici fiscali, indirizzi, ricette, richieste, prenotazioni, carta fedeltà e punti. Gli ordini restano, senza i tuoi dati personali, per gli obblighi fiscali.",
  deleteButton: 'Elimina definitivamente',
  passwordLabel: 'Conferma con la tua password',
  passwordRequired: 'Inserisci la password per confermare.',
  wrongPassword: 'La password non è corretta.',
  deleted: 'Il tuo account è stato eliminato.',
  staffCannotDelete: "Gli account del personale della farmacia si gestiscono dall'amministrazione.",
  mailSubject: 'Il tuo account è stato eliminato',
  mailText:
    "Gentile {name},\nil tuo account dell'app di {shop} è stato eliminato su tua richiesta il {date}.\nSe non sei stato tu, contatta subito la farmacia.\n{shop}",
  /** The name an erased account keeps, where its orders are still listed. */
  erasedAccountName: 'Account eliminato',
} as const;
