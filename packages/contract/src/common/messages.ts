import { liveMessages } from './live-messages.js';
import { countMessages } from './plural.js';
import { scanCameraMessages } from './scan-camera-messages.js';
import { appMessages, offlineMessages, tabsMessages } from './shell-messages.js';

/**
 * Every Italian text the user can read, in one place, grouped by domain.
 *
 * Texts quoted by the spec (§2, §4, §5, §6, §8) are copied **exactly, typos included**
 * ('Codice Fisale', 'aggionato', 'idirizzi', 'Prenotaziona'): the spec is the contract and the
 * tests compare against it. Texts the spec only describes (the offline notice, generic validation
 * messages, checkout step titles...) are written here in plain Italian and marked `not quoted`.
 *
 * Placeholders are `{name}`-style; fill them with {@link fillMessage}.
 *
 * Other engineers add their keys here with a small edit: keep the groups, re-read the file first.
 */
export const messages = {
  /** The camera scanner (issue 20). */
  scanCamera: scanCameraMessages,
  /** Live updates in the back office (issue 19). */
  live: liveMessages,
  /** Count texts by Italian plural form (issue 19): fill them with countText. */
  counts: countMessages,
  /** Generic validation messages (not quoted by the spec unless said so). */
  validation: {
    required: 'Campo obbligatorio.',
    /** Spec §5 card form: month and year. */
    fillThisField: 'Compila questo campo.',
    maxLength: 'Massimo {max} caratteri.',
    minLength: 'Minimo {min} caratteri.',
    lengthBetween: 'Deve contenere da {min} a {max} caratteri.',
    invalid: 'Valore non valido.',
    invalidNumber: 'Inserire un numero valido.',
    integer: 'Inserire un numero intero.',
    between: 'Inserire un valore compreso tra {min} e {max}.',
    email: 'Email non valida.',
    passwordsMismatch: 'Le password non coincidono.',
    passwordTooShort: 'La password deve contenere almeno {min} caratteri.',
    boolean: 'Valore non valido: atteso sì o no.',
    invalidDate: 'Data non valida.',
    invalidTime: 'Orario non valido.',
    /** The validation library's own checks (validation-locale.ts): what was expected, never what was sent. */
    expectedText: 'Deve essere un testo.',
    expectedNumber: 'Deve essere un numero.',
    expectedInteger: 'Deve essere un numero intero.',
    expectedBoolean: 'Deve essere sì o no.',
    expectedList: 'Deve essere un elenco.',
    expectedObject: 'Deve essere un insieme di campi.',
    atMost: 'Deve essere al massimo {max}.',
    lessThan: 'Deve essere minore di {max}.',
    atLeast: 'Deve essere almeno {min}.',
    greaterThan: 'Deve essere maggiore di {min}.',
    numberTooLarge: 'Il numero è troppo grande.',
    maxItems: 'Massimo {max} elementi.',
    minItems: 'Almeno {min} elementi.',
    multipleOf: 'Deve essere un multiplo di {divisor}.',
    unknownField: 'Campo non previsto.',
    unknownFields: 'Campi non previsti.',
    /** A lone surrogate, NUL or another control character: refused, never silently replaced (issue 21). */
    invalidCharacters: 'Il testo contiene caratteri non ammessi (caratteri di controllo o non validi).',
    /** A line break or tab in a one-line field (name, city…). */
    singleLine: 'Il testo deve stare su una sola riga (senza a capo o tabulazioni).',
    /** A request body whose bytes are not valid UTF-8: refused rather than read with replacement characters. */
    invalidEncoding: 'La richiesta contiene caratteri non validi (codifica UTF-8 errata).',
  },

  fiscalCode: {
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
  },

  phone: {
    invalid: 'Numero di telefono non valido.',
    /** Spec §5 signup: 7 to 10 digits. */
    signupDigits: 'Il numero di telefono deve contenere da 7 a 10 cifre.',
    /** Spec §5 profile: 2 digits, 3 digits, 7 digits (example 39 320 1234567). */
    profileFormat: 'Il numero di telefono deve avere il formato 39 320 1234567.',
  },

  /** Spec §2 and §4: app-wide texts (in shell-messages.ts: the web app's first load). */
  app: appMessages,

  /** Spec §2 offline notice (in shell-messages.ts). */
  offline: offlineMessages,

  /** Spec §2 bottom tabs (in shell-messages.ts). */
  tabs: tabsMessages,

  home: {
    login: 'Accedi',
    reservations: 'Prenotazioni',
    orders: 'Ordini',
    virtualAssistant: 'Assistente virtuale',
    /** Web app home (not quoted). */
    contacts: 'Contatti',
    call: 'Chiama',
    whatsapp: 'Scrivici su WhatsApp',
    openingHours: 'Orari di apertura',
    closed: 'Chiuso',
    today: 'oggi',
    loginForCounts: 'Accedi per vedere le tue prenotazioni e i tuoi ordini.',
    /** Home screen of the web app, catalogue engineer (not quoted). */
    slides: 'In evidenza',
    slide: 'Diapositiva {n} di {total}',
    previousSlide: 'Diapositiva precedente',
    nextSlide: 'Diapositiva successiva',
    pauseSlides: 'Metti in pausa lo scorrimento',
    playSlides: 'Avvia lo scorrimento',
    goToSlide: 'Vai alla diapositiva {n}',
    quickActions: 'Accesso rapido',
    search: 'Cerca',
    prescriptions: 'Ricette',
    services: 'Servizi',
    events: 'Eventi',
    promotions: 'Offerte',
    featuredServices: 'Servizi in evidenza',
    yourActivity: 'La tua attività',
    virtualAssistantText: 'Hai una domanda? Chiedi al nostro assistente virtuale.',
    virtualAssistantOpen: "Apri l'assistente",
    shop: 'Punto vendita',
    shopLabel: 'Il tuo punto vendita',
    shopSave: 'Cambia punto vendita',
  },

  auth: {
    loginTab: 'Accedi',
    signupTab: 'Registrati',
    /** Spec §2: after a recovery request. */
    mailSent: 'Mail inviata',
    /** Spec §8: login or recovery failure. */
    wrongCredentials: 'Credenziali sbagliate',
    /** Spec §8: password reset failure. */
    resetFailed: 'Si è verificato un errore, eseguire una nuova richiesta di cambio password',
    resetDone: 'Password aggiornata correttamente. Ora puoi accedere con la nuova password.',
    goToLogin: "Vai all'accesso",
    identifierRequired: 'Inserire email o numero di telefono.',
    termsRequired: 'È necessario accettare i termini e le condizioni.',
    logout: 'Esci',
    emailTaken: 'Email già registrata.',
    phoneTaken: 'Numero di telefono già registrato.',
    referralUnknown: 'Codice invito non valido.',
    /** Answer of every recovery request, whether the account exists or not (no user enumeration). */
    recoveryRequested: "Se l'indirizzo è registrato riceverai una mail con il link per reimpostare la password.",
    /** {minutes} is a count text ('1 minuto', '5 minuti'). */
    tooManyAttempts: 'Troppi tentativi. Riprova tra {minutes}.',
    loggedOut: 'Sessione terminata.',
    /** Login, signup and reset screens of the web app (not quoted). */
    loginOrSignup: 'Accedi o registrati',
    loginTitle: 'Accedi al tuo account',
    identifierLabel: 'Email o numero di telefono',
    passwordLabel: 'Password',
    loginSubmit: 'Accedi',
    forgotPassword: 'Password dimenticata?',
    recoveryTitle: 'Recupera password',
    recoveryIntro: "Inserisci l'email con cui ti sei registrato: ti invieremo un link per scegliere una nuova password.",
    recoverySubmit: 'Invia',
    backToLogin: "Torna all'accesso",
    signupTitle: 'Crea il tuo account',
    nameLabel: 'Nome e cognome',
    fiscalCodeLabel: 'Codice fiscale',
    phoneLabel: 'Numero di telefono',
    emailLabel: 'Email',
    passwordConfirmationLabel: 'Conferma password',
    passwordHint: 'Almeno {min} caratteri.',
    referralLabel: 'Codice invito (facoltativo)',
    termsLabel: "Ho letto l'informativa privacy e accetto i termini d'utilizzo",
    signupSubmit: 'Registrati',
    signupDone: 'Registrazione completata',
    resetTitle: 'Nuova password',
    newPasswordLabel: 'Nuova password',
    newPasswordConfirmationLabel: 'Conferma nuova password',
    resetSubmit: 'Cambia password',
  },

  /** Spec §6: adding to the cart or booking while anonymous. */
  access: {
    loginOrSignup: 'Accedi o registrati',
    loginToRequestInfo: 'Accedi per richiedere informazioni',
  },

  shop: {
    /** Spec §8. */
    updated: 'Punto vendita aggiornato',
    updateFailed: 'Errore, non è stato possibile aggiornare il punto vendita associato',
    select: 'Selezionare un punto vendita.',
    notLinked: 'Il punto vendita selezionato non è associato al tuo account.',
    notFound: 'Punto vendita non trovato.',
  },

  profile: {
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
  },

  privacy: {
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
  },

  /** Consent to process health data (GDPR art. 9, issue 15), apart from the privacy consents; decision 0410. */
  healthData: {
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
  },

  notifications: {
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
  },

  addresses: {
    /** Spec §2 empty list (typo 'idirizzi' is the spec's). */
    empty: 'Non sono presenti idirizzi',
    systemNotEditable: 'Questo indirizzo non può essere modificato.',
    default: 'Predefinito',
    countryItalyOnly: 'Sono accettati solo indirizzi in Italia.',
    listTitle: 'Indirizzi',
    intro: 'Gli indirizzi a cui consegnare i tuoi ordini.',
    add: 'Aggiungi indirizzo',
    addTitle: 'Nuovo indirizzo',
    editTitle: 'Modifica indirizzo',
    name: 'Nome (es. Casa, Ufficio)',
    address1: 'Indirizzo e numero civico',
    address2: 'Scala, piano, interno (facoltativo)',
    city: 'Città',
    stateRegion: 'Provincia',
    postalCode: 'CAP',
    phone: 'Telefono (facoltativo)',
    makeDefault: 'Usa come indirizzo predefinito',
    save: 'Salva indirizzo',
    saved: 'Indirizzo salvato',
    saveFailed: "Impossibile salvare l'indirizzo.",
    edit: 'Modifica',
    delete: 'Elimina',
    deleteTitle: "Eliminare l'indirizzo?",
    deleteText: "L'indirizzo «{name}» verrà eliminato. Gli ordini già inviati non cambiano.",
    deleted: 'Indirizzo eliminato',
    deleteFailed: "Impossibile eliminare l'indirizzo.",
    notFound: 'Indirizzo non trovato.',
  },

  loyalty: {
    title: 'Carta Fedeltà',
    /** Spec §2. */
    notFound: 'Nessuna carta fedeltà trovata',
    /** Card screen (not quoted). */
    cardNumber: 'Numero carta',
    points: 'Punti',
    lastUpdate: 'Ultimo aggiornamento',
    validUntil: 'Raccolta valida fino al',
    barcodeAlt: 'Codice a barre della carta {number}',
    showAtCounter: 'Mostra il codice a barre in farmacia per usare la carta anche al banco.',
    howToGet: 'Ricevi la carta con il primo ordine completato, oppure invitando un amico.',
  },

  referrer: {
    title: 'Invita un amico',
    /** Referrer screen (not quoted). */
    intro: "Condividi il tuo codice: chi si registra all'app con il tuo invito ti fa guadagnare punti sulla Carta Fedeltà.",
    codeLabel: 'Il tuo codice amico',
    linkLabel: 'Link di invito',
    share: 'Condividi',
    copy: 'Copia link',
    copied: 'Link copiato',
    copyFailed: 'Impossibile copiare il link',
    shareTitle: 'Ti invito nella app della mia farmacia',
    shareText: "Registrati alla app di {shop} con il mio codice {code}: ti basta aprire il link.",
  },

  /** Data export and account deletion (GDPR), not quoted. */
  gdpr: {
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
  },

  catalogue: {
    /** Spec §2 / §8 category not found (title / text). */
    categoryNotFoundTitle: 'Risultato non trovato',
    categoryNotFoundText: 'La categoria cercata non è esistente',
    /** Spec §2 product page title when absent. */
    productNotFound: 'Prodotto non trovato',
    /** 429 on the search (issue 9): more searches from one address than a person types in a minute. */
    tooManySearches: 'Troppe ricerche in poco tempo. Riprova tra un minuto.',
    /** Spec §2 promotions empty state. */
    noPromotions: 'Non ci sono promozioni disponibili',
    /** Spec §2 shifts empty state. */
    noShifts: 'Al momento non ci sono turni disponibili.',
    /** Promotions and shifts screens (not quoted). */
    promotionsTitle: 'Offerte',
    flyerTitle: 'Volantino',
    shiftsTitle: 'Turni',
    openPdf: 'Apri il PDF',
    validFromTo: 'Dal {from} al {to}',
    discover: 'Scopri',
    searchTooShort: 'Inserire più di 2 caratteri per la ricerca.',
    searchTooLong: 'La ricerca può contenere al massimo {max} caratteri.',
    /** Like Elasticsearch's result window: pages past this many results are not served. */
    resultWindow: 'Si possono sfogliare al massimo i primi {max} risultati.',
    categoryLevelsOrder: 'Indicare anche le categorie dei livelli precedenti.',
    available: 'Disponibile',
    unavailable: 'Non disponibile',
    /** Issue 18: a product the current pharmacy does not sell (its page opens by code). */
    notSoldHere: 'Prodotto non disponibile in questa farmacia',
    notSoldHereHint: 'Puoi chiedere alla farmacia di procurartelo: ti ricontatta quando è disponibile.',
    prescriptionOnly: 'Medicinale soggetto a prescrizione medica',
    /** Search, category and product screens of the web app (not quoted). */
    searchTitle: 'Cerca',
    searchLabel: 'Cerca un prodotto',
    searchPlaceholder: 'Nome, principio attivo o codice',
    searchHint: 'Scrivi almeno 3 caratteri.',
    searchResults: '{count} risultati per «{q}»',
    searchOneResult: '1 risultato per «{q}»',
    searchManyResults: 'Più di {count} risultati per «{q}»',
    searchCorrected: 'Risultati per «{q}»',
    noResults: 'Nessun prodotto trovato per «{q}».',
    noResultsHint: 'Controlla come hai scritto la parola o cerca per categoria.',
    categoriesTitle: 'Categorie',
    allCategories: 'Tutte le categorie',
    subcategories: 'Sottocategorie',
    products: 'Prodotti',
    noProducts: 'Nessun prodotto in questa categoria.',
    loadMore: 'Carica altri prodotti',
    endOfList: 'Hai visto tutti i prodotti.',
    breadcrumb: 'Percorso',
    manufacturer: 'Produttore',
    code: 'Codice',
    activePrinciple: 'Principio attivo',
    description: 'Descrizione',
    atc: 'ATC',
    otherInfo: 'Altre informazioni',
    fullName: 'Denominazione completa',
    categories: 'Categorie',
    fullPrice: 'Prezzo pieno',
    promo: 'In offerta',
    prescriptionNeeded: 'Per questo medicinale serve la ricetta medica: inseriscila e il farmacista ti contatterà.',
    enterPrescription: 'Inserisci ricetta',
    euLogoAlt: 'Logo comune europeo per la vendita online di medicinali: verifica che la farmacia sia autorizzata',
    quantity: 'Quantità',
    addToCart: 'Aggiungi al carrello',
    unavailableHint: 'Al momento il prodotto non è disponibile.',
    productNotFoundText: 'Il prodotto cercato non esiste o non è più in catalogo.',
    backToSearch: 'Torna alla ricerca',
    retry: 'Riprova',
  },

  /** Catalogue import (CLI and back office upload): one reason per rejected field of a row. */
  catalogueImport: {
    missingColumns: 'Colonne obbligatorie mancanti: {columns}.',
    unknownColumns: 'Colonne sconosciute ignorate: {columns}.',
    emptyFile: 'Il file è vuoto.',
    fieldCount: 'Numero di campi errato: attesi {expected}, trovati {found}.',
    unterminatedQuote: 'Virgolette non chiuse.',
    codeMissing: 'codice_ministeriale mancante.',
    codeFormat: 'codice_ministeriale deve contenere 9 cifre.',
    codeCheckDigit: 'codice_ministeriale: cifra di controllo errata (attesa {expected}).',
    codeDuplicate: 'codice_ministeriale già presente alla riga {line}.',
    nameMissing: 'nome_prodotto mancante.',
    tooLong: '{field}: massimo {max} caratteri.',
    /** The text rules of any field (decision 0669): a control character or half an emoji, anywhere. */
    invalidCharacters: '{field}: il testo contiene caratteri non ammessi (caratteri di controllo o non validi).',
    /** A line break or tab in a column that is one line (the name, the maker, a category...). */
    singleLine: '{field}: il testo deve stare su una sola riga (senza a capo o tabulazioni).',
    priceMissing: 'prezzo mancante.',
    priceInvalid: "prezzo non valido: usare ad esempio 12,50.",
    priceNegative: 'prezzo negativo.',
    priceTooHigh: 'prezzo troppo alto (massimo {max} €).',
    listPriceInvalid: 'prezzo_pieno non valido o inferiore al prezzo.',
    quantityInvalid: 'quantita deve essere un numero intero maggiore o uguale a 0.',
    flagInvalid: '{field} deve essere 1 o 0 (sì o no).',
    categoryOrder: '{field} indicata senza la categoria del livello precedente.',
    categoryName: '{field}: nome di categoria non valido.',
    separator: 'Il file deve usare il punto e virgola (;) come separatore.',
  },

  cart: {
    /** Spec §8. */
    added: '{name} aggiunto al carrello',
    addFailed: 'Impossibile aggiungere {product} al carrello',
    productsAdded: 'Prodotti aggiunti al carrello',
    proceed: 'Procedi',
    quantityRange: 'La quantità deve essere compresa tra 0 e 10.',
    /** Cart server answers and screen texts (not quoted). */
    notFound: 'Carrello non trovato.',
    productNotInCart: 'Prodotto non presente nel carrello.',
    productUnavailable: 'Prodotto non più disponibile',
    /** Cart screen (not quoted). */
    unavailableHint: 'Rimuovi i prodotti non più disponibili per procedere.',
    /** A line the current shop does not sell (issue 18): its page offers to request it. */
    notSoldHereHint: 'Rimuovilo per procedere, o chiedi alla farmacia di procurartelo dalla sua pagina.',
    prescriptionOnly: 'Medicinale con obbligo di ricetta: il farmacista ti chiederà la ricetta.',
    each: 'cad.',
    emptyHint: 'Cerca un prodotto, inserisci una ricetta o mandaci la foto di un prodotto.',
    searchProducts: 'Cerca prodotti',
    prescriptionsSection: 'Ricette e richieste ({count})',
    requestsSection: 'Richieste di prodotti ({count})',
    productsSection: 'Prodotti ({count})',
    productsLabel: 'Prodotti nel carrello',
    noPrescriptions: 'Nessuna ricetta inserita.',
    noProducts: 'Nessun prodotto nel carrello.',
    quantityOf: 'Quantità di {name}',
    remove: 'Rimuovi',
    edit: 'Modifica',
    summary: 'Riepilogo del carrello',
    subtotal: 'Subtotale',
    discount: 'Sconto',
    total: 'Totale',
    voucherLabel: 'Inserisci il codice sconto',
    applyVoucher: 'Applica',
    removeVoucher: 'Rimuovi codice sconto',
    clear: 'Svuota carrello',
    clearTitle: 'Svuotare il carrello?',
    clearText: "Verranno rimossi tutti i prodotti, le ricette e le richieste. L'operazione non è reversibile.",
    clearConfirm: 'Svuota',
    cleared: 'Carrello svuotato',
    cancel: 'Annulla',
    refresh: 'Aggiorna',
    pullToRefresh: 'Trascina verso il basso per aggiornare',
    releaseToRefresh: 'Rilascia per aggiornare',
    refreshing: 'Aggiornamento in corso...',
    updateFailed: 'Impossibile aggiornare il carrello. Riprova.',
  },

  productRequest: {
    /** Spec §8. */
    added: 'Prodotto aggiunto',
    updated: 'Prodotto aggiornato',
    removed: 'Prodotto rimosso',
    noteRequired: 'Inserire una nota.',
    fileRequired: 'Caricare un file.',
    notFound: 'Richiesta non trovata.',
    galenicaDisabled: 'La farmacia non accetta richieste di preparazioni galeniche.',
    /** Request forms and the cart (not quoted). */
    typeTitles: { search: 'Ricerca di un prodotto da foto', galenica: 'Preparazione galenica' },
    photoTitle: 'Cerca con una foto',
    galenicaTitle: 'Richiedi una preparazione galenica',
    send: 'Invia la richiesta',
    update: 'Salva le modifiche',
    remove: 'Rimuovi richiesta',
    photo: {
      title: 'Cerca un prodotto con una foto',
      intro: 'Non trovi un prodotto? Descrivilo e, se puoi, allega una foto della confezione: lo cercherà il farmacista.',
      noteLabel: 'Descrivi il prodotto che cerchi',
      noteHint: 'Nome, formato, quantità ed eventuali alternative.',
      fileLabel: 'Foto della confezione (facoltativa)',
      helpLink: 'Come fotografare il prodotto',
    },
    galenica: {
      title: 'Richiedi una preparazione galenica',
      intro: 'Il farmacista preparerà il medicinale nel laboratorio della farmacia e ti dirà prezzo e tempi.',
      noteLabel: 'Composizione e quantità',
      noteHint: 'Copia il testo della prescrizione o descrivi la preparazione.',
      fileLabel: 'Foto della prescrizione (facoltativa)',
      helpLink: 'Cosa sono le preparazioni galeniche',
    },
  },

  prescription: {
    /** Spec §2 form title. */
    title: 'Inserisci ricetta',
    /** Spec §3 'Farmaco equivalente'. */
    equivalent: 'Farmaco equivalente',
    nreLength: 'Il codice NRE deve essere di 13-15 caratteri.',
    nreFormat: 'Il codice NRE può contenere solo lettere e numeri.',
    fileRequired: 'Caricare il file della ricetta.',
    fseConsentRequired: 'È necessario il consenso alla consultazione del Fascicolo Sanitario Elettronico.',
    notFound: 'Ricetta non trovata.',
    /** Prescription screens (not quoted). */
    choiceIntro: 'Scegli come vuoi inviare la ricetta alla farmacia.',
    modeTitles: {
      fse: 'Fascicolo Sanitario Elettronico',
      nre: 'Ricetta elettronica (codice NRE)',
      file: 'Foto o PDF della ricetta',
      vetnre: 'Ricetta veterinaria elettronica',
      vetfile: 'Foto della ricetta veterinaria',
    },
    modeDescriptions: {
      fse: 'La farmacia legge le tue ricette dal Fascicolo Sanitario Elettronico con il tuo consenso.',
      nre: 'Digita il codice NRE stampato sul promemoria della ricetta.',
      file: 'Allega la foto o il PDF di una ricetta cartacea.',
      vetnre: 'Digita il numero della ricetta elettronica veterinaria.',
      vetfile: 'Allega la foto o il PDF della ricetta veterinaria.',
    },
    fseShort: 'Consenso alla consultazione del FSE',
    fiscalCodeShort: 'Codice fiscale',
    fiscalCodeLabel: "Codice fiscale dell'assistito",
    ownerFiscalCodeLabel: "Codice fiscale del proprietario dell'animale",
    selectFiscalCode: 'Seleziona un codice fiscale',
    addFiscalCode: 'Aggiungi un codice fiscale',
    fseConsentLabel: 'Acconsento alla consultazione delle mie ricette sul Fascicolo Sanitario Elettronico',
    fseConsentNote: 'La farmacia vedrà solo le ricette da dispensare.',
    nreLabel: 'Codice NRE',
    nreAlternativeLabel: 'Oppure il codice NRE',
    nreWhere: 'Lo trovi sul promemoria sopra il codice a barre; spazi e trattini non contano.',
    fileLabel: 'Foto o PDF della ricetta',
    vetFileLabel: 'Foto o PDF della ricetta veterinaria',
    noteLabel: 'Note per il farmacista',
    equivalentNote: 'Accetto un farmaco equivalente (generico) con lo stesso principio attivo.',
    save: 'Salva ricetta',
    remove: 'Rimuovi ricetta',
    removeTitle: 'Rimuovere la ricetta?',
    removeText: 'La ricetta e il file allegato verranno eliminati.',
    removed: 'Ricetta rimossa',
    helpLink: 'Come inserire una ricetta',
  },

  /** Help pages /app/help/{productphoto|Galenica|Services|prescription} (spec §2; not quoted). */
  help: {
    notFound: 'Pagina di aiuto non trovata',
    topics: {
      prescription: {
        title: 'Come inviare una ricetta',
        action: 'Inserisci ricetta',
        sections: [
          {
            heading: 'Ricetta elettronica (codice NRE)',
            text: "La ricetta elettronica ha un codice NRE (Numero di Ricetta Elettronica) stampato sul promemoria che ti consegna il medico, sopra il codice a barre: di solito 15 caratteri tra lettere e cifre, come 010A0 1234567890. Scegli «Ricetta elettronica», seleziona il codice fiscale dell'assistito e digita il codice: spazi e trattini non contano.",
          },
          {
            heading: 'Fascicolo Sanitario Elettronico (FSE)',
            text: 'Se hai attivato il Fascicolo Sanitario Elettronico della tua regione, la farmacia può leggere da lì le ricette da dispensare: scegli «Fascicolo Sanitario Elettronico», seleziona il codice fiscale e dai il consenso. Non serve il codice NRE né una foto.',
          },
          {
            heading: 'Foto o PDF della ricetta',
            text: 'Per una ricetta cartacea (ad esempio la ricetta bianca) scatta una foto nitida e ben illuminata di tutto il foglio, oppure allega il PDF ricevuto dal medico. Formati ammessi: JPG, PNG, GIF, PDF ed EPS, fino a 10 MB, un file per ricetta. Se sul foglio c’è il codice NRE puoi digitarlo al posto della foto.',
          },
          {
            heading: 'Ricette veterinarie',
            text: 'La ricetta elettronica veterinaria si invia con il suo numero, oppure con la foto della ricetta cartacea. Indica il codice fiscale del proprietario dell’animale.',
          },
          {
            heading: 'Il codice fiscale',
            text: 'Ogni ricetta è intestata a un codice fiscale: il tuo o quello di un familiare per cui ritiri i farmaci. Puoi aggiungere altri codici fiscali dal modulo della ricetta o dalla voce «Codice fiscale» del tuo account.',
          },
          {
            heading: 'Dopo l’invio',
            text: 'La ricetta entra nel carrello, dove puoi modificarla o rimuoverla. Quando invii la richiesta il farmacista controlla la ricetta e la disponibilità dei farmaci e ti conferma l’ordine con l’importo: i farmaci con obbligo di ricetta non si pagano online e si ritirano in farmacia o con la consegna della farmacia, dove consentita.',
          },
          {
            heading: 'I tuoi dati',
            text: 'Ricette e foto sono dati sulla salute: sono conservati cifrati e li vedono solo i farmacisti della tua farmacia.',
          },
        ],
      },
      productphoto: {
        title: 'Cercare un prodotto con una foto',
        action: 'Cerca con una foto',
        sections: [
          {
            heading: 'Quando usarla',
            text: 'Non trovi un prodotto nel catalogo o non ricordi il nome esatto? Descrivilo e allega una foto della confezione: il farmacista lo cercherà per te.',
          },
          {
            heading: 'Come scattare la foto',
            text: 'Inquadra il lato della confezione con il nome e il formato (ad esempio «20 compresse» o «200 ml»); se si leggono il codice a barre o il codice AIC è ancora meglio. Evita riflessi e foto mosse. Formati ammessi: JPG, PNG, GIF, PDF ed EPS, fino a 10 MB; si allega un solo file.',
          },
          {
            heading: 'Cosa scrivere',
            text: 'La descrizione è obbligatoria, la foto facoltativa. Indica nome, dosaggio o formato, quante confezioni ti servono ed eventuali alternative che accetti. Spunta «Farmaco equivalente» se va bene anche un prodotto equivalente con lo stesso principio attivo.',
          },
          {
            heading: 'Dopo l’invio',
            text: 'La richiesta compare nel carrello con i prodotti e le ricette, dove puoi modificarla o rimuoverla. Quando invii il carrello il farmacista ti risponde con disponibilità e prezzo.',
          },
        ],
      },
      Galenica: {
        title: 'Preparazioni galeniche',
        action: 'Richiedi una preparazione galenica',
        sections: [
          {
            heading: 'Cos’è una preparazione galenica',
            text: 'È un medicinale preparato dal farmacista nel laboratorio della farmacia: su prescrizione del medico per un paziente (preparazione magistrale) o secondo la Farmacopea (preparazione officinale). Per esempio creme, unguenti, capsule, sciroppi o cartine con dosaggi su misura.',
          },
          {
            heading: 'Come fare la richiesta',
            text: 'Scrivi composizione e quantità, oppure copia il testo della prescrizione, e allega la foto della prescrizione se ce l’hai. Per le preparazioni magistrali la ricetta originale va consegnata in farmacia al ritiro.',
          },
          {
            heading: 'Prezzo e tempi',
            text: 'Il farmacista verifica che la preparazione si possa fare e ti comunica prezzo e tempi, di solito da uno a tre giorni lavorativi. Il prezzo segue la tariffa nazionale dei medicinali.',
          },
          {
            heading: 'Ritiro',
            text: 'Le preparazioni galeniche si ritirano in farmacia. Conserva la preparazione come indicato sull’etichetta e rispetta la data limite di utilizzo.',
          },
        ],
      },
      Services: {
        title: 'Prenotare un servizio',
        action: 'Prenota un Servizio',
        sections: [
          {
            heading: 'I servizi della farmacia',
            text: 'In farmacia puoi misurare la pressione, fare analisi di prima istanza come glicemia e colesterolo, elettrocardiogramma e holter, tamponi, vaccinazioni e consulenze (nutrizione, dermocosmesi). L’elenco aggiornato è in «Prenota un Servizio».',
          },
          {
            heading: 'Come prenotare',
            text: 'Scegli la categoria e il servizio, poi un giorno nel calendario (dal mese corrente fino a due mesi avanti) e un orario libero. Nel riepilogo controlla i dati, aggiungi se vuoi una nota per il farmacista e tocca «Conferma prenotazione». Per prenotare devi accedere con il tuo account.',
          },
          {
            heading: 'Servizi su richiesta ed eventi',
            text: 'Per i servizi senza calendario tocca «Richiedi informazioni»: la farmacia ti ricontatta al telefono o all’email del tuo profilo. Nelle giornate a tema, come gli screening gratuiti, trovi i servizi in «Prenota un Evento».',
          },
          {
            heading: 'Cancellare una prenotazione',
            text: 'Le tue prenotazioni sono nella scheda Prenotazioni: puoi cancellarle fino al numero di giorni prima indicato per ciascun servizio.',
          },
          {
            heading: 'Il giorno dell’appuntamento',
            text: 'Arriva qualche minuto prima con la tessera sanitaria. Per alcuni esami serve il digiuno: lo trovi nella descrizione del servizio.',
          },
        ],
      },
    },
  },

  /** The file picker of prescriptions and requests (not quoted). */
  fileInput: {
    required: '(obbligatorio)',
    hint: 'Formati ammessi: JPG, PNG, GIF, PDF, EPS; massimo 10 MB. Si allega un solo file.',
    replaceHint: 'Scegli un altro file per sostituire quello allegato.',
    choose: 'Scegli un file',
    replace: 'Sostituisci il file',
    open: 'Apri il file',
    remove: 'Rimuovi il file',
  },

  file: {
    /** Spec §5. */
    invalidFormat: "Formato file '{name}' non valido.",
    tooLarge: "Il file '{name}' supera la dimensione massima di {max}.",
    unreadable: 'Il file non è leggibile.',
    notFound: 'File non trovato.',
  },

  /** Spec §8 'Requests'. */
  request: {
    sent: 'Richiesta inviata correttamente',
    sendFailed: 'Impossibile inviare la richiesta',
    /** Spec §2 order-submitted screen. */
    submittedTitle: 'Richiesta inviata',
  },

  voucher: {
    /** Spec §8. */
    added: 'Codice sconto inserito',
    error: 'Si è verificato un errore',
    codeRequired: 'Inserire un codice sconto.',
    invalid: 'Codice sconto non valido.',
    minimumCartTotal: 'Il codice sconto è valido per una spesa minima di {minimum}.',
    expired: 'Il codice sconto è scaduto.',
    exhausted: 'Il codice sconto non è più disponibile.',
    alreadyUsed: 'Hai già utilizzato questo codice sconto.',
    notStarted: 'Il codice sconto non è ancora valido.',
    noEligibleProducts: 'Il codice sconto non si applica ai prodotti nel carrello.',
  },

  checkout: {
    /** Spec §2 submit button. */
    submit: 'Invia la richiesta',
    stepDelivery: 'Consegna',
    stepDeliveryMethod: 'Metodo di consegna',
    stepPayment: 'Pagamento',
    stepVoucher: 'Codice sconto',
    stepNotes: 'Note',
    stepSummary: 'Riepilogo',
    selectAddress: 'Selezionare un indirizzo.',
    selectDeliveryType: 'Selezionare un tipo di consegna.',
    selectDeliveryMethod: 'Selezionare un metodo di consegna.',
    selectPaymentType: 'Selezionare un metodo di pagamento.',
    emptyCart: 'Il carrello è vuoto.',
    deliveryTypeUnavailable: 'Tipo di consegna non disponibile.',
    deliveryMethodUnavailable: 'Metodo di consegna non disponibile per il tipo di consegna scelto.',
    paymentTypeUnavailable: 'Metodo di pagamento non disponibile per il tipo di consegna scelto.',
    addressUnavailable: 'Indirizzo non disponibile: sceglierne un altro.',
    productUnavailable: '{name} non è più disponibile: rimuovilo dal carrello.',
    productNotSoldHere: '{name} non è disponibile in questa farmacia: rimuovilo dal carrello.',
    cartChanged: 'Il carrello è cambiato nel frattempo: controlla e invia di nuovo la richiesta.',
    title: 'Completa la richiesta',
    choose: 'Scegli',
    change: 'Modifica',
    confirmChoice: 'Conferma',
    notChosen: 'Non ancora scelto',
    deliveryQuestion: 'Come vuoi ricevere i prodotti?',
    chooseAddress: "Scegli l'indirizzo di consegna",
    choosePickupPoint: 'Scegli il punto di ritiro',
    addAddress: 'Aggiungi un nuovo indirizzo',
    noPickupPoints: 'La farmacia non ha punti di ritiro disponibili.',
    noAddresses: 'Non hai ancora indirizzi: aggiungine uno.',
    chooseDeliveryFirst: 'Scegli prima il tipo di consegna.',
    noMethods: 'Nessun metodo disponibile per il tipo di consegna scelto.',
    noPaymentMethods: 'Nessun metodo di pagamento disponibile per il tipo di consegna scelto.',
    free: 'Gratis',
    freeAbove: 'gratis da {amount}',
    notesLabel: 'Note per la farmacia',
    notesPlaceholder: 'Indicazioni utili per la farmacia (facoltativo).',
    noNotes: 'Nessuna nota',
    subtotal: 'Subtotale',
    shipping: 'Consegna',
    discount: 'Sconto',
    total: 'Totale',
    totalHint: 'Prezzi e disponibilità saranno confermati dalla farmacia prima del pagamento.',
    /** Count texts: fill them with countText (common/plural.ts). */
    itemsCount: countMessages.items,
    prescriptionsCount: countMessages.prescriptions,
    requestsCount: countMessages.requests,
    saveFailed: 'Impossibile salvare la scelta.',
    voucherNone: 'Nessun codice sconto',
  },

  orders: {
    /** Spec §8. */
    paymentMethodUpdated: 'Metodo di pagamento aggionato!',
    paymentMethodUpdateFailed: 'Non è stato possibile modificare il metodo di pagamento.',
    confirmFailed: "Non è stato possibile confermare l'ordine!",
    cancelled: 'Ordine annullato!',
    /** Also on a failed reorder (spec §8). */
    cancelFailed: "Non è stato possibile annullare l'ordine!",
    cancelConfirm: "Vuoi annullare l'ordine? L'operazione non è reversibile.",
    transitionNotAllowed: "Operazione non consentita nello stato attuale dell'ordine.",
    notFound: 'Ordine non trovato.',
    paymentRequired: "Per confermare l'ordine completa il pagamento online.",
    alreadyPaid: "L'ordine è già stato pagato.",
    paymentTypeNotAllowed: 'Metodo di pagamento non disponibile per questo ordine.',
    /** ARCHITECTURE §7: prescription medicines are settled by the pharmacy (decision 0221). */
    pharmacySettlement:
      'Gli ordini con ricette o medicinali soggetti a prescrizione si pagano in farmacia o alla consegna, non online.',
    shipOnlyAddress: 'Solo gli ordini con consegna a un indirizzo possono essere spediti.',
    shipBeforeComplete: 'Un ordine con consegna a un indirizzo va prima spedito.',
    paymentInProgress: "C'è un pagamento in corso: attendi il suo esito prima di modificare l'ordine.",
    lineNameRequired: 'Indicare il nome del prodotto {code}.',
    duplicateLines: 'Il prodotto {code} compare più volte.',
    nothingToReorder: "Nessun prodotto dell'ordine è ancora disponibile.",
    /** Mails and push of the status changes ({id}, {status}, {shop} filled in). */
    mailStatusSubject: 'Ordine n. {id}: {status}',
    statusChanged: {
      managing: 'La farmacia ha preso in carico il tuo ordine n. {id}.',
      finalizing: "Il tuo ordine n. {id} è pronto: controlla prezzi e disponibilità e confermalo dall'app.",
      confirmed: 'Il tuo ordine n. {id} è confermato. Ti avviseremo quando sarà pronto.',
      processing: 'Stiamo preparando il tuo ordine n. {id}.',
      shipped: 'Il tuo ordine n. {id} è in consegna.',
      completed: 'Il tuo ordine n. {id} è stato consegnato. Grazie!',
      cancelled: 'Il tuo ordine n. {id} è stato annullato.',
    },
    paidAndConfirmed: 'Abbiamo ricevuto il pagamento del tuo ordine n. {id}: è confermato.',
    received: "Abbiamo ricevuto la tua richiesta n. {id}. Ti avviseremo quando la farmacia l'avrà preparata.",
    listTitle: 'Ordini',
    empty: 'Non hai ancora inviato ordini.',
    number: 'Ordine n. {id}',
    sentOn: 'Inviato il {date}',
    products: 'Prodotti',
    prescriptions: 'Ricette',
    requests: 'Richieste',
    delivery: 'Consegna',
    deliveryDate: 'Consegna prevista',
    payment: 'Pagamento',
    paid: 'Pagato',
    notPaid: 'Da pagare',
    info: 'Note della farmacia',
    note: 'Le tue note',
    unavailable: 'Non disponibile',
    prescriptionOnly: 'Su ricetta',
    changePayment: 'Cambia metodo di pagamento',
    changePaymentTitle: 'Metodo di pagamento',
    cancel: 'Annulla ordine',
    cancelTitle: "Annullare l'ordine?",
    keep: 'No, mantieni',
    confirm: 'Conferma ordine',
    confirmAndPay: 'Conferma e paga',
    reorder: 'Riordina',
    backToOrders: 'Torna agli ordini',
    backHome: 'Torna alla home',
    notFoundTitle: 'Ordine non trovato',
    submittedText: 'Il numero della tua richiesta è {id}. La farmacia controllerà prezzi e disponibilità e ti chiederà di confermare.',
    confirmedTitle: 'Ordine confermato',
    confirmedText: 'Il tuo ordine n. {id} è confermato.',
    /** Spec §4 order statuses: list and detail labels (detail `undefined` = not shown). */
    status: {
      created: { list: 'In preparazione', detail: undefined },
      managing: { list: 'In preparazione', detail: undefined },
      finalizing: { list: 'In attesa della tua conferma', detail: 'In attesa di conferma' },
      confirmed: { list: 'Preparazione alla spedizione', detail: 'In preparazione' },
      processing: { list: 'Preparazione alla spedizione', detail: 'In preparazione' },
      shipped: { list: 'In consegna', detail: undefined },
      completed: { list: 'Consegnato', detail: undefined },
      cancelled: { list: 'Annullato', detail: undefined },
    },
  },

  payment: {
    /** Spec §8: {detail} from the three texts below. */
    error: 'Si è verificato un errore: {detail}. Verifica i dati inseriti e riprova.',
    detailInvalidResponse: 'Risposta del server non valida',
    detailProviderError: '{description} E{code}',
    detailIncompleteResponse: 'Risposta del server incompleta',
    /** The card could not be sent at all (network down, the provider blocked): not the card's fault. */
    providerUnreachable:
      "Non è stato possibile contattare il servizio di pagamento. Controlla la connessione e riprova: se il pagamento fosse andato a buon fine, lo vedrai nel dettaglio dell'ordine.",
    /** A provider's payment id nobody — or another customer — has (`GET /payment/{method}/payment-id/{id}`). */
    notFound: 'Pagamento non trovato.',
    /** Spec §8. */
    refused: 'Il pagamento è stato rifiutato',
    pending: 'Il pagamento è in sospeso.',
    /** Spec §4 outcome screen (described, not quoted). */
    confirmed: 'Pagamento completato, il tuo ordine è confermato.',
    sentPendingProcessing: 'Pagamento inviato, in attesa di elaborazione.',
    cannotPay: 'Non è possibile effettuare il pagamento di questo ordine.',
    providerUnavailable: 'Servizio di pagamento non raggiungibile',
    providerNotConfigured: 'Metodo di pagamento non configurato dalla farmacia',
    methodMismatch: "Il metodo di pagamento non corrisponde a quello dell'ordine.",
    goToOrder: "Vai all'ordine",
    /** Spec §4: payOnline is shown as advance payment by card. */
    payOnlineLabel: 'Pagamento anticipato con carta',
    cardNumber: 'Il numero della carta deve contenere da 16 a 22 cifre.',
    cvv: 'Il CVV deve essere un numero da 000 a 999.',
    expiryMonth: 'Mese di scadenza non valido.',
    expiryYear: 'Anno di scadenza non valido.',
    expired: 'La carta è scaduta.',
    cardTitle: 'Pagamento con carta',
    cardHolder: 'Titolare della carta',
    cardNumberLabel: 'Numero della carta',
    cardMonth: 'Mese di scadenza',
    cardYear: 'Anno di scadenza',
    cardCvv: 'CVV',
    cardSecure: 'I dati della carta vanno direttamente al circuito di pagamento: la farmacia non li riceve.',
    pay: 'Paga {amount}',
    amountDue: 'Importo da pagare',
    nexiTitle: 'Pagamento con Nexi',
    nexiRedirect: 'Per pagare verrai portato sulla pagina sicura di Nexi XPay.',
    paypalTitle: 'Pagamento con PayPal',
    paypalRedirect: 'Per pagare verrai portato su PayPal.',
    proceed: 'Prosegui',
    retry: 'Riprova',
    outcomeTitle: 'Esito del pagamento',
    preparing: 'Preparazione del pagamento...',
    cannotPayTitle: 'Pagamento non disponibile',
  },

  reservations: {
    /** Spec §2 titles and buttons. */
    bookService: 'Prenota un Servizio',
    bookEvent: 'Prenota un Evento',
    summary: 'Riepilogo',
    noteLabel: 'Note al farmacista',
    notePlaceholder: 'Hai richieste particolari? Scrivile qui.',
    confirm: 'Conferma prenotazione',
    saving: 'Salvataggio in corso...',
    noSlots: 'Nessuna fascia oraria disponibile',
    noBookableServices: 'Non ci sono servizi prenotabili per questo evento.',
    additionalNotes: 'Note aggiuntive',
    requestInfo: 'Richiedi informazioni',
    /** Spec §8 (typo 'Prenotaziona' is the spec's). */
    cancelled: 'Prenotaziona cancellata correttamente.',
    cancelFailed: 'Problema nella cancellazione della prenotazione.',
    booked: 'Prenotaziona effettuata correttamente.',
    bookFailed: 'Problema nella conferma della prenotazione.',
    /** Spec §5. */
    eventIdRequired: "L'ID dell'evento è richiesto.",
    slotTaken: 'La fascia oraria scelta non è più disponibile.',
    cancelWindowClosed: 'Non è più possibile cancellare questa prenotazione.',
    /** Booking errors and not-found texts (not quoted). */
    slotRequired: 'Selezionare una fascia oraria.',
    slotUnavailable: 'La fascia oraria scelta non è prenotabile.',
    alreadyCancelled: 'La prenotazione è già stata cancellata.',
    reservationNotFound: 'Prenotazione non trovata.',
    serviceNotFound: 'Servizio non trovato.',
    categoryNotFound: 'Categoria non trovata.',
    serviceGroupNotFound: 'Gruppo di servizi non trovato.',
    eventNotFound: 'Evento non trovato.',
    serviceNotInEvent: 'Il servizio non è prenotabile in questo evento.',
    serviceMismatch: 'Il servizio indicato non corrisponde a quello della prenotazione.',
    /** Mails of the notification outbox ({service}, {day}, {time} filled in). */
    mailConfirmedSubject: 'Prenotazione confermata: {service}',
    mailConfirmedText:
      'Gentile {name},\nla tua prenotazione di {service} è confermata per {day} alle ore {time}.\nPuoi cancellarla dalla app fino al {until}.\n{shop}',
    mailReminderSubject: 'Promemoria: domani {service} alle {time}',
    mailReminderText:
      'Gentile {name},\nti ricordiamo la prenotazione di {service} di domani, {day}, alle ore {time}.\n{shop}',
    mailCancelledSubject: 'Prenotazione cancellata: {service}',
    mailCancelledText: 'Gentile {name},\nla prenotazione di {service} di {day} alle ore {time} è stata cancellata.\n{shop}',
    mailInfoRequestSubject: 'Richiesta di informazioni ricevuta: {service}',
    mailInfoRequestText:
      'Gentile {name},\nabbiamo ricevuto la tua richiesta di informazioni su {service}. Ti contatteremo al più presto al numero {phone} o a questo indirizzo email.\n{shop}',
    /** Push and sms line of the booking notifications. */
    notificationBody: '{service}, {day} alle ore {time}',
    /** Screens of services, events and reservations (not quoted). */
    book: 'Prenota',
    price: 'Prezzo',
    duration: 'Durata',
    minutes: '{minutes} min',
    free: 'Gratuito',
    priceOnRequest: 'Prezzo su richiesta',
    bookableServices: 'Servizi prenotabili',
    shopServices: 'Servizi della farmacia',
    details: 'Dettagli',
    close: 'Chiudi',
    noCategories: 'Al momento non ci sono servizi prenotabili.',
    noServices: 'Non ci sono servizi in questa categoria.',
    contactInfo: "Ti contatteremo al numero {phone} e all'indirizzo email {email} indicati nel tuo profilo.",
    contactInfoEmailOnly: "Ti contatteremo all'indirizzo email {email} indicato nel tuo profilo.",
    chooseDay: 'Scegli il giorno',
    chooseTime: "Scegli l'orario",
    previousMonth: 'Mese precedente',
    nextMonth: 'Mese successivo',
    noDaysThisMonth: 'Nessun giorno disponibile in questo mese.',
    dayNotAvailable: '{day}, non disponibile',
    slotsOf: 'Orari disponibili {day}',
    personalData: 'Dati personali',
    name: 'Nome',
    email: 'Email',
    phone: 'Telefono',
    booking: 'Prenotazione',
    service: 'Servizio',
    day: 'Giorno',
    time: 'Orario',
    event: 'Evento',
    staff: 'Con',
    note: 'Note',
    myReservations: 'Le mie prenotazioni',
    noReservations: 'Non hai prenotazioni in programma.',
    upcoming: 'In programma',
    past: 'Passate',
    reservationDetail: 'Dettaglio prenotazione',
    cancel: 'Cancella prenotazione',
    cancelConfirm: 'Vuoi cancellare questa prenotazione? La fascia oraria tornerà disponibile.',
    keep: 'Non cancellare',
    cancellableUntil: 'Cancellabile fino al {date}',
    notCancellable: 'Non più cancellabile dalla app: contatta la farmacia.',
    noEvents: 'Al momento non ci sono eventi in programma.',
    eventServices: 'Servizi prenotabili',
    chooseAnotherDay: 'Scegli un altro giorno',
  },

  chat: {
    /** Spec §8 chatbot failure reply. */
    failure: 'Scusami, non riesco a capire la tua richiesta. Puoi ripetere inserendo più informazioni? grazie!',
    messageRequired: 'Scrivi un messaggio.',
    /** Not quoted: the shop has not turned the assistant on (option chatbot is not '1'). */
    disabled: "L'assistente virtuale non è attivo per questa farmacia.",
    /** FAQ screen and chat (not quoted). */
    faqTitle: 'Domande Frequenti',
    assistantTitle: 'Assistente virtuale',
    welcome: 'Ciao! Sono l\'assistente virtuale della farmacia. Chiedimi orari, turni, prodotti, servizi o lo stato dei tuoi ordini.',
    inputLabel: 'Scrivi la tua domanda',
    placeholder: 'Ad esempio: siete aperti domani?',
    send: 'Invia',
    typing: "L'assistente sta scrivendo…",
    you: 'Tu',
    assistant: 'Assistente',
    suggestions: 'Domande suggerite',
  },

  /** Spec §2 account menu entries. */
  accountMenu: {
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
  },

  /** The pharmacist's back office (issue 8). */
  backoffice: {
    staffOnly: 'Questo accesso è riservato al personale della farmacia.',
    shopRequired: 'Indicare la farmacia.',
    reasonRequired: 'Indicare il motivo.',
    closureRange: 'La data di fine deve seguire quella di inizio.',
    timeRange: "L'orario di fine deve seguire quello di inizio.",
    closureNotFound: 'Chiusura non trovata.',
    staffNotFound: 'Operatore non trovato.',
    reservationNotFound: 'Prenotazione non trovata.',
    rangeTooLong: 'Intervallo massimo 31 giorni.',
  },

  /** Back office: services, events, working hours and reservations made for a customer (issue 8). */
  backofficeBookings: {
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
  },

  /** Back office: catalogue upload, one product's edit and its promotion (issue 8). */
  backofficeCatalogue: {
    fileTooLarge: 'Il file del catalogo supera il limite di {max} MB.',
    fileRequired: 'Scegliere il file del catalogo (CSV separato da punto e virgola).',
    importNotFound: 'Importazione non trovata.',
    importInterrupted: "L'importazione si è interrotta: caricare di nuovo il file.",
    productNotFound: 'Prodotto non trovato.',
    priceInvalid: 'Inserire un prezzo valido in euro (massimo 2 decimali).',
    listPriceBelowPrice: 'Il prezzo pieno deve essere superiore al prezzo in promozione.',
    categoryOrder: 'Indicare le categorie dal primo livello, senza livelli vuoti.',
    /** Issue 18: the master of a product other pharmacies sell is an admin's (decision 0542). */
    masterShared: 'Il prodotto è venduto anche da altre farmacie: nome, descrizioni e categorie può modificarli solo un amministratore.',
    /** `--shop` missing on an installation with several pharmacies (catalogue import). */
    shopAmbiguous: "L'installazione ha più farmacie: indicare con --shop <id> quella a cui appartiene il listino.",
    /** Issue 18: the shop's offer on or off its shelf (`in_vendita`), in the back office's product editor. */
    onSale: 'In vendita in questa farmacia',
    notOnSale: 'Non in vendita in questa farmacia: i clienti non lo trovano nella ricerca, nelle categorie e nelle offerte.',
    /** The search shows the shop's shelf only: a product taken off sale is opened by its code. */
    openByCode: 'Apri il prodotto {code} (anche se non è in vendita)',
    shopUnknown: 'Farmacia {id} inesistente.',
  },

  /** Back office: customer look-up (issue 8). */
  backofficeCustomers: {
    customerNotFound: 'Cliente non trovato.',
    searchTooShort: 'Inserire almeno 2 caratteri.',
    reasonTooShort: 'Indicare il motivo (almeno {min} caratteri).',
  },

  /** Back office: the shops, managed by admins (issue 8). */
  backofficeShops: {
    shopNotFound: 'Farmacia non trovata.',
    postalCode: 'Il CAP deve essere di 5 cifre.',
    province: 'La provincia è la sigla di 2 lettere (es. MI).',
    phone: 'Inserire un numero di telefono valido.',
  },
  /** Back office: shop options, content, vouchers, loyalty cards, info requests (issue 8). */
  backofficeShop: {
    phone: 'Inserire un numero di telefono valido.',
    link: "Inserire un indirizzo https:// o un percorso che inizia con '/'.",
    httpsUrl: 'Inserire un indirizzo che inizia con https://.',
    switch: "Valore non valido: atteso '1' (attivo) o '0' (disattivo).",
    dayRepeated: 'Ogni giorno della settimana può comparire una sola volta.',
    intervalOrder: "L'orario di chiusura deve seguire quello di apertura.",
    secretRequired: 'Inserire la chiave segreta.',
    optionsSaved: 'Impostazioni salvate.',
    contentSaved: 'Contenuto salvato.',
    contentNotFound: 'Contenuto non trovato.',
    uploadKind: 'Per questo campo sono accettati solo file {kinds}.',
    voucherNotFound: 'Codice sconto non trovato.',
    voucherCode: 'Il codice può contenere solo lettere, cifre, - e _ (da 3 a 30 caratteri).',
    voucherCodeTaken: 'Questo codice è già in uso nella farmacia.',
    voucherPercent: 'Inserire una percentuale intera tra 1 e 100.',
    voucherAmount: 'Inserire un importo maggiore di zero (massimo 2 decimali).',
    voucherRange: 'La data di fine deve seguire quella di inizio.',
    voucherLimitBelowUses: 'Il limite non può essere inferiore agli utilizzi già fatti ({uses}).',
    cardNotFound: 'Carta fedeltà non trovata.',
    pointsNonZero: 'Inserire un numero di punti diverso da zero.',
    pointsNegative: 'Il saldo della carta non può diventare negativo (saldo attuale: {score}).',
    infoRequestNotFound: 'Richiesta non trovata.',
    infoRequestReplySubject: 'Risposta alla tua richiesta su {service}',
  },

  /** Going live (issue 15): first set-up and invitations of pharmacists. */
  onboarding: {
    invitationSubject: '{shop} - Il tuo accesso alla gestione della farmacia',
    invitationNotFound: 'Invito non trovato.',
    setPasswordTitle: 'Imposta la tua password',
    setPasswordIntro: 'Scegli la password per accedere alla gestione della farmacia.',
    setPasswordSubmit: 'Imposta password',
    setPasswordDone: 'Password impostata. Ora puoi accedere.',
    setPasswordInvalidLink: 'Il link non è completo: aprilo di nuovo dalla email ricevuta.',
    invitationsTitle: 'Inviti in attesa',
    invitationsEmpty: 'Nessun invito in attesa.',
    inviteTitle: 'Invita un farmacista',
    inviteSubmit: 'Invia invito',
    invitationSent: 'Invito inviato a {email}.',
    invitationExpired: 'scaduto',
    invitationValidUntil: 'valido fino al {date}',
    resendInvitation: 'Invia di nuovo',
    invitationResent: 'Nuovo invito inviato a {email}.',
  },

  /** Online sale of medicines (issue 15, decision 0400) and the receipt's fiscal code. */
  saleRules: {
    prescriptionPickupOnly:
      'Gli ordini con ricette o medicinali soggetti a prescrizione sono prenotazioni da ritirare in farmacia.',
    prescriptionStaffOnly:
      'Gli ordini con ricette o medicinali soggetti a prescrizione si ritirano in farmacia o sono consegnati a domicilio dal personale della farmacia.',
    sopOtcNotAuthorized:
      'Questa farmacia non è autorizzata alla vendita online di farmaci senza obbligo di ricetta: i farmaci nel carrello si ritirano in farmacia.',
    notOffered: 'Non disponibili per questo ordine:',
    staffDeliveryOption: 'Consegna a domicilio degli ordini con ricetta da parte del personale della farmacia',
    staffDeliveryHint:
      'Solo con il metodo di consegna «pharmacyDelivery» (personale della farmacia); mai corriere, distributore o punto di ritiro.',
    receiptFiscalCode: 'Codice fiscale per lo scontrino',
    receiptFiscalCodeHint: 'Per detrarre la spesa: scegli a chi intestare lo scontrino (tu o un familiare).',
    ownFiscalCode: '{code} (il tuo)',
    receiptFiscalCodeNotYours: 'Scegliere uno dei propri codici fiscali.',
    noReceiptFiscalCode: 'Nessuno',
  },

  /** The seller's legal identity, the EU common logo and the accessibility statement (issue 15). */
  shopLegal: {
    title: 'Informazioni legali',
    blockTitle: 'Dati legali',
    legalName: 'Ragione sociale',
    vatNumber: 'Partita IVA',
    registeredOffice: 'Sede legale',
    responsiblePharmacist: 'Farmacista responsabile',
    pharmacistRegistration: "Iscrizione all'Ordine dei Farmacisti",
    ministryAuthorizationCode: 'Codice di autorizzazione del Ministero della Salute',
    ministryAuthorizationDate: 'Data di autorizzazione',
    ministryListUrl: 'Scheda della farmacia nel registro del Ministero della Salute (https://…)',
    ministryListLink: 'Verifica la farmacia nel registro del Ministero della Salute',
    contacts: 'Contatti',
    notSet: 'Non indicato',
    vatInvalid: 'Partita IVA non valida: 11 cifre con la cifra di controllo corretta.',
    vatLength: 'La partita IVA è di 11 cifre.',
    authorizationIncomplete: 'Per la vendita online servono codice di autorizzazione, data e collegamento al registro del Ministero.',
    saved: 'Dati legali salvati.',
    save: 'Salva dati legali',
    sellerLine: '{legalName} · P.IVA {vatNumber}',
    accessibility: 'Dichiarazione di accessibilità',
    documents: 'Documenti',
    euLogoNote:
      'Il logo comune europeo indica che la farmacia è autorizzata alla vendita online di medicinali senza obbligo di prescrizione.',
  },
  /** The accessibility statement (EAA, D.Lgs. 82/2022, AgID guidelines), default text (decision 0406). */
  accessibilityStatement: {
    intro:
      "{shopName} si impegna a rendere accessibile la propria applicazione, in conformità alla Direttiva (UE) 2019/882 (European Accessibility Act), al D.Lgs. 27 maggio 2022, n. 82 e alle linee guida dell'AgID.",
    statusTitle: 'Stato di conformità',
    status:
      "L'applicazione è parzialmente conforme ai requisiti della norma EN 301 549 (WCAG 2.1, livello AA), per i contenuti non accessibili elencati di seguito.",
    gapsTitle: 'Contenuti non accessibili',
    gapDocuments: 'I documenti PDF caricati dalla farmacia (volantino, turni) possono non essere accessibili.',
    gapContent: 'I testi e le immagini scritti dalla farmacia (informative, promozioni) dipendono da chi li redige.',
    gapPayments: 'Le pagine di pagamento dei circuiti esterni non sono gestite dalla farmacia.',
    methodTitle: 'Redazione della dichiarazione',
    method:
      'Dichiarazione redatta il {date} sulla base di una autovalutazione: verifiche automatiche (axe) su ogni schermata e percorsi completi eseguiti solo da tastiera.',
    feedbackTitle: 'Segnalazioni e richieste',
    feedback:
      'Per segnalare un problema di accessibilità o chiedere un contenuto in forma accessibile scrivi a {email}. La farmacia risponde entro 30 giorni.',
    feedbackNoEmail:
      'Per segnalare un problema di accessibilità o chiedere un contenuto in forma accessibile contatta la farmacia. La farmacia risponde entro 30 giorni.',
    enforcementTitle: 'Procedura di attuazione',
    enforcement:
      "Se la risposta non arriva entro 30 giorni o non è soddisfacente, puoi inviare una segnalazione all'Agenzia per l'Italia Digitale (AgID), autorità di vigilanza.",
    enforcementLink: "Segnala all'AgID",
  },

  /** Alerts to the pharmacy's staff (issue 15): no personal or health data, only what and where to look. */
  staffAlerts: {
    orderSubject: 'Nuovo ordine n. {id}',
    orderText: 'È arrivato un nuovo ordine, n. {id} ({contents}), totale {total}.',
    orderProducts: 'prodotti: {count}',
    orderPrescriptions: 'ricette: {count}',
    orderRequests: 'richieste di prodotti o galenici: {count}',
    bookingSubject: 'Nuova prenotazione: {service}',
    bookingText: 'Nuova prenotazione per «{service}» il {day} alle {time}.',
    bookingCancelledSubject: 'Prenotazione annullata: {service}',
    bookingCancelledText: 'Il cliente ha annullato la prenotazione per «{service}» del {day} alle {time}.',
    infoRequestSubject: 'Richiesta di informazioni: {service}',
    infoRequestText: 'Un cliente chiede informazioni su «{service}».',
    escalationSubject: 'Sollecito: ordine n. {id} non ancora preso in carico',
    escalationText: "L'ordine n. {id} attende da più di {minutes} minuti di apertura che qualcuno lo prenda in carico.",
    openLink: 'Apri nel back office: {link}',
    footer: 'Messaggio automatico della farmacia {shop}. Gli avvisi si configurano in Negozio › Avvisi.',
    email: 'Inserire un indirizzo email valido, o lasciare vuoto per usare quello della farmacia.',
    minutes: 'Inserire un numero intero di minuti tra {min} e {max}.',
    nav: 'Avvisi',
    title: 'Avvisi alla farmacia',
    loading: 'Caricamento…',
    save: 'Salva gli avvisi',
    intro: 'Chi avvisare quando arriva un ordine, una prenotazione o una richiesta.',
    emailLabel: 'Email per gli avvisi',
    emailHint: 'Vuoto: si usa l’email della farmacia ({email}).',
    emailHintNone: 'Vuoto: nessuna email, perché la farmacia non ha un indirizzo nei contatti.',
    eventsLegend: 'Eventi da segnalare',
    eventOrder: 'Nuovo ordine (con ricette e richieste di prodotti o galenici)',
    eventBooking: 'Nuova prenotazione',
    eventBookingCancelled: 'Prenotazione annullata dal cliente',
    eventInfoRequest: 'Richiesta di informazioni',
    escalationLegend: 'Sollecito',
    escalationLabel: 'Sollecito se un ordine non viene preso in carico',
    escalationMinutesLabel: 'Dopo quanti minuti di apertura',
    escalationHint: 'Il sollecito va per email e push a tutti i farmacisti della farmacia, una sola volta per ordine.',
    saved: 'Avvisi salvati.',
    pushLegend: 'Notifiche push su questo dispositivo',
    pushLabel: 'Ricevi gli avvisi push su questo browser',
    pushOn: 'Notifiche push attivate su questo dispositivo.',
    pushOff: 'Notifiche push disattivate su questo dispositivo.',
    pushUnsupported: 'Questo browser non supporta le notifiche push.',
    pushDenied: 'Le notifiche sono bloccate nelle impostazioni del browser.',
    pushFailed: 'Non è stato possibile attivare le notifiche push. Riprovare.',
  },

  /** Don't type it (issue 20): paste/share the prescription message, scan the memo or the pack. */
  scan: {
    pasteButton: 'Incolla dal messaggio',
    pasteTitle: 'Incolla il messaggio della ricetta',
    pasteLabel: 'Testo del messaggio (SMS, email o notifica)',
    pasteHint: 'Incolla qui il messaggio ricevuto dal medico: cerchiamo il codice NRE e il codice fiscale.',
    pasteApply: 'Compila',
    cancel: 'Annulla',
    nothingFound: 'Nel messaggio non c’è un codice NRE o un codice fiscale valido.',
    filled: 'Dal messaggio: {fields}.',
    filledNre: 'codice NRE {nre}',
    filledFiscalCode: 'codice fiscale {code}',
    otherNres: 'Il messaggio contiene altre ricette: inseriscile una alla volta dopo aver salvato questa.',
    otherNre: 'Inserisci la ricetta {nre}',
    fiscalCodeNotOwn: 'Il codice fiscale {code} non è tra i tuoi codici fiscali.',
    fiscalCodeAdd: 'Aggiungi {code}',
    fiscalCodeAdded: 'Codice fiscale {code} aggiunto e selezionato.',
    scanButton: 'Scansiona',
    scanMemo: 'Scansiona il promemoria della ricetta',
    scanPack: 'Scansiona il codice a barre della confezione',
    homeScan: 'Scansiona una confezione',
    memoNothing: 'Dal promemoria non è stato letto un codice NRE o un codice fiscale valido.',
    packUnreadable: 'Il codice letto non è un codice AIC o EAN valido. Riprova o cerca per nome.',
    packUnknown: 'Il codice {code} non è nel catalogo della farmacia.',
    packRequest: 'Richiedi il prodotto',
    byCodeInvalid: 'Il codice deve essere un AIC di 9 cifre o un EAN-13 con la cifra di controllo corretta.',
    byCodeNotFound: 'Nessun prodotto del catalogo ha questo codice.',
    eanInvalid: 'ean deve essere un EAN-13: 13 cifre con la cifra di controllo corretta.',
    shareOpening: 'Apertura della ricetta condivisa…',
  },
  /** Back-office names of stored codes (issue 19): a screen never shows a raw code. */
  backofficeLabels: {
    actorRoles: { customer: 'cliente', pharmacist: 'farmacista', admin: 'amministratore', payment: 'pagamento', system: 'sistema' },
    deliveryTypes: { inShop: 'Ritiro in farmacia', vendingMachine: 'Distributore automatico', pickupPoint: 'Punto di ritiro', address: 'Consegna a domicilio' },
    paid: 'pagato',
    unknownCode: 'altro ({code})',
    auditEntities: {
      order: 'ordine', pharmacist: 'farmacista', staff: 'personale', voucher: 'codice sconto', service: 'servizio', event: 'evento',
      shop: 'farmacia', reservation: 'prenotazione', loyalty_card: 'carta fedeltà', closure: 'chiusura', catalogue: 'catalogo',
      staff_alerts: 'avvisi al personale', shop_media: 'immagini della farmacia', shop_legal: 'dati legali', product: 'prodotto',
      options: 'impostazioni', info_request: 'richiesta di informazioni', health_retention: 'conservazione dei dati sanitari',
      customer: 'cliente', content: 'contenuto', invitation: 'invito', 'service-categorie': 'categoria di servizi',
      'event-availabilitie': "disponibilità dell'evento", 'info-request': 'richiesta di informazioni', 'loyalty-card': 'carta fedeltà',
      option: 'impostazioni', 'service-group': 'gruppo di servizi', 'shop-service': 'servizio su richiesta',
    },
    auditActions: {
      create: 'creazione', update: 'modifica', delete: 'eliminazione', post: 'creazione', put: 'modifica', patch: 'modifica',
      withdraw: 'ritiro', 'open-history': 'consultazione dello storico', upload: 'caricamento', 'take-charge': 'presa in carico',
      reopen: 'riapertura', process: 'messa in lavorazione', ship: 'spedizione', complete: 'completamento', cancel: 'annullamento',
      finalize: 'proposta al cliente', 'revoke-sessions': 'chiusura delle sessioni', reissue: 'riemissione', reinvite: 'nuovo invito',
      notes: 'note', invite: 'invito', 'import-done': 'importazione conclusa', import: 'importazione', handle: 'gestione',
      decision: 'decisione', deactivate: 'disattivazione', checkoutnow: 'pagamento', adjust: 'correzione',
    },
  },

  /** Promotion periods (issue 19, decision 0530): first and last day, either may be left open. */
  promotionPeriod: {
    start: 'Inizio promozione',
    end: 'Fine promozione',
    hint: 'Date incluse; lasciare vuoto per non porre limiti.',
    dayInvalid: 'Inserire una data valida (gg/mm/aaaa).',
    endBeforeStart: 'La fine della promozione non può precedere l’inizio.',
    importDayInvalid: '{field} non valida: usare gg/mm/aaaa o aaaa-mm-gg.',
    importEndBeforeStart: 'promo_fine precede promo_inizio.',
    running: 'In corso',
    scheduled: 'Programmata',
    ended: 'Terminata',
    validFrom: 'Dal {from}',
    validTo: 'Fino al {to}',
  },

  /** Blocked loyalty cards (issue 19, decision 0531): the app's card screen and the back office. */
  loyaltyBlock: {
    blockedTitle: 'Carta bloccata',
    blockedText: 'La farmacia ha bloccato questa carta: non accumula punti e il codice a barre non è utilizzabile. Per una nuova carta rivolgiti alla farmacia.',
    blockedSince: 'Bloccata il {date}',
    status: 'Stato',
    active: 'Attiva',
    blocked: 'Bloccata',
    block: 'Blocca la carta',
    unblock: 'Sblocca la carta',
    blockReason: 'Motivo del blocco (facoltativo)',
    blockedDone: 'Carta bloccata: non accumula più punti.',
    unblockedDone: 'Carta sbloccata.',
    alreadyBlocked: 'La carta è già bloccata.',
    notBlocked: 'La carta non è bloccata.',
    previousNumbers: 'Numeri precedenti (bloccati)',
  },

  /** Refunds of orders paid online (issue 19, decision 0515). */
  refunds: {
    title: 'Rimborsi',
    state: {
      inProgress: 'Rimborso in corso',
      refused: 'Rimborso non riuscito',
      partial: 'Rimborsato in parte',
      refunded: 'Rimborsato',
    },
    status: { requested: 'Richiesto', pending: 'In attesa del circuito', approved: 'Eseguito', refused: 'Rifiutato' },
    amountInvalid: "Inserire un importo in euro maggiore di zero (es. 12,50).",
    overRemainder: 'Puoi rimborsare al massimo {max}.',
    notPaid: "L'ordine non è stato pagato online: non c'è nulla da rimborsare.",
    inFlight: 'Un altro rimborso di questo ordine è in corso: attendi il suo esito.',
    notRetryable: 'Questo rimborso non può essere ritentato.',
    notFound: 'Rimborso non trovato.',
    providerUnavailable: 'Servizio di pagamento non raggiungibile: il rimborso verrà ritentato automaticamente.',
    cancelledReason: 'Ordine annullato',
    refundAction: 'Rimborsa',
    retryAction: 'Riprova',
    amountLabel: 'Importo da rimborsare (€)',
    reasonLabel: 'Motivo del rimborso',
    paidLine: 'Pagato online: {amount}',
    refundedLine: 'Rimborsato: {amount}',
    refundableLine: 'Ancora rimborsabile: {amount}',
    none: 'Nessun rimborso.',
    done: 'Rimborso registrato.',
    orderLine: 'Rimborso di {amount}: {status}',
    notifyApproved: "Abbiamo rimborsato {amount} per l'ordine n. {id}. L'accredito arriverà secondo i tempi del tuo circuito di pagamento.",
    notifySubject: 'Rimborso ordine n. {id}',
  },
} as const;

export type Messages = typeof messages;

/** Values for a `{name}`-style placeholder. */
export type MessageValues = Readonly<Record<string, string | number>>;

/**
 * Fills `{name}` placeholders of a message template. A placeholder without a value is left as it
 * is, so a missing value shows up in review instead of silently becoming 'undefined'.
 *
 * @example fillMessage(messages.cart.added, { name: 'Tachipirina' }) // 'Tachipirina aggiunto al carrello'
 */
export function fillMessage(template: string, values: MessageValues): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = values[key];
    return value === undefined ? whole : String(value);
  });
}
