import type { SniffedFileType } from './file-type.js';
import { scanPdf } from './pdf-scan-pool.js';
import { MAX_PDF_IMAGE_PIXELS } from './pdf-scan.js';

/**
 * Uploads that are the right format but dangerous to open (decision 0300): PDFs that carry
 * scripts, launch actions or embedded files, and images whose declared size would make a phone or
 * the pharmacist's browser decode billions of pixels. The server never runs or decodes them, but
 * the pharmacist opens them: they are refused at upload. PDFs fail closed (pdf-scan.ts, decision
 * 0427) and are checked in a worker thread.
 */

/** The largest image accepted: 100 megapixels (a 200 MP phone saves 12–50 MP by default). */
export const MAX_IMAGE_PIXELS = MAX_PDF_IMAGE_PIXELS;

/** Width and height an image declares in its header, when it can be read. */
export function imageDimensions(type: SniffedFileType, bytes: Uint8Array): { width: number; height: number } | undefined {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (type === 'png' && view.length >= 24) return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
  if (type === 'gif' && view.length >= 10) return { width: view.readUInt16LE(6), height: view.readUInt16LE(8) };
  if (type === 'jpeg') {
    // Walk the markers to the first start-of-frame (SOF0–SOF15 but DHT C4, JPG C8, DAC CC).
    let offset = 2;
    while (offset + 9 < view.length) {
      if (view[offset] !== 0xff) return undefined;
      const marker = view[offset + 1] ?? 0;
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        offset += 2;
        continue;
      }
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: view.readUInt16BE(offset + 5), width: view.readUInt16BE(offset + 7) };
      }
      offset += 2 + view.readUInt16BE(offset + 2);
    }
  }
  return undefined;
}

/** Why an upload of an accepted format is still refused, or undefined when it may be stored. */
export async function dangerousContent(type: SniffedFileType, bytes: Uint8Array): Promise<string | undefined> {
  if (type === 'pdf') return scanPdf(bytes);
  const size = imageDimensions(type, bytes);
  if (size && size.width * size.height > MAX_IMAGE_PIXELS) return `${size.width}x${size.height} pixels`;
  return undefined;
}
