/**
 * The raw SQL both search adapters use to read the products of a page (same columns as the
 * catalogue repository's Kysely query, as a ProductRecord without the long texts).
 */
export const PRODUCT_HIT_SELECT = `select
  p.codice_ministeriale, p.nome_prodotto, p.descrizione_ditta_1_produttrice, p.descrizione_atc,
  p.descrizione_pricipio_attivo, p.price_cents, p.list_price_cents, p.stock, p.image,
  p.prescription_only, p.sop_otc, p.promo, p.rank, p.updated_at,
  c1.name as cat1_name, c1.slug as cat1_slug, c2.name as cat2_name, c2.slug as cat2_slug,
  c3.name as cat3_name, c3.slug as cat3_slug, c4.name as cat4_name, c4.slug as cat4_slug
from products p
  left join categories c1 on c1.id = p.cat1_id
  left join categories c2 on c2.id = p.cat2_id
  left join categories c3 on c3.id = p.cat3_id
  left join categories c4 on c4.id = p.cat4_id`;
