/**
 * The reasons the payment log gives for what it did with a provider's statement (decision 0700):
 * the operator reads them when a customer asks where a payment went. The adapters' own reasons are
 * `paymentProviderMessages`. `{name}` placeholders, filled with `fillMessage`. Not quoted by the spec.
 */
export const paymentLogMessages = {
  paymentUnknown: 'pagamento sconosciuto',
  providerNotConfigured: 'fornitore non configurato',
  otherPayment: 'pagamento diverso da quello indicato',
  otherReference: 'riferimento della transazione diverso',
  /** Amounts in cents and their currencies: the statement's (`?` and nothing when it has none), then the payment's. */
  otherAmount: 'importo diverso: {amount} {currency} invece di {expectedAmount} {expectedCurrency}',
  alreadyRecorded: 'pagamento già registrato',
  notAwaited: 'pagamento ricevuto per un ordine non più in attesa di questo importo: rimborso da effettuare',
  noOutcome: 'nessun esito',
  /** A statement for a payment already in that state. */
  already: 'già {status}',
  /** A payment's states, as `already` names them. */
  statuses: {
    created: 'creato',
    pending: 'in sospeso',
    approved: 'approvato',
    refused: 'rifiutato',
    cancelled: 'annullato',
  },
} as const;
