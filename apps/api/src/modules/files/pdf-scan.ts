import { constants, inflateSync } from 'node:zlib';

/**
 * The PDF check of uploads, failing closed (issue 21, decision 0427). A PDF is accepted only if
 * every stream can be read: its filters are ones decoded here (Flate, ASCIIHex, ASCII85,
 * RunLength, with the PNG/TIFF predictors) and the decoded bytes are scanned like the file's own
 * text; image data may also end in a picture codec (DCT, JPX, CCITT), never parsed as PDF syntax.
 * Refused: any other or unknown filter, a filter or parameter given by reference, encryption, and
 * active content however it is spelt (`#xx` name escapes, inside object streams…). Decoding is
 * bounded in total size and in ratio. Synchronous and CPU-bound: it runs in a worker thread
 * (pdf-scan-pool.ts), never on the request's thread.
 */

/** Names that run code, act on opening, submit or import data, or carry another file. */
const ACTIVE_NAMES = [
  '/JavaScript',
  '/JS',
  '/Launch',
  '/EmbeddedFile',
  '/EmbeddedFiles',
  '/RichMedia',
  '/XFA',
  '/SubmitForm',
  '/ImportData',
  '/AA',
  '/GoToE',
  '/GoToR',
  '/Rendition',
  '/Movie',
  '/Sound',
  '/Encrypt',
];

/** At most this many decoded bytes over the whole file; a bomb stops the scan and is refused. */
export const MAX_DECODED_BYTES = 64 * 1024 * 1024;
/** A stream may grow at most this many times when decoded (text compresses ~5–10×), beyond a floor. */
export const MAX_DECODE_RATIO = 100;
const RATIO_FLOOR_BYTES = 1024 * 1024;
/** Largest image a PDF may declare, like the images uploaded directly (active-content.ts). */
export const MAX_PDF_IMAGE_PIXELS = 100_000_000;

const DECODED_FILTERS: Record<string, string> = {
  '/FlateDecode': 'flate',
  '/Fl': 'flate',
  '/ASCIIHexDecode': 'hex',
  '/AHx': 'hex',
  '/ASCII85Decode': 'a85',
  '/A85': 'a85',
  '/RunLengthDecode': 'rl',
  '/RL': 'rl',
};
/** Picture codecs: allowed only last, on an image; their output is pixels. JBIG2 is not (FORCEDENTRY). */
const IMAGE_CODECS = new Set(['/DCTDecode', '/DCT', '/JPXDecode', '/CCITTFaxDecode', '/CCF']);

class Refused extends Error {}

const DELIMITER = String.raw`(?=[\s()<>\[\]{}/%]|$)`;
const ACTIVE = new RegExp(`/(${ACTIVE_NAMES.map((n) => n.slice(1)).join('|')})${DELIMITER}`);
const activeIn = (text: string) => {
  const found = ACTIVE.exec(text);
  return found ? `/${found[1]}` : undefined;
};

/** `#xx` escapes are legal in names (`/J#61vaScript` is `/JavaScript`): undo them before reading. */
const unescapeNames = (text: string) =>
  text.replace(/\/[^\s()<>[\]{}/%]*/g, (name) => name.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))));

/** Object `/OpenAction`: a destination array is fine ("open at page 1"); an action or a reference is refused. */
function openActionProblem(text: string): string | undefined {
  const re = new RegExp(`/OpenAction${DELIMITER}\\s*(.)`, 'g');
  for (let m = re.exec(text); m; m = re.exec(text)) if (m[1] !== '[') return '/OpenAction';
  return undefined;
}

function scanText(text: string): void {
  const plain = unescapeNames(text);
  const problem = activeIn(plain) ?? openActionProblem(plain);
  if (problem) throw new Refused(problem === '/Encrypt' ? 'encrypted' : problem);
}

