export const notificationsMessages = {
  /** Spec §8 'Notifiche push/email/sms attivate/disabilitate.': {type} is push, email or sms. */
  enabled: 'Notifiche {type} attivate.',
  disabled: 'Notifiche {type} disabilitate.',
  /** Spec §8 (grammar is the spec's). */
  pushPermissionDenied: "Non è stata garantito il permesso all'applicazione per ricevere notifiche push.",
  pushGenericProblem: 'Problema generico nella attivazione le notifiche push.',
  /** Not quoted: the path's type and the body's differ. */
  typeMismatch: 'Il tipo di notifica non corrisponde alla richiesta.',
  /** Not quoted: sms needs a phone number in the profile. */
  smsNeedsPhone: 'Per ricevere gli SMS aggiungi un numero di telefono al tuo profilo.',
  /** Settings screen (not quoted). */
  title: 'Notifiche',
  intro: 'Scegli come vuoi essere avvisato su ordini, prenotazioni e promemoria.',
  push: 'Notifiche push',
  pushHint: 'Su questo dispositivo, anche ad app chiusa.',
  pushUnsupported: 'Questo browser non supporta le notifiche push.',
  email: 'Notifiche email',
  emailHint: "All'indirizzo email del tuo profilo.",
  sms: 'Notifiche SMS',
  smsHint: 'Al numero di telefono del tuo profilo.',
} as const;
