/** The public entry of the shops module: what other modules and the HTTP layer may use (docs/architecture.md). */
export { promotionSvg, SLIDE_PNG_WIDTH, slideSvg, type Artwork } from './artwork.js';
export { renderLogoPng } from './png.js';
export { shopDataRevision } from './shop-data-revision.js';
export type { AdminShopTables } from './shop-data-revision.table.js';
export { setShopContent, setShopMedia, setShopOption } from './shop-settings.service.js';
export { getContent, getMedia, getOption, mediaFile, resolveShopId, shopColor, storedOptionValue, type MediaFile } from './shops.service.js';
export type { ShopSettingsTables } from './shops.table.js';
