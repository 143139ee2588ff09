/** Spec §2 account menu entries. */
export const accountMenuMessages = {
  profile: 'Profilo',
  fiscalCode: 'Codice fiscale',
  orders: 'Ordini',
  reservations: 'Prenotazioni',
  loyaltyCard: 'Carta Fedeltà',
  addresses: 'Indirizzi',
  notifications: 'Notifiche',
  inviteFriend: 'Invita un Amico',
  faq: 'Domande Frequenti',
  privacyPolicy: 'Informativa Privacy',
  privacyConsents: 'Gestisci consensi privacy',
  terms: "Termini d'utilizzo",
  logout: 'Esci',
} as const;
