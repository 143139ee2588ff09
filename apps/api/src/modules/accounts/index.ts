/** The public entry of the accounts module: what other modules and the HTTP layer may use (docs/architecture.md). */
export { getProfile } from './profile.service.js';
export * as usersRepository from './users.repository.js';
export { isUniqueViolation } from './users.repository.js';
export { createAccount, normalizeEmail, resolveSignupShop, type RequestMeta } from './users.service.js';
export type { AccountTables, FiscalCodeRow, UserRow } from './users.table.js';
