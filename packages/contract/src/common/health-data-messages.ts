/** Consent to process health data (GDPR art. 9, issue 15), apart from the privacy consents; decision 0410. */
export const healthDataMessages = {
  title: 'Consenso al trattamento dei dati sanitari',
  /** The consent text of HEALTH_CONSENT_VERSION: a new wording needs a new version (the app asks again). */
  consentText:
    'Per preparare ricette, richieste di prodotti e preparazioni galeniche la farmacia tratta dati relativi alla tua salute ' +
    '(ricette, numeri di ricetta elettronica, codici fiscali, note e foto che ci invii). Li trattiamo solo per evadere le tue ' +
    "richieste, li vedono solo i farmacisti della farmacia e li cancelliamo dopo il periodo di conservazione indicato " +
    "nell'informativa. Puoi revocare il consenso in ogni momento dal tuo profilo: la revoca non tocca le richieste già evase.",
  checkbox: 'Acconsento al trattamento dei miei dati sanitari per le finalità descritte',
  confirm: 'Conferma e invia',
  cancel: 'Annulla',
  mustCheck: 'Per inviare la richiesta spunta la casella del consenso.',
  /** 403 HEALTH_CONSENT_REQUIRED (decision 0410). */
  required: 'Per inviare ricette e richieste serve il tuo consenso al trattamento dei dati sanitari.',
  versionMismatch: 'Il testo del consenso è cambiato: ricarica la pagina e leggilo di nuovo.',
  acceptRequired: 'Per dare il consenso spunta la casella.',
  given: 'Consenso ai dati sanitari registrato.',
  withdrawn: 'Consenso ai dati sanitari revocato.',
  /** Profile area. */
  sectionTitle: 'Dati sanitari',
  statusGiven: 'Consenso dato il {date} (versione {version}).',
  statusNone: 'Non hai dato il consenso: ti verrà chiesto al primo invio di una ricetta o di una richiesta.',
  statusWithdrawn: 'Consenso revocato il {date}.',
  statusOutdated: 'Il testo del consenso è cambiato dopo il tuo consenso: ti verrà chiesto di nuovo al prossimo invio.',
  give: 'Dai il consenso',
  withdraw: 'Revoca il consenso',
  withdrawTitle: 'Revocare il consenso?',
  withdrawText:
    'Dopo la revoca non potrai inviare ricette o richieste finché non darai di nuovo il consenso. Le ricette e le richieste ' +
    'ancora nel carrello vengono cancellate; quelle di ordini già inviati restano alla farmacia per evaderli e vengono ' +
    'cancellate alla fine del periodo di conservazione.',
  /** Back office: retention (decision 0411). */
  retentionTitle: 'Conservazione dei dati sanitari',
  retentionLabel: 'Mesi di conservazione dopo la chiusura',
  retentionHint:
    'Dopo questo periodo dalla chiusura di un ordine o di una richiesta, le foto delle ricette e gli allegati vengono ' +
    'cancellati e i dati sanitari rimossi (restano importi e date). Predefinito: {months} mesi.',
  retentionRange: 'Inserire un numero intero di mesi tra {min} e {max}.',
  retentionSave: 'Salva il periodo di conservazione',
  retentionSaved: 'Periodo di conservazione salvato.',
} as const;
