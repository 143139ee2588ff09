export const productRequestMessages = {
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
} as const;
