import { type Binarizer, type ReaderOptions, type ReadInputBarcodeFormat, readBarcodes } from 'zxing-wasm/reader';
import type { BarcodeReader } from './scan-formats';
import type { ScanFormat, ScanRead } from './scan-formats';
import { type PixelImage, turnPixels } from './turn';

/** zxing-cpp's names for the symbologies the scanner asks for, and back to the Barcode Detection API's names. */
const TO_ZXING: Readonly<Record<ScanFormat, ReadInputBarcodeFormat>> = {
  code_39: 'Code39',
  code_32: 'Code32',
  ean_13: 'EAN13',
  data_matrix: 'DataMatrix',
};
const FROM_ZXING: Readonly<Record<string, ScanFormat>> = {
  Code39: 'code_39',
  Code32: 'code_32',
  EAN13: 'ean_13',
  DataMatrix: 'data_matrix',
};

/**
 * The ways a picture is read, one per camera frame in turn and all of them for a photo.
 * zxing's 1D readers follow scan lines: a wide, short barcode held askew (the memo's are about
 * five times wider than tall) crosses no single line beyond ~8°, so the picture is also read
 * turned 14° both ways, which brings a 20° tilt back within reach. Its default binarizer (local
 * average) loses thin bars under motion blur and strong perspective, where a fixed threshold
 * keeps them: the second binarizer. Figures: docs/benchmarks.md (scan bench).
 */
export const ZXING_PASSES: readonly { angle: number; binarizer: Binarizer }[] = [
  { angle: 0, binarizer: 'LocalAverage' },
  { angle: 0, binarizer: 'FixedThreshold' },
  { angle: 14, binarizer: 'LocalAverage' },
  { angle: -14, binarizer: 'LocalAverage' },
  { angle: 14, binarizer: 'FixedThreshold' },
  { angle: -14, binarizer: 'FixedThreshold' },
];

/**
 * Reads the barcodes of one image with zxing-cpp (WebAssembly), the way `ZXING_PASSES[pass]` says. The same function runs in the
 * dialog and in the robustness bench (scripts/bench-scan.mjs), so the bench measures what phones
 * without a native BarcodeDetector get. The module must have been prepared (where its `.wasm` is)
 * by the caller: the app serves its own copy, Node reads it from disk.
 *
 * `tryHarder` and `tryRotate`: a phone held askew or upside down still reads; only results whose
 * checksum and structure zxing validated come back (`isValid`), never a guess.
 */
export async function readWithZxing(image: PixelImage, formats: readonly ScanFormat[], pass = 0): Promise<ScanRead[]> {
  const { angle, binarizer } = ZXING_PASSES[pass % ZXING_PASSES.length]!;
  const options: ReaderOptions = {
    binarizer,
    formats: formats.map((format) => TO_ZXING[format]),
    tryHarder: true,
    tryRotate: true,
    tryInvert: false,
    // A memo prints up to three Code 39 symbols (the NRE in one or two parts, the fiscal code).
    maxNumberOfSymbols: 4,
  };
  // zxing-wasm takes anything shaped like ImageData (Node has no ImageData class).
  const results = await readBarcodes(turnPixels(image, angle) as ImageData, options);
  const reads: ScanRead[] = [];
  for (const result of results) {
    const format = FROM_ZXING[result.format];
    if (result.isValid && format && result.text) reads.push({ format, text: result.text });
  }
  return reads;
}

/** zxing-cpp as the dialog's BarcodeReader, every pass of `ZXING_PASSES` (its module prepared by the caller). */
export function zxingReader(formats: readonly ScanFormat[]): BarcodeReader {
  return { read: (image, pass) => readWithZxing(image, formats, pass), passes: ZXING_PASSES.length };
}
