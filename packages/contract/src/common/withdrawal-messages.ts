/**
 * The withdrawal function (art. 11a Directive 2011/83/EU as amended by Directive (EU) 2023/2673;
 * Codice del Consumo art. 52–59; decision 0698): the button, the two steps, the reasons an order
 * or a line cannot be withdrawn, the acknowledgement mail and the pharmacy's alert.
 */
export const withdrawalMessages = {
  /** The directive's own wording for the button (art. 11a(1)). */
  button: 'Recedi dal contratto qui',
  title: 'Recesso dal contratto',
  intro:
    'Puoi recedere dal contratto entro 14 giorni da quando hai ricevuto o ritirato i prodotti, senza dare motivazioni. Ultimo giorno: {day}.',
  stepDetails: 'Passo 1 di 2: i tuoi dati e i prodotti da restituire',
  stepConfirm: 'Passo 2 di 2: conferma il recesso',
  nameLabel: 'Nome e cognome',
  emailLabel: 'Email per la conferma di ricezione',
  orderLabel: 'Ordine',
  orderValue: 'n. {id} del {date}',
  linesLegend: 'Prodotti da restituire',
  lineText: '{quantity} × {name}',
  excludedLegend: 'Prodotti esclusi dal recesso',
  next: 'Continua',
  back: 'Indietro',
  /** The directive's confirmation function (art. 11a(2)). */
  confirm: 'Conferma recesso',
  summaryIntro: 'Stai recedendo dal contratto per questi prodotti dell’ordine n. {id}:',
  summaryContact: 'Conferma di ricezione a {email} per {name}.',
  sending: 'Invio in corso…',
  doneTitle: 'Recesso inviato',
  done: 'Abbiamo ricevuto il tuo recesso il {date} alle {time}. Ti abbiamo inviato la conferma di ricezione a {email}.',
  submittedOn: 'Recesso inviato il {date} alle {time} per: {lines}.',
  nextSteps:
    'La farmacia ti contatterà per la restituzione dei prodotti e ti rimborserà quanto pagato per essi entro 14 giorni dal recesso, con lo stesso mezzo di pagamento; il rimborso può attendere la restituzione dei prodotti.',
  listLink: 'Recedi dal contratto (entro il {day})',
  accountBanner: 'Hai ordini per cui puoi ancora recedere dal contratto.',
  accountLink: 'Vai ai tuoi ordini',
  /** Why an order cannot be withdrawn. */
  refusal: {
    notReceived: 'Potrai recedere dal contratto quando avrai ricevuto o ritirato i prodotti.',
    cancelled: "L'ordine è stato annullato: non c'è nulla da restituire.",
    periodOver: 'Il periodo di recesso di 14 giorni è terminato il {day}.',
    alreadyWithdrawn: 'Hai già esercitato il recesso per questo ordine.',
    nothingReturnable: "L'ordine non contiene prodotti che si possono restituire.",
  },
  /** Why a line cannot be withdrawn. */
  lineRefusal: {
    medicine:
      'Medicinale: escluso dal recesso, perché una volta consegnato non può essere rimesso in vendita per la tutela della salute (art. 59 Codice del Consumo).',
    unavailable: 'Prodotto non consegnato: non fa parte dell’ordine.',
  },
  linesRequired: 'Scegli almeno un prodotto da restituire.',
  lineNotInOrder: 'Il prodotto {code} non fa parte di questo ordine.',
  lineNotReturnable: '«{name}» non si può restituire: {reason}',
  failed: 'Non è stato possibile inviare il recesso. Riprova.',
  /** The acknowledgement of receipt on a durable medium (art. 11a(3)): content and submission date and time. */
  mailSubject: "Conferma di ricezione del recesso – ordine n. {id}",
  mailText:
    "Gentile {name},\n\nabbiamo ricevuto il tuo recesso dal contratto per l'ordine n. {id} del {orderDate}, inviato il {date} alle {time} (ora italiana).\n\nProdotti per cui hai receduto:\n{lines}\n\nEmail indicata per questa conferma: {email}\n\n{nextSteps}\n\n{shop}",
  mailLine: '- {quantity} × {name} ({code})',
  /** The pharmacy's alert: no name, no contact, no product (decision 0422). */
  alertSubject: "Recesso dall'ordine n. {id}",
  alertText: "Il cliente ha esercitato il diritto di recesso per l'ordine n. {id} (prodotti da restituire: {count}). Concorda la restituzione e il rimborso.",
  /** The back office's panel. */
  panelTitle: 'Recesso del cliente',
  panelWhen: 'Inviato il {date} alle {time} da {name} ({email}).',
  panelLines: 'Prodotti da restituire:',
  panelHint: 'Concorda con il cliente la restituzione; il rimborso si fa da «Rimborsi» di questo ordine, entro 14 giorni dal recesso.',
} as const;
