/** The accessibility statement (EAA, D.Lgs. 82/2022, AgID guidelines), default text (decision 0406). */
export const accessibilityStatementMessages = {
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
} as const;
