/**
 * The payment adapters' own texts (decision 0700): a provider's answer the server cannot use
 * (a `ProviderError`'s description, shown to the customer with its code, spec §8: '{description}
 * E{code}'), why a notification is refused (the payment log's reason) and why a refund was refused
 * (the refund's error, shown in the back office's order). The providers' names are brands, in the texts
 * as they are. `{name}` placeholders, filled with `fillMessage`. Not quoted by the spec.
 */
export const paymentProviderMessages = {
  /** What the provider shows of the order on its page and statement. */
  orderDescription: 'Ordine n. {id}',
  answerInvalid: 'Risposta del fornitore di pagamento non valida',
  answerIncomplete: 'Risposta del fornitore di pagamento incompleta',
  /** A notification that names no payment, or one the provider does not know. */
  paymentMissing: 'pagamento non indicato',
  paymentUnknown: 'pagamento sconosciuto al fornitore',
  /** A refund's error when the provider refused it without saying why. */
  refundRefused: 'rifiutato',
  nexi: {
    /** When Nexi's error has no description of its own. */
    error: 'Errore Nexi',
    answerIncomplete: 'Risposta Nexi incompleta',
    apiNotConfigured: 'API XPay non configurata',
    apiKeyNotConfigured: 'API key XPay non configurata',
    fieldMissing: 'campo mancante: {field}',
    badMac: 'MAC non valido',
    otherAlias: 'alias diverso',
    orderUnknown: 'ordine sconosciuto a Nexi',
    nothingRefundable: 'nessuna operazione rimborsabile',
  },
  axerve: {
    otherShopLogin: 'shopLogin diverso',
    paymentUnknown: 'pagamento sconosciuto ad Axerve',
    refundRefused: 'Rimborso rifiutato dalla banca',
  },
  paypal: {
    /** When PayPal's error has no message of its own. */
    error: 'Errore PayPal',
    answerIncomplete: 'Risposta PayPal incompleta',
    badSignature: 'firma del webhook non valida',
    orderMissing: 'ordine PayPal non indicato',
    captureUnknown: 'cattura PayPal sconosciuta',
  },
} as const;
