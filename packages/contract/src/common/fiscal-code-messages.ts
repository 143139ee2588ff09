export const fiscalCodeMessages = {
  invalid: 'Codice fiscale non valido.',
  length: 'Il codice fiscale deve essere di 16 caratteri.',
  pattern:
    'Il codice fiscale non ha il formato corretto (6 lettere, 2 cifre, 1 lettera, 2 cifre, 1 lettera, 3 cifre, 1 lettera).',
  controlChar: 'Il carattere di controllo del codice fiscale non è corretto.',
  birthDate: 'La data di nascita contenuta nel codice fiscale non esiste (giorno o mese non validi).',
  /** Spec §5 prescription: 'Selezionare un codice fiscale.' */
  select: 'Selezionare un codice fiscale.',
  /** Spec §8 toast (typo 'Fisale' is the spec's). */
  problem: 'Ci sono dei problemi con il Codice Fisale',
  /** Spec §6. */
  mainNotDeletable:
    "Il presente codice fiscale è associato all'utente dell'applicazione e ai relativi consensi in materia di privacy, pertanto, la sua cancellazione non è possibile.",
  alreadyPresent: 'Questo codice fiscale è già presente.',
  systemNotEditable: 'Questo codice fiscale non può essere modificato.',
  notFound: 'Codice fiscale non trovato.',
  /** Fiscal code screens (not quoted). */
  listTitle: 'Codici fiscali',
  intro: 'Aggiungi i codici fiscali dei familiari per cui invii le ricette.',
  add: 'Aggiungi codice fiscale',
  addTitle: 'Nuovo codice fiscale',
  editTitle: 'Modifica codice fiscale',
  hint: '16 caratteri, come sulla tessera sanitaria.',
  main: 'Principale',
  mainHint: 'Il tuo codice fiscale, collegato al tuo account: non si può eliminare.',
  systemHint: 'Inserito dalla farmacia: non si può modificare.',
  save: 'Salva',
  saved: 'Codice fiscale salvato',
  delete: 'Elimina',
  deleteTitle: 'Eliminare il codice fiscale?',
  deleteText: 'Il codice fiscale {code} non potrà più essere scelto per le ricette.',
  deleted: 'Codice fiscale eliminato',
} as const;
