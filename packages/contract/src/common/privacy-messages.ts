export const privacyMessages = {
  /** Spec §5. */
  consentRequired: 'Questo consenso è obbligatorio',
  /** Spec §8. */
  updated: 'Consensi privacy aggiornati',
  acceptAll: 'Accetta tutti',
  /** Privacy consents screen of the web app (not quoted). */
  save: 'Salva',
  readMore: 'Leggi',
  gateIntro: "Per continuare a usare l'applicazione conferma i tuoi consensi privacy.",
  loginToManage: 'Accedi per gestire i tuoi consensi privacy.',
} as const;
