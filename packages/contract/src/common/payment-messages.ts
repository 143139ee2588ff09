export const paymentMessages = {
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
} as const;
