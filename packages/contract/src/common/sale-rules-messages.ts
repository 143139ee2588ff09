/** Online sale of medicines (issue 15, decision 0400) and the receipt's fiscal code. */
export const saleRulesMessages = {
  prescriptionPickupOnly:
    'Gli ordini con ricette o medicinali soggetti a prescrizione sono prenotazioni da ritirare in farmacia.',
  prescriptionStaffOnly:
    'Gli ordini con ricette o medicinali soggetti a prescrizione si ritirano in farmacia o sono consegnati a domicilio dal personale della farmacia.',
  sopOtcNotAuthorized:
    'Questa farmacia non è autorizzata alla vendita online di farmaci senza obbligo di ricetta: i farmaci nel carrello si ritirano in farmacia.',
  notOffered: 'Non disponibili per questo ordine:',
  staffDeliveryOption: 'Consegna a domicilio degli ordini con ricetta da parte del personale della farmacia',
  staffDeliveryHint:
    'Solo con il metodo di consegna «pharmacyDelivery» (personale della farmacia); mai corriere, distributore o punto di ritiro.',
  receiptFiscalCode: 'Codice fiscale per lo scontrino',
  receiptFiscalCodeHint: 'Per detrarre la spesa: scegli a chi intestare lo scontrino (tu o un familiare).',
  ownFiscalCode: '{code} (il tuo)',
  receiptFiscalCodeNotYours: 'Scegliere uno dei propri codici fiscali.',
  noReceiptFiscalCode: 'Nessuno',
} as const;
