/**
 * What a file really is, from its first bytes (magic numbers), never from its name or the type
 * the browser claims (ARCHITECTURE §2). Only the formats of spec §5 are recognised: jpeg, png,
 * gif, pdf and eps (PostScript text or the DOS EPS binary header).
 */
export type SniffedFileType = 'jpeg' | 'png' | 'gif' | 'pdf' | 'eps';

/** The MIME type a file is stored and served with, from its bytes. */
export const MIME_BY_FILE_TYPE: Readonly<Record<SniffedFileType, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  pdf: 'application/pdf',
  eps: 'application/postscript',
};

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const PDF = ascii('%PDF-');
const POSTSCRIPT = ascii('%!PS-Adobe');
const DOS_EPS = [0xc5, 0xd0, 0xd3, 0xc6];
const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** The format of the bytes, or `undefined` when it is none of the accepted ones. */
export function sniffFileType(bytes: Uint8Array): SniffedFileType | undefined {
  if (startsWith(bytes, JPEG)) return 'jpeg';
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return 'gif';
  if (startsWith(bytes, PDF)) return 'pdf';
  if (startsWith(bytes, DOS_EPS)) return 'eps';
  // Text formats: some editors put a UTF-8 byte order mark in front.
  const textStart = startsWith(bytes, UTF8_BOM) ? UTF8_BOM.length : 0;
  if (startsWith(bytes, PDF, textStart)) return 'pdf';
  if (startsWith(bytes, POSTSCRIPT, textStart)) return 'eps';
  return undefined;
}
