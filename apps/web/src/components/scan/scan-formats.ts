/** One barcode read in a frame, with the Barcode Detection API's format name. */
export interface ScanRead {
  format: string;
  text: string;
}

export type ScanPurpose = 'memo' | 'pack';

/** The symbologies the scanner reads, named as the Barcode Detection API names them. */
export type ScanFormat = 'code_39' | 'code_32' | 'ean_13' | 'data_matrix';

/**
 * What each purpose reads. The memo prints the NRE and the fiscal code as Code 39; a box carries
 * its AIC as Code 32 (a Code 39 symbol: a native detector reports it as code_39), an EAN-13 where
 * it has one, and the FMD's GS1 DataMatrix.
 */
export const SCAN_FORMATS: Readonly<Record<ScanPurpose, readonly ScanFormat[]>> = {
  memo: ['code_39'],
  pack: ['code_39', 'code_32', 'ean_13', 'data_matrix'],
};
