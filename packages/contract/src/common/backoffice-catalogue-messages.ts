/** Back office: catalogue upload, one product's edit and its promotion (issue 8). */
export const backofficeCatalogueMessages = {
  fileTooLarge: 'Il file del catalogo supera il limite di {max} MB.',
  fileRequired: 'Scegliere il file del catalogo (CSV separato da punto e virgola).',
  importNotFound: 'Importazione non trovata.',
  importInterrupted: "L'importazione si è interrotta: caricare di nuovo il file.",
  productNotFound: 'Prodotto non trovato.',
  priceInvalid: 'Inserire un prezzo valido in euro (massimo 2 decimali).',
  listPriceBelowPrice: 'Il prezzo pieno deve essere superiore al prezzo in promozione.',
  /** Decision 0701 (art. 17-bis Codice del Consumo): the struck price is the law's, computed from the shop's price history. */
  priorPriceNotAbove:
    'Il prezzo più basso applicato nei 30 giorni prima della promozione è {prior}: il prezzo in promozione deve essere inferiore (art. 17-bis Codice del Consumo).',
  priorPriceNeverSold:
    'Il prodotto non risulta in vendita in questa farmacia prima del {day}: senza un prezzo applicato prima, la legge non consente di annunciare uno sconto (art. 17-bis Codice del Consumo). Avviare la promozione dopo almeno un giorno di vendita.',
  priorPriceRunUp:
    'Fino al suo inizio una promozione programmata fa vendere il prodotto al prezzo barrato, {prior}, invece di {today} come oggi: avviarla da oggi, o programmarla quando il prezzo più basso dei 30 giorni precedenti sarà quello di oggi.',
  priorPriceDiffers:
    'Il prezzo pieno di una promozione è per legge il prezzo più basso applicato nei 30 giorni prima: {prior}. Lasciarlo vuoto o indicare {prior}.',
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
} as const;
