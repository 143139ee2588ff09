import type { PixelImage } from './turn';

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

/** Reads the barcodes of one frame or photo. */
export interface BarcodeReader {
  /** Reads `image` the `pass`-th way (zxing-read.ts's passes; the native detector has one). */
  read(image: PixelImage, pass: number): Promise<ScanRead[]>;
  passes: number;
}

export interface ScanDialogProps {
  open: boolean;
  /** 'memo': the paper prescription memo's NRE and fiscal code; 'pack': a medicine box's code. */
  purpose: 'memo' | 'pack';
  onClose(): void;
  /**
   * The raw reads, once the purpose has them: for 'memo' the confirmed Code 39 texts (what
   * `readMemoBarcodes` accepts, or what the user chose to use), for 'pack' the one read that
   * `readPackBarcode` accepts. The screen decides what to fill or open.
   */
  onScanned(values: ScanRead[]): void;
}
