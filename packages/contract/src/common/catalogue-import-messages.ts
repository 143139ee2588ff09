/** Catalogue import (CLI and back office upload): one reason per rejected field of a row. */
export const catalogueImportMessages = {
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
  /** Decision 0701: on a promotion's row `prezzo_pieno` is the law's prior price, computed from the shop's price history. */
  listPriceNotPrior:
    'prezzo_pieno {typed}: per legge il prezzo barrato è il più basso applicato nei 30 giorni prima della promozione, {prior}; lasciare vuota la cella o scrivere {prior}.',
  promoNotBelowPrior: 'prezzo {price}: non è inferiore al prezzo più basso applicato nei 30 giorni prima della promozione ({prior}).',
  promoRunUp:
    'promo_inizio: fino all’inizio della promozione il prodotto si venderebbe al prezzo barrato, {prior}, invece di {today} come oggi; avviarla da oggi o più avanti.',
  promoNeverSold:
    'promo 1 su un prodotto non in vendita in questa farmacia prima del {day}: senza un prezzo applicato prima non si può annunciare uno sconto; importarlo con promo 0 e avviare la promozione dopo almeno un giorno di vendita.',
  quantityInvalid: 'quantita deve essere un numero intero maggiore o uguale a 0.',
  flagInvalid: '{field} deve essere 1 o 0 (sì o no).',
  categoryOrder: '{field} indicata senza la categoria del livello precedente.',
  categoryName: '{field}: nome di categoria non valido.',
  separator: 'Il file deve usare il punto e virgola (;) come separatore.',
} as const;
