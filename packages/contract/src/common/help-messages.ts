/** Help pages /app/help/{productphoto|Galenica|Services|prescription} (spec §2; not quoted). */
export const helpMessages = {
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
} as const;
