import type { PluralForms } from './plural.js';

/**
 * The virtual assistant's replies (ARCHITECTURE §4; its failure reply is `chatMessages.failure`,
 * spec §3). `{name}` placeholders are filled with `fillMessage`; a count before a noun goes through
 * `countText` with the forms here. Not quoted by the spec. Before decision 0694 they were written
 * in the API's chatbot, where "hai 1 punti" and "Vedi tutti i 1234 risultati" could be said.
 */
export const chatbotMessages = {
  /** Follow-up questions offered under a greeting and under the failure reply. */
  starters: ['Quali sono gli orari?', 'Chi è di turno oggi?', 'Avete la tachipirina?', 'Come prenoto un servizio?'],
  ask: {
    hours: 'Quali sono gli orari?',
    phone: 'Qual è il numero di telefono?',
    shiftsToday: 'Chi è di turno oggi?',
    shiftsTomorrow: 'Chi è di turno domani?',
    services: 'Quali servizi offrite?',
    reservations: 'Le mie prenotazioni',
  },
  links: {
    shifts: 'Farmacie di turno',
    shiftCalendar: 'Vedi il calendario dei turni',
    login: 'Accedi',
    myOrders: 'I miei ordini',
    allMyOrders: 'Tutti i miei ordini',
    order: "Vedi l'ordine",
    searchProduct: 'Cerca un prodotto',
    bookService: 'Prenota un Servizio',
    myReservations: 'Le mie prenotazioni',
    showCard: 'Mostra la carta',
    allServices: 'Tutti i servizi',
    bookThis: 'Prenota {service}',
    askInformation: 'Richiedi informazioni',
    searchCatalogue: 'Cerca nel catalogo',
    allResults: { one: 'Vedi {count} risultato', other: 'Vedi tutti i {count} risultati' } satisfies PluralForms,
    openSearch: 'Apri la ricerca',
    offers: 'Offerte',
    flyer: 'Vedi il volantino',
    prescription: 'Inserisci ricetta',
    call: 'Chiama',
    whatsapp: 'WhatsApp',
    map: 'Apri la mappa',
    orderButton: 'Ordine n. {id}',
  },
  days: { today: 'oggi', tomorrow: 'domani', afterTomorrow: 'dopodomani' },
  hours: {
    unknown: 'Per conoscere gli orari di {shop} {contact}.',
    callUs: 'chiamaci al {phone}',
    contactShop: 'contatta la farmacia',
    interval: 'dalle {from} alle {to}',
    /** Joins two or more intervals of a day. */
    and: ' e ',
    dayClosed: '{when} siamo chiusi.',
    dayOpen: '{when} siamo aperti {intervals}.',
    /** "domani (sabato)". */
    relativeDay: '{label} ({weekday})',
    /** "oggi (sabato)". */
    todayDay: 'oggi ({weekday})',
    week: 'Orari di {shop}: {hours}.',
    openNow: 'In questo momento siamo aperti, fino alle {to}.',
    closedUntil: 'In questo momento siamo chiusi: riapriamo {when} alle {from}.',
    closedNow: 'In questo momento siamo chiusi.',
  },
  shifts: {
    /** "Oggi, sabato 28 novembre 2026," */
    relativeWhen: '{label}, {day},',
    ownShop: '{pharmacy} (siamo noi)',
    line: '• {who}, {address}{phone}: {hours}',
    phone: ' (tel. {phone})',
    startedOn: '{line} (turno iniziato {weekday})',
    none: '{when} non risultano farmacie di turno nel nostro calendario.',
    list: { one: '{when} è di turno:\n{lines}', other: '{when} sono di turno:\n{lines}' } satisfies PluralForms,
  },
  contact: {
    phone: 'puoi chiamarci al {phone}',
    whatsapp: 'scriverci su WhatsApp al +{digits}',
    /** Joins the ways to reach the shop. */
    or: ' oppure ',
    reach: 'Per parlare con {shop} {ways}.',
    inShop: 'Puoi trovarci in farmacia.',
    inShopAt: 'Puoi trovarci in farmacia in {address}.',
    address: '{shop} si trova in {address}.',
  },
  login: {
    reason: 'Per {what} accedi al tuo account.',
    orders: 'conoscere lo stato dei tuoi ordini',
    reservations: 'vedere le tue prenotazioni',
    loyalty: 'vedere i punti della tua Carta Fedeltà',
  },
  orders: {
    notFound: "Non trovo l'ordine n. {id} tra i tuoi ordini.",
    one: "L'ordine n. {id} del {day} è: {status}.",
    none: 'Non hai ancora effettuato ordini.',
    line: '• Ordine n. {id} del {day}: {status}',
    latest: { one: 'Ecco il tuo ultimo ordine:\n{lines}', other: 'Ecco i tuoi ultimi ordini:\n{lines}' } satisfies PluralForms,
  },
  reservations: {
    none: 'Non hai prenotazioni in programma.',
    event: '{service} ({event})',
    line: '• {service}: {day} alle {time}',
    cancellable: ', annullabile fino al {day}',
    upcoming: { one: 'Hai una prenotazione in programma:\n{lines}', other: 'Hai {count} prenotazioni in programma:\n{lines}' } satisfies PluralForms,
  },
  loyalty: {
    noCard:
      'Non hai ancora una Carta Fedeltà: la ricevi automaticamente con il primo ordine completato, e da lì ogni acquisto di prodotti che non sono medicinali ti fa guadagnare punti.',
    points: {
      one: 'Sulla tua Carta Fedeltà n. {card} hai {count} punto. La raccolta è valida fino al {day}.',
      other: 'Sulla tua Carta Fedeltà n. {card} hai {count} punti. La raccolta è valida fino al {day}.',
    } satisfies PluralForms,
  },
  services: {
    choice: 'Abbiamo più servizi che corrispondono: {names}. Quale ti interessa?',
    /** Joins names in a list. */
    listSeparator: ', ',
    price: ' costa {price} e',
    bookable: {
      one: "{service}:{price} dura circa {count} minuto. Per prenotarlo apri la pagina del servizio, scegli il giorno e l'orario che preferisci e conferma la prenotazione.",
      other:
        "{service}:{price} dura circa {count} minuti. Per prenotarlo apri la pagina del servizio, scegli il giorno e l'orario che preferisci e conferma la prenotazione.",
    } satisfies PluralForms,
    onRequestPrice: ' ({price})',
    onRequest: '{service}{price} si richiede alla farmacia: lascia una richiesta di informazioni e ti contatteremo per concordarlo.',
    contactShop: 'Per i servizi di {shop} contatta la farmacia.',
    bookableList: "Puoi prenotare dall'app: {names}.",
    onRequestList: 'Su richiesta offriamo anche: {names}.',
    howToBook: "Scegli il servizio, poi il giorno e l'orario, e conferma.",
  },
  products: {
    which: 'Quale prodotto cerchi? Scrivimi il nome, ad esempio "avete la tachipirina?".',
    none: 'Non ho trovato prodotti per «{query}». Prova con la ricerca o chiedi al farmacista.',
    found: 'Sì, ecco cosa ho trovato per «{query}»:',
    foundUnavailable: 'Ho trovato questi prodotti per «{query}», ma al momento non sono disponibili: puoi chiederli al farmacista.',
    line: '• {name}: {price}{unavailable}{prescription}',
    unavailable: ' (non disponibile)',
    prescription: ' (con ricetta)',
  },
  promotions: {
    none: 'Al momento non ci sono promozioni attive.',
    line: '• {title}: {description}{until}',
    until: ' (fino al {day})',
    list: 'Ecco le offerte in corso:\n{lines}',
  },
  prescription:
    "Puoi inviare la ricetta dall'app: inserisci il codice NRE della ricetta elettronica (o una foto della ricetta) e il codice fiscale del paziente. Ti avviseremo quando i farmaci saranno pronti.",
  greeting:
    "Ciao! Sono l'assistente virtuale di {shop}. Posso aiutarti con orari, farmacie di turno, prodotti, servizi e prenotazioni, i tuoi ordini e le domande frequenti.",
  thanks: 'Prego! Se hai altre domande sono qui.',
  bye: 'Grazie a te, a presto da {shop}!',
  /** The shop's name in the replies when it has none of its own. */
  shopFallbackName: 'la farmacia',
} as const;
