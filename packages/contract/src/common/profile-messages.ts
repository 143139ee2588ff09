export const profileMessages = {
  /** Spec §8. */
  updated: 'Profilo aggiornato',
  updateFailed: 'Impossibile aggiornare',
  /** Profile screen (not quoted). */
  title: 'Profilo',
  nameLabel: 'Nome e cognome',
  emailLabel: 'Email',
  phoneLabel: 'Telefono',
  phoneHint: 'Con il prefisso internazionale, ad esempio 39 320 1234567.',
  fiscalCodeLabel: 'Codice fiscale',
  passwordLabel: 'Nuova password',
  passwordHint: 'Lascia vuoto per mantenere la password attuale.',
  passwordConfirmationLabel: 'Conferma nuova password',
  save: 'Salva',
} as const;
