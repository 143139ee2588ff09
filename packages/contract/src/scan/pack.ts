import { isValidMinsan } from '../catalogue-rules.js';
import { code32ToAic } from './code32.js';
import { isValidEan13, isValidGtin, parseGs1 } from './gtin.js';

/** The barcode formats a medicine pack may carry (names as the web BarcodeDetector spells them). */
export type PackBarcodeFormat = 'code_39' | 'code_32' | 'ean_13' | 'data_matrix';

/**
 * What a pack's barcode identifies, in the terms the catalogue lookup takes (decision 0470):
 * `aic` a 9-digit AIC (the product page's key), `ean` an EAN-13 (the catalogue's optional `ean`),
 * `gs1` a GTIN-14 that has no EAN-13 form (no catalogue holds it: the screen says it is unknown).
 */
export type PackCode = { kind: 'aic' | 'ean' | 'gs1'; code: string };

/**
 * Reads one barcode of a medicine pack; `null` when the text is no code of that format or fails
 * its check digit, so a misread never opens a wrong product.
 * - Code 32 (decoded by a Code 39 reader as six base-32 characters, or as `A` + 9 digits) → AIC.
 * - EAN-13 → EAN.
 * - GS1 DataMatrix (FMD): AI 716 (NHRN Italy = the AIC) wins when valid, else AI 01 (GTIN): with a
 *   leading zero it is the EAN-13 in 14 digits, otherwise a bare GTIN-14.
 */
export function readPackBarcode(format: PackBarcodeFormat, text: string): PackCode | null {
  const value = text.trim();
  switch (format) {
    case 'code_39':
    case 'code_32': {
      const aic = code32ToAic(value);
      return aic === null ? null : { kind: 'aic', code: aic };
    }
    case 'ean_13':
      return isValidEan13(value) ? { kind: 'ean', code: value } : null;
    case 'data_matrix': {
      const elements = parseGs1(value);
      if (!elements) return null;
      const aic = elements.get('716');
      if (aic !== undefined && isValidMinsan(aic)) return { kind: 'aic', code: aic };
      const gtin = elements.get('01');
      if (gtin === undefined || !isValidGtin(gtin)) return null;
      return gtin.startsWith('0') ? { kind: 'ean', code: gtin.slice(1) } : { kind: 'gs1', code: gtin };
    }
    default:
      return null;
  }
}
