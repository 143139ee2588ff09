import { type BarcodeReader, SCAN_FORMATS, type ScanPurpose, type ScanRead } from './scan-formats';

export type { BarcodeReader } from './scan-formats';
import type { PixelImage } from './turn';

/**
 * Every read of a still picture, each pass, once each (format and text): a photo is read once,
 * so it gets every pass; a memo's short barcode may read straight and its long one only turned.
 */
export async function readAllPasses(reader: BarcodeReader, image: PixelImage): Promise<ScanRead[]> {
  const found = new Map<string, ScanRead>();
  for (let pass = 0; pass < reader.passes; pass++) {
    for (const hit of await reader.read(image, pass)) found.set(`${hit.format}\n${hit.text}`, hit);
  }
  return [...found.values()];
}

/** The part of the Barcode Detection API the scanner uses (not in TypeScript's DOM library yet). */
interface NativeDetector {
  detect(image: ImageData): Promise<{ format: string; rawValue: string }[]>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

/**
 * The browser's own BarcodeDetector when it reads every format this purpose needs (Android's
 * Chrome does, through the phone's barcode service); otherwise zxing-cpp in WebAssembly, whose
 * code and `.wasm` are fetched only now, when a scanner opens (decision 0475).
 */
export async function loadBarcodeReader(purpose: ScanPurpose): Promise<BarcodeReader> {
  const formats = SCAN_FORMATS[purpose];
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (Native) {
    const supported = await Native.getSupportedFormats().catch(() => [] as string[]);
    // code_32 is zxing's own name: a native detector reads a Code 32 as code_39.
    const needed = formats.filter((format) => format !== 'code_32');
    if (needed.every((format) => supported.includes(format))) {
      const detector = new Native({ formats: needed });
      return {
        // The canvas's own ImageData: it finds tilted and blurred codes by itself, in one pass.
        read: async (image) =>
          (await detector.detect(image as ImageData)).map((found) => ({ format: found.format, text: found.rawValue })),
        passes: 1,
      };
    }
  }
  const { zxingBrowserReader } = await import('./zxing-browser');
  return await zxingBrowserReader(formats);
}
