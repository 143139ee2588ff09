/** The public entry of the fiscal-codes module: what other modules and the HTTP layer may use (docs/architecture.md). */
export { fiscalCodeOfUser, isOwnFiscalCode, receiptFiscalCode } from './fiscal-codes.service.js';