/** The integer after `/Key` in a dictionary, undefined when absent; a reference or anything else is refused. */
function integerEntry(dict: string, key: string): number | undefined {
  const all = [...dict.matchAll(new RegExp(`/${key}${DELIMITER}\\s*([^\\s/<>\\[\\]()]+)(\\s+\\d+\\s+R)?`, 'g'))];
  if (all.length === 0) return undefined;
  const [, value, reference] = all[0]!;
  if (all.length > 1 || reference || !/^\d+$/.test(value ?? '')) throw new Refused(`unreadable /${key}`);
  return Number(value);
}

/** The stream's filters in order, from `/Filter /X` or `/Filter [/X /Y]`. */
function filtersOf(dict: string): string[] {
  const all = [...dict.matchAll(new RegExp(`/Filter${DELIMITER}\\s*(\\[[^\\]]*\\]|/[^\\s/<>\\[\\]()]+|\\S+)`, 'g'))];
  if (all.length === 0) return [];
  const value = all[0]![1]!;
  if (all.length > 1 || !/^(\[|\/)/.test(value)) throw new Refused('unreadable /Filter');
  const names = value.startsWith('[') ? value.slice(1, -1).trim().split(/\s+/).filter(Boolean) : [value];
  if (names.some((n) => !n.startsWith('/'))) throw new Refused('unreadable /Filter');
  return names;
}

function hexDecode(data: Buffer): Buffer {
  const text = data.toString('latin1');
  const end = text.indexOf('>');
  const digits = (end < 0 ? text : text.slice(0, end)).replace(/\s+/g, '');
  if (/[^0-9a-fA-F]/.test(digits)) throw new Refused('bad ASCIIHex data');
  return Buffer.from(digits.length % 2 ? `${digits}0` : digits, 'hex');
}

function a85Decode(data: Buffer): Buffer {
  let text = data.toString('latin1').replace(/\s+/g, '');
  if (text.startsWith('<~')) text = text.slice(2);
  const end = text.indexOf('~>');
  if (end >= 0) text = text.slice(0, end);
  const out: number[] = [];
  let group: number[] = [];
  for (const char of text) {
    if (char === 'z' && group.length === 0) {
      out.push(0, 0, 0, 0);
      continue;
    }
    const code = char.charCodeAt(0) - 33;
    if (code < 0 || code > 84) throw new Refused('bad ASCII85 data');
    group.push(code);
    if (group.length === 5) {
      const value = group.reduce((acc, c) => acc * 85 + c, 0);
      if (value > 0xffffffff) throw new Refused('bad ASCII85 data');
      out.push(value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255);
      group = [];
    }
  }
  if (group.length === 1) throw new Refused('bad ASCII85 data');
  if (group.length > 1) {
    const missing = 5 - group.length;
    const value = [...group, 84, 84, 84, 84].slice(0, 5).reduce((acc, c) => acc * 85 + c, 0);
    const bytes = [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
    out.push(...bytes.slice(0, 4 - missing));
  }
  return Buffer.from(out);
}

function runLengthDecode(data: Buffer, budget: number): Buffer {
  const out: Buffer[] = [];
  let size = 0;
  for (let i = 0; i < data.length; ) {
    const length = data[i]!;
    if (length === 128) break;
    const chunk = length < 128 ? data.subarray(i + 1, i + 2 + length) : Buffer.alloc(257 - length, data[i + 1] ?? 0);
    i += length < 128 ? 2 + length : 2;
    size += chunk.length;
    if (size > budget) throw new Refused('stream bomb');
    out.push(chunk);
  }
  return Buffer.concat(out);
}

function flateDecode(data: Buffer, budget: number): Buffer {
  try {
    // Sync flush: a stream cut short still yields what it holds, like readers do.
    return inflateSync(data, { maxOutputLength: Math.max(1, budget), finishFlush: constants.Z_SYNC_FLUSH });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new Refused('stream bomb');
    throw new Refused('undecodable Flate data');
  }
}

/** Undoes a PNG (10–15) or TIFF (2) predictor so that names written row by row can be read. */
function unpredict(data: Buffer, dict: string): Buffer {
  const predictor = integerEntry(dict, 'Predictor') ?? 1;
  if (predictor === 1) return data;
  const colors = integerEntry(dict, 'Colors') ?? 1;
  const bits = integerEntry(dict, 'BitsPerComponent') ?? 8;
  const columns = integerEntry(dict, 'Columns') ?? 1;
  const pixelBytes = Math.max(1, Math.ceil((colors * bits) / 8));
  const rowBytes = Math.ceil((colors * bits * columns) / 8);
  if (rowBytes <= 0 || rowBytes > 1 << 24) throw new Refused('unreadable predictor');
  if (predictor === 2) {
    if (bits !== 8) throw new Refused('unreadable predictor');
    const out = Buffer.from(data);
    for (let row = 0; row + rowBytes <= out.length; row += rowBytes) {
      for (let i = pixelBytes; i < rowBytes; i++) out[row + i] = (out[row + i]! + out[row + i - pixelBytes]!) & 255;
    }
    return out;
  }
  if (predictor < 10 || predictor > 15) throw new Refused('unreadable predictor');
  const rows = Math.floor(data.length / (rowBytes + 1));
  const out = Buffer.alloc(rows * rowBytes);
  for (let r = 0; r < rows; r++) {
    const type = data[r * (rowBytes + 1)]!;
    const source = r * (rowBytes + 1) + 1;
    const at = r * rowBytes;
    for (let i = 0; i < rowBytes; i++) {
      const raw = data[source + i]!;
      const left = i >= pixelBytes ? out[at + i - pixelBytes]! : 0;
      const up = r > 0 ? out[at - rowBytes + i]! : 0;
      const upLeft = r > 0 && i >= pixelBytes ? out[at - rowBytes + i - pixelBytes]! : 0;
      let value: number;
      if (type === 0) value = raw;
      else if (type === 1) value = raw + left;
      else if (type === 2) value = raw + up;
      else if (type === 3) value = raw + ((left + up) >> 1);
      else if (type === 4) {
        const p = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        value = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
      } else throw new Refused('unreadable predictor');
      out[at + i] = value & 255;
    }
  }
  return out;
}

/** An image XObject: its data is pixels, never read as PDF syntax (not an object stream in disguise). */
function isImage(dict: string): boolean {
  if (!new RegExp(`/Subtype${DELIMITER}\\s*/Image${DELIMITER}`).test(dict)) return false;
  const type = new RegExp(`/Type${DELIMITER}\\s*(/[^\\s/<>\\[\\]()]+)`).exec(dict)?.[1];
  return (type === undefined || type === '/XObject') && !/\/(N|First)(?=[\s/<>[\]()])/.test(dict);
}

type Stream = { dict: string; start: number; end: number };

/**
 * `text` with its literal and hex strings and comments blanked (same length), so that a
 * dictionary is read by its syntax and a `/Filter` written inside a string cannot pose as the real one.
 */
function withoutStrings(text: string): string {
  const out = text.split('');
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '(') {
      let depth = 0;
      let j = i;
      for (; j < text.length; j++) {
        const c = text[j];
        if (c === '\\') j++;
        else if (c === '(') depth++;
        else if (c === ')' && --depth === 0) break;
      }
      for (let k = i; k <= j && k < text.length; k++) out[k] = ' ';
      i = j;
    } else if (char === '<' && text[i + 1] !== '<' && text[i - 1] !== '<') {
      const j = text.indexOf('>', i);
      const stop = j < 0 ? text.length - 1 : j;
      for (let k = i; k <= stop; k++) out[k] = ' ';
      i = stop;
    } else if (char === '%') {
      let j = i;
      while (j < text.length && text[j] !== '\n' && text[j] !== '\r') out[j++] = ' ';
      i = j;
    }
  }
  return out.join('');
}

