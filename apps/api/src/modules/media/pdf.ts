import { fillMessage, shopDocumentMessages } from '@farmacia/contract';
/**
 * A small PDF 1.4 writer for the documents the server renders from the shop's own data (the
 * on-duty shifts and the flyer): A4 pages of wrapped text in the standard Helvetica fonts, so no
 * font file is embedded and every viewer shows them. Text is encoded as WinAnsi (Latin-1 plus
 * €, curly quotes and dashes), which covers Italian; anything else becomes '?'.
 */

export interface PdfBlock {
  text: string;
  /** Font size in points (default 11). */
  size?: number;
  bold?: boolean;
  /** Extra space above the block, in points. */
  spaceBefore?: number;
  /** Grey text for secondary lines. */
  muted?: boolean;
}

export interface PdfDocument {
  title: string;
  author?: string;
  blocks: PdfBlock[];
  /** Fixed creation date (tests, reproducible output); default now. */
  createdAt?: Date;
}

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 56;
const LINE_FACTOR = 1.35;

/** Helvetica advance widths (1/1000 em) of ASCII 32..126, from the standard AFM metrics. */
const HELVETICA_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
  556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
  260, 334, 584,
];
/** Helvetica-Bold advance widths of ASCII 32..126. */
const HELVETICA_BOLD_WIDTHS = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611,
  556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389,
  280, 389, 584,
];

/** WinAnsiEncoding bytes of the characters outside Latin-1 that Italian text uses. */
const WIN_ANSI_EXTRA: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  '„': 0x84,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
};

/** One character as a WinAnsi byte ('?' when the encoding has no such character). */
function winAnsiByte(ch: string): number {
  const extra = WIN_ANSI_EXTRA[ch];
  if (extra !== undefined) return extra;
  const code = ch.codePointAt(0) ?? 63;
  if (code === 9) return 32;
  if ((code >= 32 && code <= 126) || (code >= 160 && code <= 255)) return code;
  return 63;
}

function charWidth(byte: number, bold: boolean): number {
  const table = bold ? HELVETICA_BOLD_WIDTHS : HELVETICA_WIDTHS;
  // Accented Latin-1 letters are as wide as their base letter; 556 is Helvetica's digit width.
  return byte >= 32 && byte <= 126 ? (table[byte - 32] ?? 556) : byte >= 0xc0 && byte <= 0xdd ? 667 : 556;
}

export function textWidth(text: string, size: number, bold = false): number {
  let units = 0;
  for (const ch of text) units += charWidth(winAnsiByte(ch), bold);
  return (units * size) / 1000;
}

/** Splits a paragraph into lines that fit `width` points (long words are cut). */
export function wrapText(text: string, size: number, bold: boolean, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (textWidth(candidate, size, bold) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (textWidth(line, size, bold) > width) {
        let cut = line.length - 1;
        while (cut > 1 && textWidth(line.slice(0, cut), size, bold) > width) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line);
  }
  return lines;
}

/** A PDF literal string body: WinAnsi bytes with `\`, `(` and `)` escaped, as latin1 text. */
function pdfString(text: string): string {
  let out = '';
  for (const ch of text) {
    const byte = winAnsiByte(ch);
    if (byte === 0x5c || byte === 0x28 || byte === 0x29) out += '\\';
    out += String.fromCharCode(byte);
  }
  return out;
}

function pdfDate(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `D:${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}Z`;
}

interface PlacedLine {
  text: string;
  size: number;
  bold: boolean;
  muted: boolean;
  y: number;
}

/** Lays the blocks out top to bottom, starting a new page when one is full. */
function layout(blocks: PdfBlock[]): PlacedLine[][] {
  const pages: PlacedLine[][] = [[]];
  const usable = PAGE_WIDTH - 2 * MARGIN;
  let y = PAGE_HEIGHT - MARGIN;
  for (const block of blocks) {
    const size = block.size ?? 11;
    const bold = block.bold ?? false;
    const leading = size * LINE_FACTOR;
    y -= block.spaceBefore ?? 0;
    for (const text of wrapText(block.text, size, bold, usable)) {
      if (y - leading < MARGIN) {
        pages.push([]);
        y = PAGE_HEIGHT - MARGIN;
      }
      y -= leading;
      pages.at(-1)?.push({ text, size, bold, muted: block.muted ?? false, y });
    }
  }
  return pages;
}

function contentStream(lines: PlacedLine[], pageNumber: number, pageCount: number): string {
  const ops: string[] = [];
  for (const l of lines) {
    if (!l.text) continue;
    ops.push(
      `BT /${l.bold ? 'F2' : 'F1'} ${l.size} Tf ${l.muted ? '0.35 g' : '0 g'} ${MARGIN} ${l.y.toFixed(2)} Td (${pdfString(l.text)}) Tj ET`,
    );
  }
  const footer = fillMessage(shopDocumentMessages.page, { page: pageNumber, pages: pageCount });
  const fx = PAGE_WIDTH - MARGIN - textWidth(footer, 8);
  ops.push(`BT /F1 8 Tf 0.35 g ${fx.toFixed(2)} ${(MARGIN / 2).toFixed(2)} Td (${pdfString(footer)}) Tj ET`);
  return ops.join('\n');
}

/**
 * Renders the document as PDF bytes: catalog, page tree, the two fonts, one page and one
 * content stream per page, an info dictionary, and a cross-reference table with exact offsets.
 */
export function renderPdf(doc: PdfDocument): Buffer {
  const pages = layout(doc.blocks);
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  const firstPageObject = 5;
  const kids = pages.map((_, i) => `${firstPageObject + i * 2} 0 R`).join(' ');

  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(`<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`);
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  pages.forEach((lines, i) => {
    const stream = contentStream(lines, i + 1, pages.length);
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${firstPageObject + i * 2 + 1} 0 R >>`,
    );
    add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
  });
  const infoNumber = objects.length + 1;
  add(
    `<< /Title (${pdfString(doc.title)}) /Author (${pdfString(doc.author ?? '')}) /Producer (Farmacia) /CreationDate (${pdfDate(doc.createdAt ?? new Date())}) >>`,
  );

  // '%âãÏÓ' marks the file as binary for transfer tools, as the PDF spec recommends.
  let out = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${infoNumber} 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
