/**
 * A product as the catalogue's writers hand it over (demo generator, CSV import, later the back
 * office): the spec's fields, money in cents, the category as its path of names (level 1 first).
 * The writer resolves the path to category ids and assigns the popularity rank of new products.
 * The price, list price, stock, promotion and on-sale flag are a shop's offer (issue 18), the rest
 * the master's. An optional field left `undefined` is "not given": an update keeps the stored value, an insert
 * uses the default (null, 0, false, no category).
 */
export interface CatalogueProductInput {
  codice_ministeriale: string;
  nome_prodotto: string;
  price_cents: number;
  descrizione?: string | null;
  descrizione_ditta_1_produttrice?: string | null;
  descrizione_atc?: string | null;
  descrizione_estesa_degrassi?: string | null;
  descrizione_pricipio_attivo?: string | null;
  /** Category names from level 1 down, 0 to 4 of them. */
  categorie?: string[];
  list_price_cents?: number | null;
  stock?: number;
  image?: string | null;
  prescription_only?: boolean;
  sop_otc?: boolean;
  /** A medicine without either flag above: homeopathic or veterinary (decision 0699). */
  medicine?: boolean;
  promo?: boolean;
  /** On sale at the shop the offer is written for (the import's `in_vendita`, issue 18); new offers default to yes. */
  on_sale?: boolean;
  /** The promotion's first and last day ('YYYY-MM-DD'), null = open (decision 0530). */
  promo_start?: string | null;
  promo_end?: string | null;
  /** EAN-13 of the pack, checked (decision 0471). */
  ean?: string | null;
}

/** A node of a category tree to create: name, optional texts, children (up to level 4). */
export interface CategoryNodeInput {
  name: string;
  hero_title?: string;
  description?: string;
  children?: CategoryNodeInput[];
}

/**
 * The URL-safe slug of a category name: lowercase ASCII, diacritics folded, words joined by '-'
 * ('Mamma e bambino' → 'mamma-e-bambino', 'Igiene più' → 'igiene-piu').
 */
export function slugify(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
