/**
 * The texts of the web app's shell (spec §2 and §4): app-wide texts, the offline notice and the
 * bottom tabs. They live apart from the other groups because the shell is the app's first load
 * and a module is bundled whole: importing `messages` there would ship every text of every
 * screen (decision 0145). `messages.app`, `messages.offline` and `messages.tabs` are these same
 * objects. Add keys here as in messages.ts (exact spec texts, typos included).
 */

/** Spec §2 and §4: app-wide texts. */
export const appMessages = {
  loading: 'Attendere...',
  /** Spec §4: service-worker update prompt. */
  updatePrompt: "Premi ok per aggiornare l'applicazione.",
  genericError: 'Si è verificato un errore',
  // A failed request's texts (too many requests, not found, the generic error…) are
  // `requestErrorMessages` (decision 0692).
  version: 'Versione {version}',
  /** Web app shell (not quoted). */
  name: 'Farmacia',
  mainNavigation: 'Navigazione principale',
  skipToContent: 'Vai al contenuto',
  pageNotFoundTitle: 'Pagina non trovata',
  pageNotFoundText: 'La pagina cercata non esiste o è stata spostata.',
  backToHome: 'Torna alla Home',
  /** A screen that failed while showing (its code did not load: the connection dropped). */
  pageErrorText: 'Non è stato possibile mostrare la pagina. Controlla la connessione e riprova.',
  retry: 'Riprova',
  updateTitle: 'Aggiornamento disponibile',
  ok: 'OK',
  later: 'Più tardi',
  loadFailed: 'Impossibile caricare i contenuti. Riprova più tardi.',
  contentUnavailable: 'Contenuto non disponibile.',
  /** The footer link to the seller's legal data (issue 15), on every screen. */
  legalInfo: 'Informazioni legali',
} as const;

/** Spec §2 offline notice (described, not quoted). */
export const offlineMessages = {
  title: 'Nessuna connessione a internet',
  noInternet: 'Il dispositivo non è connesso a internet.',
  cannotWork: "L'applicazione non può funzionare senza una connessione a internet.",
  resumes: "L'applicazione riprenderà a funzionare automaticamente appena la connessione sarà disponibile.",
  reportProblem: 'Se il problema persiste, contatta la farmacia.',
} as const;

/** Spec §2 bottom tabs. */
export const tabsMessages = {
  home: 'Home',
  cart: 'Carrello',
  reservations: 'Prenotazioni',
  offers: 'Offerte',
  account: 'Account',
  login: 'Accedi',
} as const;
