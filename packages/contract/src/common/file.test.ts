import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES } from '../constants.js';
import { fieldErrors } from './api.js';
import {
  base64DecodedBytes,
  FileFieldSchema,
  fileExtension,
  isAllowedUploadName,
  isAllowedUploadType,
  isNewUpload,
  splitDataUrl,
  UploadedFileSchema,
  uploadFileProblem,
} from './file.js';

const png = { name: 'foto.png', type: 'image/png', lastModified: 1_700_000_000_000, size: 8, base64: 'data:image/png;base64,iVBORw0KGgo=' };
const body = z.object({ file: FileFieldSchema });
const errorsOf = (value: unknown) => {
  const result = body.safeParse(value);
  return result.success ? undefined : fieldErrors(result.error);
};

describe('allowed uploads (jpeg, jpg, gif, png, pdf, eps)', () => {
  it.each(['a.jpeg', 'a.JPG', 'scan.gif', 'x.png', 'ricetta.pdf', 'logo.eps'])('accepts the name %s', (name) => {
    expect(isAllowedUploadName(name)).toBe(true);
  });

  it.each(['a.exe', 'ricetta.docx', 'noextension', 'foto.png.html', 'a.svg'])('refuses the name %s', (name) => {
    expect(isAllowedUploadName(name)).toBe(false);
  });

  it('accepts the MIME types, x-eps included, and an empty type', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif', 'application/pdf', 'application/x-eps', 'image/x-eps', '']) {
      expect(isAllowedUploadType(type)).toBe(true);
    }
    expect(isAllowedUploadType('text/html')).toBe(false);
    expect(isAllowedUploadType('image/svg+xml')).toBe(false);
  });

  it('gives the spec message for a wrong format, and the size message', () => {
    expect(uploadFileProblem({ name: 'ricetta.docx', type: 'application/msword' })).toBe("Formato file 'ricetta.docx' non valido.");
    expect(uploadFileProblem({ name: 'foto.png', type: 'image/png', size: MAX_UPLOAD_BYTES })).toBeUndefined();
    expect(uploadFileProblem({ name: 'foto.png', type: 'image/png', size: MAX_UPLOAD_BYTES + 1 })).toBe(
      "Il file 'foto.png' supera la dimensione massima di 10 MB.",
    );
  });

  it('reads extensions, data URLs and base64 sizes', () => {
    expect(fileExtension('A.Tar.PDF')).toBe('pdf');
    expect(splitDataUrl('data:image/png;base64,AAAA')).toEqual({ mime: 'image/png', data: 'AAAA' });
    expect(splitDataUrl('AAAA')).toEqual({ mime: undefined, data: 'AAAA' });
    expect(base64DecodedBytes('iVBORw0KGgo=')).toBe(8);
    expect(base64DecodedBytes('AAAA')).toBe(3);
    expect(base64DecodedBytes('AA==')).toBe(1);
    expect(base64DecodedBytes('AAA')).toBeUndefined();
    expect(base64DecodedBytes('AA*A')).toBeUndefined();
  });
});

describe('UploadedFileSchema', () => {
  it('accepts a browser-read file', () => {
    expect(UploadedFileSchema.parse(png)).toEqual(png);
  });

  it('accepts bare base64 and a missing type', () => {
    expect(UploadedFileSchema.parse({ name: 'r.pdf', base64: 'JVBERi0=' })).toEqual({ name: 'r.pdf', type: '', base64: 'JVBERi0=' });
  });

  it('refuses a wrong extension, type or data-URL type with the spec message on name', () => {
    for (const file of [
      { ...png, name: 'foto.exe' },
      { ...png, type: 'text/html' },
      { ...png, base64: 'data:text/html;base64,AAAA' },
    ]) {
      const result = UploadedFileSchema.safeParse(file);
      expect(result.success && 'parsed').toBe(false);
      if (!result.success) expect(fieldErrors(result.error)).toEqual({ name: [`Formato file '${file.name}' non valido.`] });
    }
  });

  it('refuses data that is not base64, empty data, and more than the maximum', () => {
    expect(UploadedFileSchema.safeParse({ ...png, base64: 'data:image/png;base64,' }).success).toBe(false);
    expect(UploadedFileSchema.safeParse({ ...png, base64: '<script>' }).success).toBe(false);
    // Base64 of exactly n bytes: 4 characters per 3 bytes, the last group padded.
    const base64Of = (bytes: number) => {
      const groups = Math.ceil(bytes / 3);
      const padding = groups * 3 - bytes;
      return 'A'.repeat(groups * 4 - padding) + '='.repeat(padding);
    };
    expect(base64DecodedBytes(base64Of(MAX_UPLOAD_BYTES))).toBe(MAX_UPLOAD_BYTES);
    expect(UploadedFileSchema.safeParse({ ...png, base64: base64Of(MAX_UPLOAD_BYTES) }).success).toBe(true);
    const result = UploadedFileSchema.safeParse({ ...png, base64: base64Of(MAX_UPLOAD_BYTES + 1) });
    expect(result.success ? [] : fieldErrors(result.error).base64).toEqual(["Il file 'foto.png' supera la dimensione massima di 10 MB."]);
  });
});

describe('FileFieldSchema', () => {
  it('parses the JSON string the spec sends, or takes the object', () => {
    const fromJson = body.parse({ file: JSON.stringify(png) }).file;
    expect(fromJson).toEqual(png);
    expect(isNewUpload(fromJson)).toBe(true);
    expect(body.parse({ file: png }).file).toEqual(png);
  });

  it('gives null for absent, null, empty text and "null"', () => {
    for (const file of [undefined, null, '', 'null']) expect(body.parse({ file }).file).toBeNull();
    expect(body.parse({}).file).toBeNull();
  });

  it('keeps a { name } reference to the stored file, which is not a new upload', () => {
    const kept = body.parse({ file: { name: 'ricetta.pdf', url: '/api/files/3' } }).file;
    expect(kept).toEqual({ name: 'ricetta.pdf' });
    expect(isNewUpload(kept)).toBe(false);
  });

  it('reports a wrong format on file.name, and junk as unreadable', () => {
    expect(errorsOf({ file: { ...png, name: 'virus.exe' } })).toEqual({ 'file.name': ["Formato file 'virus.exe' non valido."] });
    expect(errorsOf({ file: 'not json' })).toEqual({ file: ['Il file non è leggibile.'] });
    expect(errorsOf({ file: 42 })).toEqual({ file: ['Il file non è leggibile.'] });
  });
});
