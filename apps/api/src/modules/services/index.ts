/** The public entry of the services module: what other modules and the HTTP layer may use (docs/architecture.md). */
export { sanitizeRichText } from './rich-text.js';
export { isServiceOfShop, knownServiceIds } from './services.admin.service.js';
export { categoryServices, createCategory, createGroup, createService, createShopService, findServices, getServiceRow, listCategories, serviceRowsById, toService, type NewService } from './services.service.js';
export type { ServiceRow, ServiceTables } from './services.table.js';
export type { ShopServiceTables } from './shop-services.table.js';