/** The dictionary that ends right before `at` (`<< … >>`, nested ones included), from string-free text. */
function dictionaryBefore(clean: string, at: number): string {
  let end = at;
  while (end > 0 && /\s/.test(clean[end - 1]!)) end--;
  if (clean.slice(end - 2, end) !== '>>') throw new Refused('unreadable stream dictionary');
  let depth = 0;
  for (let i = end - 2; i >= 0; i--) {
    if (clean.startsWith('>>', i)) {
      depth++;
      i--;
    } else if (clean.startsWith('<<', i)) {
      if (--depth === 0) return clean.slice(i, end);
      i--;
    }
  }
  throw new Refused('unreadable stream dictionary');
}

/** The stream's length: a direct integer, or the integer object it refers to. */
function streamLength(dict: string, text: string): number {
  const direct = new RegExp(`/Length${DELIMITER}\\s*(\\d+)(\\s+(\\d+)\\s+R)?`).exec(dict);
  if (!direct) throw new Refused('unreadable /Length');
  if (!direct[2]) return Number(direct[1]);
  const target = new RegExp(`(?:^|[^\\d])${direct[1]}\\s+${direct[3]}\\s+obj\\s*(\\d+)\\s*endobj`).exec(text);
  if (!target) throw new Refused('unreadable /Length');
  return Number(target[1]);
}

