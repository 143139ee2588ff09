/** The public entry of the accounts module: what other modules and the HTTP layer may use (docs/architecture.md). */
export { getProfile } from './profile.service.js';
export {
  activeUser,
  createAccount,
  homeShopName,
  isUserLinkedToShop,
  moveUserToShop,
  normalizeEmail,
  referrerByCode,
  resolveSignupShop,
  setPasswordHash,
  shopsLinkedTo,
  userByEmail,
  userByPhone,
  type RequestMeta,
} from './users.service.js';
export type { AccountTables, FiscalCodeRow, UserRow } from './users.table.js';
