/** The public entry of the catalogue module: what other modules and the HTTP layer may use (docs/architecture.md). */
export { importCatalogue } from './catalogue-import.service.js';
export { pngOf } from './drawn-picture.js';
export type { AdminCatalogueTables } from './catalogue.admin.table.js';
export { catalogueOffersByCode, catalogueProductsByCode, productNotFound, toProductHit } from './catalogue.service.js';
export { keptOffersByCode, type Offers, productImageUrl } from './catalogue.service.js';
export type { CatalogueTables, CategoryWithChildren, ProductRecord } from './catalogue.table.js';
export type { OfferPriceHistoryTables } from './offer-price-history.js';
export { categoriesAt, type KeptCategories } from './kept-categories.js';
