import {
  type PackBarcodeFormat,
  type PackCode,
  type ProductLookupResponse,
  parsePrescriptionMessage,
  readMemoBarcodes,
  readPackBarcode,
} from '@farmacia/contract';
import { api, isApiError } from './api-client';

/**
 * What the screens do with codes that were not typed (issue 20): a pasted or shared message, the
 * barcodes the scanner read on a memo or a pack. The scanner dialog only hands over raw
 * `{ format, text }` reads; the rules that decide what they mean live in the contract.
 */

/** One barcode the scanner read, as it read it. */
export interface ScannedValue {
  format: string;
  text: string;
}

/** A fiscal code found, and whether it is already one of the customer's. */
export interface FoundFiscalCode {
  code: string;
  own: boolean;
}

/** What to put in the prescription form: each part only when it passed its check. */
export interface PrescriptionFill {
  nre?: string;
  fiscalCode?: FoundFiscalCode;
  /** Further NREs of the same message: one prescription each, entered after this one. */
  otherNres: string[];
}

/** The fiscal code to select: one of the customer's first, else the first found (to offer adding it). */
function pickFiscalCode(found: readonly string[], own: readonly string[]): FoundFiscalCode | undefined {
  const mine = found.find((code) => own.includes(code));
  if (mine) return { code: mine, own: true };
  return found[0] === undefined ? undefined : { code: found[0], own: false };
}

/** The prescription form's fill from a pasted or shared message. */
export function fillFromMessage(text: string, ownFiscalCodes: readonly string[]): PrescriptionFill {
  const { nres, fiscalCodes } = parsePrescriptionMessage(text);
  const fiscalCode = pickFiscalCode(fiscalCodes, ownFiscalCodes);
  return { ...(nres[0] ? { nre: nres[0] } : {}), ...(fiscalCode ? { fiscalCode } : {}), otherNres: nres.slice(1) };
}

/** The prescription form's fill from the Code 39 barcodes of a paper memo. */
export function fillFromMemo(values: readonly ScannedValue[], ownFiscalCodes: readonly string[]): PrescriptionFill {
  const memo = readMemoBarcodes(values.map((v) => v.text));
  const fiscalCode = memo.fiscalCode ? pickFiscalCode([memo.fiscalCode], ownFiscalCodes) : undefined;
  return { ...(memo.nre ? { nre: memo.nre } : {}), ...(fiscalCode ? { fiscalCode } : {}), otherNres: [] };
}

/** True when the fill has nothing to put in the form. */
export const isEmptyFill = (fill: PrescriptionFill) => fill.nre === undefined && fill.fiscalCode === undefined;

/**
 * The contract's format name of a decoder's format: the web BarcodeDetector says `code_39`,
 * ZXing-based decoders `Code39`, `EAN-13`, `DataMatrix`; Code 32 is read by either as Code 39.
 */
const PACK_FORMATS: Readonly<Record<string, PackBarcodeFormat>> = {
  code39: 'code_39',
  code32: 'code_32',
  ean13: 'ean_13',
  datamatrix: 'data_matrix',
};

export function packFormatOf(format: string): PackBarcodeFormat | undefined {
  return PACK_FORMATS[format.toLowerCase().replace(/[^a-z0-9]/g, '')];
}

/** The first read of a pack that is a valid AIC, EAN-13 or GS1 code, or null. */
export function packCodeOf(values: readonly ScannedValue[]): PackCode | null {
  for (const value of values) {
    const format = packFormatOf(value.format);
    const code = format ? readPackBarcode(format, value.text) : null;
    if (code) return code;
  }
  return null;
}

/** Where a scanned pack leads: its product page, or "not in the catalogue" with the code read. */
export type PackResult = { kind: 'product'; code: string } | { kind: 'unknown'; code: string } | { kind: 'unreadable' };

/**
 * Looks a pack's reads up in the catalogue (`GET /product-codes/{code}`). A GTIN-14 without an
 * EAN-13 form is in no catalogue (decision 0470): unknown without asking. Other errors (offline)
 * are thrown, for the screen's usual handling.
 */
export async function resolvePack(
  values: readonly ScannedValue[],
  fetcher: (path: string) => Promise<ProductLookupResponse> = (path) => api<ProductLookupResponse>(path),
): Promise<PackResult> {
  const pack = packCodeOf(values);
  if (!pack) return { kind: 'unreadable' };
  if (pack.kind === 'gs1') return { kind: 'unknown', code: pack.code };
  try {
    const found = await fetcher(`/product-codes/${pack.code}`);
    return { kind: 'product', code: found.codice_ministeriale };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { kind: 'unknown', code: pack.code };
    throw error;
  }
}
