/** Don't type it (issue 20): the rules that read prescription messages, memo and pack barcodes. */
export { aicToCode32, code32ToAic } from './code32.js';
export { isValidEan13, isValidGtin, parseGs1 } from './gtin.js';
export { type MemoBarcodes, readMemoBarcodes } from './memo.js';
export { type PrescriptionMessage, parsePrescriptionMessage } from './message.js';
export { isCompleteNre, isNreHead, isNreTail, NRE_REGION_CODES } from './nre.js';
export { type PackBarcodeFormat, type PackCode, readPackBarcode } from './pack.js';
export { type ProductLookupParams, ProductLookupParamsSchema, type ProductLookupResponse, ProductLookupResponseSchema } from './product-lookup.js';
