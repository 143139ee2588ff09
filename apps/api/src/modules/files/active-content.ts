import { inflateSync } from 'node:zlib';
import type { SniffedFileType } from './file-type.js';

/**
 * Uploads that are the right format but dangerous to open (decision 0300): PDFs that carry
 * scripts, launch actions or embedded files, and images whose declared size would make a phone or
 * the pharmacist's browser decode billions of pixels. The server never runs or decodes them, but
 * the pharmacist opens them: they are refused at upload.
 */

/** PDF names that run code or hide another file; `/OpenAction` alone (e.g. "open at page 1") is harmless. */
const PDF_ACTIVE_NAMES = ['/JavaScript', '/JS', '/Launch', '/EmbeddedFile', '/RichMedia', '/XFA', '/SubmitForm', '/ImportData'];

/** The largest image accepted: 100 megapixels (a 200 MP phone saves 12–50 MP by default). */
export const MAX_IMAGE_PIXELS = 100_000_000;

/** At most this many bytes of decompressed PDF streams are scanned (a stream bomb stops the scan and is refused). */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

/** `#xx` escapes are legal in PDF names (`/J#61vaScript` is `/JavaScript`): undo them before looking. */
const unescapeNames = (text: string) => text.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

function activeNameIn(text: string): string | undefined {
  const plain = unescapeNames(text);
  // A name ends at a delimiter: `/JS` must not match `/JSomething`.
  return PDF_ACTIVE_NAMES.find((name) => new RegExp(`${name.replace('/', '\\/')}(?![A-Za-z0-9])`).test(plain));
}

/** The PDF's active content (its first offending name), looking inside Flate-compressed streams too. */
export function pdfActiveContent(bytes: Uint8Array): string | undefined {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buffer.toString('latin1');
  const direct = activeNameIn(text);
  if (direct) return direct;
  let inflatedTotal = 0;
  const streams = /stream\r?\n/g;
  for (let match = streams.exec(text); match; match = streams.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    streams.lastIndex = end;
    let inflated: Buffer;
    try {
      inflated = inflateSync(buffer.subarray(start, end), { maxOutputLength: MAX_INFLATED_BYTES - inflatedTotal });
    } catch (error) {
      // Not Flate data (images, other filters): nothing to read. Over the budget: refuse.
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return 'stream bomb';
      continue;
    }
    inflatedTotal += inflated.length;
    const hidden = activeNameIn(inflated.toString('latin1'));
    if (hidden) return hidden;
  }
  return undefined;
}

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
export function dangerousContent(type: SniffedFileType, bytes: Uint8Array): string | undefined {
  if (type === 'pdf') return pdfActiveContent(bytes);
  const size = imageDimensions(type, bytes);
  if (size && size.width * size.height > MAX_IMAGE_PIXELS) return `${size.width}x${size.height} pixels`;
  return undefined;
}
