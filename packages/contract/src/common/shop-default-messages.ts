/**
 * The texts a pharmacy starts with until its admin changes them in the back office: those `npm run
 * setup` writes for a new shop, which the demo pharmacy uses too (decision 0695). The mandatory
 * privacy consent covers the account, orders, prescriptions' handling and bookings — **not** health
 * data: those have their own explicit, withdrawable consent (`healthDataMessages.consentText`,
 * decision 0410), and bundling them into a consent one cannot refuse would not be free (GDPR arts.
 * 7(4) and 9(2)(a)).
 */
export const shopDefaultMessages = {
  privacyConsent:
    "Ho letto l'informativa privacy e acconsento al trattamento dei miei dati personali per la gestione di richieste, ordini e prenotazioni.",
  delivery: {
    inShop: 'Ritiro in farmacia',
    inShopMethod: 'Ritiro al banco',
    vendingMachine: 'Ritiro al distributore H24',
    pickupPoint: 'Ritiro in un punto di ritiro',
    address: 'Consegna a domicilio',
  },
  payInShop: 'Paghi al ritiro in farmacia, in contanti o con carta.',
} as const;
