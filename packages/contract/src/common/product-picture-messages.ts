/**
 * The words the server draws on a product's picture when the leaflet service has none (decision 0168):
 * the product's form, read from the pharmacy abbreviations of its name, or a generic word. A customer
 * reads them on the product's page. Not quoted by the spec. Before decision 0700 they were written in
 * `apps/api/src/modules/catalogue/product-image.ts`.
 */
export const productPictureMessages = {
  forms: {
    effervescentTablets: 'Compresse effervescenti',
    tablets: 'Compresse',
    capsules: 'Capsule',
    sachets: 'Bustine',
    syrup: 'Sciroppo',
    drops: 'Gocce',
    vials: 'Flaconcini',
    suppositories: 'Supposte',
    spray: 'Spray',
    cream: 'Crema',
    gel: 'Gel',
    bottle: 'Flacone',
    lozenges: 'Pastiglie',
    pack: 'Confezione',
  },
  /** A name with no form the pictures know. */
  product: 'Prodotto',
} as const;
