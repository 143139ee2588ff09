import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BENIGN_PDFS, HOSTILE_PDFS } from '../../../test/fixtures/pdf/corpus.js';
import { MAX_DECODE_RATIO, pdfProblem } from './pdf-scan.js';

/** The PDF check fails closed (issue 21, decision 0427): the hostile corpus item by item, for its own reason. */

describe('pdfProblem', () => {
  it('has a corpus of at least 25 hostile files and some real benign ones', () => {
    expect(HOSTILE_PDFS.length).toBeGreaterThanOrEqual(25);
    expect(BENIGN_PDFS.length).toBeGreaterThanOrEqual(4);
  });

  it.each(HOSTILE_PDFS.map((p) => [p.file, p.reason, p.refusedFor, p.bytes] as const))('refuses %s (%s) for %s', (_, __, refusedFor, bytes) => {
    expect(pdfProblem(bytes)).toBe(refusedFor);
  });

  it.each(BENIGN_PDFS.map((p) => [p.file, p.bytes] as const))('accepts the Ghostscript prescription %s', (_, bytes) => {
    expect(pdfProblem(bytes)).toBeUndefined();
  });

  const withStream = (dict: string, data: Buffer) =>
    Buffer.concat([Buffer.from(`%PDF-1.7\n3 0 obj\n<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream\nendobj\n%%EOF\n', 'latin1')]);

  it('decodes within the ratio: text that compresses well passes, the same bytes far beyond the ratio do not', () => {
    const page = Buffer.from('BT /F1 11 Tf 72 712 Td (Paracetamolo 500 mg) Tj ET\n'.repeat(40_000), 'latin1');
    const packed = deflateSync(page);
    expect(page.length / packed.length).toBeGreaterThan(MAX_DECODE_RATIO);
    expect(pdfProblem(withStream('/Filter /FlateDecode', packed))).toBe('stream bomb');
    expect(pdfProblem(withStream('/Filter /FlateDecode', deflateSync(page.subarray(0, 512 * 1024))))).toBeUndefined();
  });

  it('reads a page destination /OpenAction and a stream without filters as harmless, and finds a name split by no escape', () => {
    expect(pdfProblem(Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction [3 0 R /Fit] >> endobj\n%%EOF'))).toBeUndefined();
    expect(pdfProblem(withStream('', Buffer.from('BT (ciao) Tj ET')))).toBeUndefined();
    expect(pdfProblem(withStream('', Buffer.from('<< /S /JavaScript >>')))).toBe('/JavaScript');
    // A longer name that merely starts like an active one is not one.
    expect(pdfProblem(Buffer.from('%PDF-1.4\n1 0 obj << /JSONData 1 /AAA 2 >> endobj\n%%EOF'))).toBeUndefined();
  });
});
