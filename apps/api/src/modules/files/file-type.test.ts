import { describe, expect, it } from 'vitest';
import { sniffFileType } from './file-type.js';

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('sniffFileType', () => {
  it('recognises the accepted formats by their magic numbers', () => {
    expect(sniffFileType(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('jpeg');
    expect(sniffFileType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('png');
    expect(sniffFileType(bytes('GIF87a', [1, 0]))).toBe('gif');
    expect(sniffFileType(bytes('GIF89a', [1, 0]))).toBe('gif');
    expect(sniffFileType(bytes('%PDF-1.7\n%âãÏÓ'))).toBe('pdf');
    expect(sniffFileType(bytes('%!PS-Adobe-3.0 EPSF-3.0\n'))).toBe('eps');
    expect(sniffFileType(bytes([0xc5, 0xd0, 0xd3, 0xc6, 0x1e, 0, 0, 0]))).toBe('eps');
  });

  it('accepts a byte order mark in front of the text formats only', () => {
    expect(sniffFileType(bytes([0xef, 0xbb, 0xbf], '%PDF-1.4'))).toBe('pdf');
    expect(sniffFileType(bytes([0xef, 0xbb, 0xbf], '%!PS-Adobe-2.0'))).toBe('eps');
    expect(sniffFileType(bytes([0xef, 0xbb, 0xbf], 'GIF89a'))).toBeUndefined();
  });

  it('refuses everything else, whatever it is called', () => {
    expect(sniffFileType(bytes('MZ', [0x90, 0, 3, 0]))).toBeUndefined(); // Windows executable
    expect(sniffFileType(bytes([0x7f], 'ELF'))).toBeUndefined();
    expect(sniffFileType(bytes('PK', [3, 4]))).toBeUndefined(); // zip, docx
    expect(sniffFileType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffFileType(bytes('<html><script>alert(1)</script>'))).toBeUndefined();
    expect(sniffFileType(bytes('%!PS'))).toBeUndefined(); // plain PostScript is not EPS
    expect(sniffFileType(bytes([0x89, 0x50, 0x4e, 0x47]))).toBeUndefined(); // truncated PNG signature
    expect(sniffFileType(new Uint8Array())).toBeUndefined();
    expect(sniffFileType(bytes('GIF90a'))).toBeUndefined();
  });
});
