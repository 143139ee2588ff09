/** The public entry of the fiscal-codes module: what other modules and the HTTP layer may use (docs/architecture.md). */
export * as fiscalCodesRepository from './fiscal-codes.repository.js';
export { isOwnFiscalCode } from './fiscal-codes.service.js';
