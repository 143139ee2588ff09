/** Back-office names of stored codes (issue 19): a screen never shows a raw code. */
export const backofficeLabelsMessages = {
  actorRoles: { customer: 'cliente', pharmacist: 'farmacista', admin: 'amministratore', payment: 'pagamento', system: 'sistema' },
  deliveryTypes: { inShop: 'Ritiro in farmacia', vendingMachine: 'Distributore automatico', pickupPoint: 'Punto di ritiro', address: 'Consegna a domicilio' },
  paid: 'pagato',
  unknownCode: 'altro ({code})',
  auditEntities: {
    order: 'ordine', pharmacist: 'farmacista', staff: 'personale', voucher: 'codice sconto', service: 'servizio', event: 'evento',
    shop: 'farmacia', reservation: 'prenotazione', loyalty_card: 'carta fedeltà', closure: 'chiusura', catalogue: 'catalogo',
    staff_alerts: 'avvisi al personale', shop_media: 'immagini della farmacia', shop_legal: 'dati legali', product: 'prodotto',
    options: 'impostazioni', info_request: 'richiesta di informazioni', health_retention: 'conservazione dei dati sanitari',
    customer: 'cliente', content: 'contenuto', invitation: 'invito', 'service-categorie': 'categoria di servizi',
    'event-availabilitie': "disponibilità dell'evento", 'info-request': 'richiesta di informazioni', 'loyalty-card': 'carta fedeltà',
    option: 'impostazioni', 'service-group': 'gruppo di servizi', 'shop-service': 'servizio su richiesta',
  },
  auditActions: {
    create: 'creazione', update: 'modifica', delete: 'eliminazione', post: 'creazione', put: 'modifica', patch: 'modifica',
    withdraw: 'ritiro', 'open-history': 'consultazione dello storico', upload: 'caricamento', 'take-charge': 'presa in carico',
    reopen: 'riapertura', process: 'messa in lavorazione', ship: 'spedizione', complete: 'completamento', cancel: 'annullamento',
    finalize: 'proposta al cliente', 'revoke-sessions': 'chiusura delle sessioni', reissue: 'riemissione', reinvite: 'nuovo invito',
    notes: 'note', invite: 'invito', 'import-done': 'importazione conclusa', import: 'importazione', handle: 'gestione',
    decision: 'decisione', deactivate: 'disattivazione', checkoutnow: 'pagamento', adjust: 'correzione',
  },
} as const;