/**
 * Every stream of the file (dictionary, data from its `/Length`, which must end at `endstream`)
 * and the text outside them. A length that does not land on `endstream` is refused: the data a
 * reader takes must be the data scanned here.
 */
function streamsOf(buffer: Buffer): { streams: Stream[]; outside: string } {
  const text = buffer.toString('latin1');
  const streams: Stream[] = [];
  const outside: string[] = [];
  const keyword = /\bstream(\r\n|\n)/g;
  let last = 0;
  for (let m = keyword.exec(text); m; m = keyword.exec(text)) {
    const start = m.index + m[0].length;
    const segment = text.slice(last, m.index);
    const dict = unescapeNames(dictionaryBefore(withoutStrings(segment), segment.length));
    const end = start + streamLength(dict, text);
    if (end > text.length || !/^\s*endstream/.test(text.slice(end, end + 32))) throw new Refused('stream length mismatch');
    outside.push(segment);
    streams.push({ dict, start, end });
    last = text.indexOf('endstream', end) + 'endstream'.length;
    keyword.lastIndex = last;
  }
  outside.push(text.slice(last));
  return { streams, outside: outside.join('\n') };
}

/** Why the PDF is refused (a short reason for the log), or undefined when it may be stored. */
export function pdfProblem(bytes: Uint8Array): string | undefined {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    const { streams, outside } = streamsOf(buffer);
    scanText(outside);
    let budget = MAX_DECODED_BYTES;
    for (const { dict, start, end } of streams) {
      const filters = filtersOf(dict);
      const image = isImage(dict);
      if (image) {
        const pixels = (integerEntry(dict, 'Width') ?? 0) * (integerEntry(dict, 'Height') ?? 0);
        if (pixels <= 0 || pixels > MAX_PDF_IMAGE_PIXELS) throw new Refused('image size');
      }
      const codec = filters.at(-1);
      const decoded = image && codec && IMAGE_CODECS.has(codec) ? filters.slice(0, -1) : filters;
      if (decoded.some((f) => !DECODED_FILTERS[f])) throw new Refused(`filter ${decoded.find((f) => !DECODED_FILTERS[f])}`);
      if (decoded.length > 1 && integerEntry(dict, 'Predictor') !== undefined) throw new Refused('unreadable predictor');
      if (image) continue; // pixels: sized above, nothing to read in them
      const raw = buffer.subarray(start, end);
      const streamBudget = Math.min(budget, Math.max(RATIO_FLOOR_BYTES, raw.length * MAX_DECODE_RATIO));
      let data: Buffer = raw;
      for (const filter of decoded) {
        const kind = DECODED_FILTERS[filter];
        if (kind === 'flate') data = unpredict(flateDecode(data, streamBudget), dict);
        else if (kind === 'hex') data = hexDecode(data);
        else if (kind === 'a85') data = a85Decode(data);
        else data = runLengthDecode(data, streamBudget);
        if (data.length > streamBudget) throw new Refused('stream bomb');
      }
      budget -= data.length;
      scanText(data.toString('latin1'));
    }
    return undefined;
  } catch (error) {
    if (error instanceof Refused) return error.message;
    throw error;
  }
}
