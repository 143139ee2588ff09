import { describe, expect, it } from 'vitest';
import { renderPdf, textWidth, wrapText } from './pdf.js';

/** Reads the cross-reference table and checks that every entry points at its object. */
function checkStructure(pdf: Buffer) {
  const text = pdf.toString('latin1');
  expect(text.startsWith('%PDF-1.4\n')).toBe(true);
  expect(text.endsWith('%%EOF\n')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 4)).toBe('xref');
  const header = /^xref\n0 (\d+)\n/.exec(text.slice(startxref));
  const size = Number(header?.[1]);
  const entries = text.slice(startxref + (header?.[0].length ?? 0)).split('\n').slice(0, size);
  expect(entries[0]).toBe('0000000000 65535 f ');
  for (let n = 1; n < size; n++) {
    const offset = Number(entries[n]?.slice(0, 10));
    expect(text.slice(offset, offset + `${n} 0 obj`.length)).toBe(`${n} 0 obj`);
  }
  // Every stream's /Length is its exact byte count.
  for (const m of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    expect(text.slice(start + Number(m[1]), start + Number(m[1]) + '\nendstream'.length)).toBe('\nendstream');
  }
  const pages = Number(/\/Type \/Pages \/Kids \[[^\]]*\] \/Count (\d+)/.exec(text)?.[1]);
  return { text, pages, objects: size - 1 };
}

describe('pdf writer', () => {
  it('writes a valid single-page document with Italian text in WinAnsi', () => {
    const pdf = renderPdf({
      title: 'Turni di servizio',
      createdAt: new Date('2026-01-02T03:04:05Z'),
      blocks: [
        { text: 'Farmacia San Marco', size: 18, bold: true },
        { text: 'Lunedì 5 gennaio: aperta dalle 8:30 — (turno) 2,50 €', spaceBefore: 6 },
      ],
    });
    const { text, pages, objects } = checkStructure(pdf);
    expect(pages).toBe(1);
    expect(objects).toBe(7);
    expect(text).toContain('/BaseFont /Helvetica /Encoding /WinAnsiEncoding');
    expect(text).toContain('/CreationDate (D:20260102030405Z)');
    // ì is Latin-1 0xEC, — is WinAnsi 0x97, € is 0x80; parentheses are escaped.
    expect(text).toContain('(Luned\u00ec 5 gennaio: aperta dalle 8:30 \u0097 \\(turno\\) 2,50 \u0080) Tj');
    expect(pdf.includes(Buffer.from([0xec]))).toBe(true);
  });

  it('flows long content onto further pages and numbers them', () => {
    const blocks = Array.from({ length: 120 }, (_, i) => ({ text: `Riga numero ${i + 1}` }));
    const { text, pages } = checkStructure(renderPdf({ title: 'Lungo', blocks }));
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`(Pagina ${pages} di ${pages}) Tj`);
    expect(text).toContain('(Riga numero 120) Tj');
  });

  it('wraps words to the usable width and cuts words longer than a line', () => {
    const lines = wrapText('uno due tre quattro cinque sei sette otto nove dieci', 11, false, 100);
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) expect(textWidth(l, 11)).toBeLessThanOrEqual(100);
    expect(lines.join(' ')).toBe('uno due tre quattro cinque sei sette otto nove dieci');
    const long = wrapText('x'.repeat(200), 11, true, 100);
    expect(long.join('')).toBe('x'.repeat(200));
    for (const l of long) expect(textWidth(l, 11, true)).toBeLessThanOrEqual(100);
  });

  it('replaces characters WinAnsi cannot show instead of corrupting the file', () => {
    const { text } = checkStructure(renderPdf({ title: 'Emoji 😀', blocks: [{ text: 'Ciao 😀 你好' }] }));
    expect(text).toContain('(Ciao ? ??) Tj');
  });
});
