import { createHash } from 'node:crypto';
import { PRODUCT_PICTURE_WIDTHS, type ProductPictureWidth, productPictureMessages } from '@farmacia/contract';
import { PictureCache, pngOf } from './drawn-picture.js';

/**
 * Product pictures (decision 0168). A real pharmacy takes them from a leaflet image service
 * (LEAFLET_IMAGE_BASE_URL): the API fetches and relays them, so the app only ever loads images
 * from its own origin (CSP img-src 'self') and a slow or missing service never breaks a page.
 * Without the service — the demo, or a product it has no picture of — the API draws one: a pack
 * shaped after the product's form, in a colour of its own, with the brand's initials and name,
 * served as a PNG of the width asked (decision 0627: an SVG `<img>` is a document of its own on the
 * phone's main thread; a PNG is decoded off it).
 */

export interface ProductImage {
  bytes: Buffer;
  contentType: string;
  etag: string;
  /** Seconds browsers and proxies may keep it. */
  maxAge: number;
}

export interface ImageSubject {
  codice_ministeriale: string;
  nome_prodotto: string;
  /** File name or URL in the leaflet service, when the catalogue names one. */
  image: string | null;
}

const etagOf = (bytes: Buffer | string) => `"${createHash('sha1').update(bytes).digest('base64url').slice(0, 22)}"`;

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

type Shape = 'box' | 'bottle' | 'tube' | 'spray' | 'sachet' | 'jar';

const forms = productPictureMessages.forms;

/** Pharmacy abbreviations of forms → the label to print and the pack to draw. */
const FORMS: [RegExp, string, Shape][] = [
  [/\bCPR EFFERV\b/, forms.effervescentTablets, 'box'],
  [/\bCPR\b|\bCOMPRESSE\b/, forms.tablets, 'box'],
  [/\bCPS\b|\bCAPSULE\b/, forms.capsules, 'box'],
  [/\bBUST\b|\bBUSTINE\b/, forms.sachets, 'sachet'],
  [/\bSCIR\b|\bSCIROPPO\b|\bSOSP\b/, forms.syrup, 'bottle'],
  [/\bGTT\b|\bGOCCE\b/, forms.drops, 'bottle'],
  [/\bFL\b|\bFLACONCINI\b|\bFIALE\b/, forms.vials, 'bottle'],
  [/\bSUPP\b/, forms.suppositories, 'box'],
  [/\bSPRAY\b/, forms.spray, 'spray'],
  [/\bCREMA\b|\bPOMATA\b|\bPASTA\b|\bUNGUENTO\b/, forms.cream, 'tube'],
  [/\bGEL\b/, forms.gel, 'tube'],
  [/\bCOLLUTORIO\b|\bSHAMPOO\b|\bDETERGENTE\b|\bLATTE\b|\bOLIO\b|\bACQUA\b|\bH2O\b/, forms.bottle, 'bottle'],
  [/\bPASTIGLIE\b|\bGRANULI\b|\bGLOBULI\b|\bDOSI\b/, forms.lozenges, 'box'],
  [/\bPOLVERE\b|\bPOLV\b|\bG\b/, forms.pack, 'jar'],
];

const SHAPES: Record<Shape, string> = {
  box: '<rect x="110" y="70" width="180" height="150" rx="10" fill="#fff" fill-opacity=".94"/><path d="M110 70l25-25h180l-25 25z" fill="#fff" fill-opacity=".7"/><path d="M290 70l25-25v150l-25 25z" fill="#fff" fill-opacity=".55"/>',
  bottle:
    '<rect x="170" y="40" width="60" height="32" rx="6" fill="#fff" fill-opacity=".75"/><rect x="135" y="72" width="130" height="160" rx="24" fill="#fff" fill-opacity=".94"/>',
  tube: '<path d="M120 70h160l-20 150h-120z" fill="#fff" fill-opacity=".94"/><rect x="175" y="220" width="50" height="22" rx="4" fill="#fff" fill-opacity=".75"/>',
  spray:
    '<rect x="160" y="70" width="80" height="165" rx="18" fill="#fff" fill-opacity=".94"/><rect x="180" y="40" width="40" height="30" rx="5" fill="#fff" fill-opacity=".75"/><rect x="220" y="48" width="26" height="8" rx="3" fill="#fff" fill-opacity=".75"/>',
  sachet:
    '<path d="M115 60h170v170h-170z" fill="#fff" fill-opacity=".94"/><path d="M115 60h170v14h-170zM115 216h170v14h-170z" fill="#000" fill-opacity=".08"/>',
  jar: '<rect x="130" y="60" width="140" height="30" rx="8" fill="#fff" fill-opacity=".75"/><rect x="120" y="90" width="160" height="140" rx="18" fill="#fff" fill-opacity=".94"/>',
};

/** Up to two letters standing for the brand: initials of its first two words, or its first two letters. */
export function brandInitials(name: string): string {
  const words = name.toUpperCase().match(/[\p{L}]+/gu) ?? [];
  const brand = [];
  for (const w of name.toUpperCase().split(/\s+/)) {
    if (/\d/.test(w)) break;
    brand.push(w);
  }
  const brandWords = brand.flatMap((w) => w.match(/[\p{L}]+/gu) ?? []);
  const source = brandWords.length > 0 ? brandWords : words;
  if (source.length >= 2) return `${source[0]?.[0] ?? ''}${source[1]?.[0] ?? ''}`;
  return (source[0] ?? '?').slice(0, 2);
}

/** Splits a name into at most two lines of about `width` characters, the second cut with '…'. */
function twoLines(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
      if (lines.length === 2) break;
    } else line = line ? `${line} ${word}` : word;
  }
  if (lines.length < 2 && line) lines.push(line);
  if (lines.length === 2 && lines.join(' ').length < text.length) {
    lines[1] = `${(lines[1] as string).slice(0, width - 1)}…`;
  }
  return lines;
}

/**
 * The drawing of a product, 400×400, to be rendered `width` pixels wide: a flat colour from the
 * code (a gradient made the PNG three to four times larger), the pack, the brand's initials; at the
 * page's width also the name and the form in words — at a list's width they would be a few pixels
 * high, and the list names the product beside the picture. Text in the one font the renderer is
 * given (drawn-picture.ts), never a system font.
 */
export function productSvg(subject: Pick<ImageSubject, 'codice_ministeriale' | 'nome_prodotto'>, width: ProductPictureWidth): string {
  const name = subject.nome_prodotto.toUpperCase();
  const [, formLabel, shape] = FORMS.find(([pattern]) => pattern.test(name)) ?? [null, productPictureMessages.product, 'box' as Shape];
  const hash = createHash('sha1').update(subject.codice_ministeriale).digest();
  const hue = ((hash[0] as number) * 256 + (hash[1] as number)) % 360;
  const colour = `hsl(${hue} 55% 42%)`;
  const text = (y: number, size: number, fill: string, content: string, weight = 'bold') =>
    `<text x="200" y="${y}" text-anchor="middle" font-size="${size}" font-weight="${weight}" fill="${fill}">${escapeXml(content)}</text>`;
  const thumbnail = width === PRODUCT_PICTURE_WIDTHS.list;
  const pack = `${SHAPES[shape]}\n${text(170, 56, colour, brandInitials(subject.nome_prodotto))}`;
  // Without words the pack fills the thumbnail, centred.
  const words = thumbnail
    ? []
    : [
          ...twoLines(subject.nome_prodotto, 26).map((line, i) => text(290 + 28 * i, 20, '#fff', line)),
          `<text x="200" y="362" text-anchor="middle" font-size="17" fill="#fff" fill-opacity=".85">${escapeXml(`${formLabel} · ${subject.codice_ministeriale}`)}</text>`,
        ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
<rect width="400" height="400" rx="24" fill="${colour}"/>
${thumbnail ? `<g transform="translate(200 200) scale(1.3) translate(-212 -141)">${pack}</g>` : pack}
${words.join('\n')}
</svg>`;
}

/** Longest picture relayed from the leaflet service. */
const MAX_REMOTE_BYTES = 5 * 1024 * 1024;
const REMOTE_TIMEOUT_MS = 3000;
/** Relayed pictures kept in memory, so a popular product does not hit the service each time. */
const CACHE_ENTRIES = 200;
/**
 * Drawn pictures kept in memory: a thumbnail is ~2 KB and takes ~2 ms to draw, a page-size picture
 * ~16 KB and ~25 ms (decision 0627). 16 MB keeps every thumbnail of a few thousand products.
 */
const DRAWN_BYTES = 16 * 1024 * 1024;

/** Where product pictures come from: the leaflet image service if configured, else the drawing. */
export class ProductImages {
  private readonly cache = new Map<string, ProductImage>();
  private readonly drawn = new PictureCache(DRAWN_BYTES);

  /**
   * @param baseUrl the leaflet service: `{code}` in it is replaced by the code, otherwise the
   *   code (or the product's image file name) is appended.
   */
  constructor(
    private readonly baseUrl: string | undefined,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  /** `width`: what a drawn picture is drawn at; a relayed photo is relayed as it is (decision 0168). */
  async image(subject: ImageSubject, width: ProductPictureWidth = PRODUCT_PICTURE_WIDTHS.page): Promise<ProductImage> {
    const remote = this.baseUrl ? await this.fromLeaflet(subject, this.baseUrl) : null;
    if (remote) return remote;
    // The name is in the key: a renamed product is drawn anew.
    const drawn = await this.drawn.get(`${subject.codice_ministeriale}\n${width}\n${subject.nome_prodotto}`, async () => {
      const png = await pngOf(productSvg(subject, width), width);
      return { png, etag: etagOf(png) };
    });
    // A drawing stands in for a missing picture: kept briefly, so a picture added later shows up.
    return { bytes: drawn.png, contentType: 'image/png', etag: drawn.etag, maxAge: this.baseUrl ? 600 : 86_400 };
  }

  /** The URL of a product's picture in the leaflet service; a foreign absolute URL is not followed. */
  urlFor(subject: ImageSubject, baseUrl: string): string | null {
    const base = new URL(baseUrl.replace('{code}', encodeURIComponent(subject.codice_ministeriale)));
    if (subject.image) {
      try {
        const named = new URL(subject.image, baseUrl.includes('{code}') ? base : `${base.href.replace(/\/?$/, '/')}`);
        return named.origin === base.origin ? named.href : null;
      } catch {
        return null;
      }
    }
    return baseUrl.includes('{code}') ? base.href : `${base.href.replace(/\/?$/, '/')}${subject.codice_ministeriale}`;
  }

  private async fromLeaflet(subject: ImageSubject, baseUrl: string): Promise<ProductImage | null> {
    const url = this.urlFor(subject, baseUrl);
    if (!url) return null;
    const cached = this.cache.get(url);
    if (cached) {
      this.cache.delete(url);
      this.cache.set(url, cached); // most recently used last
      return cached;
    }
    try {
      const response = await this.fetchImpl(url, { signal: AbortSignal.timeout(REMOTE_TIMEOUT_MS), redirect: 'error' });
      const type = response.headers.get('content-type')?.split(';')[0]?.trim() ?? '';
      if (!response.ok || !/^image\/(png|jpeg|gif|webp|avif)$/.test(type)) return null;
      const declared = Number(response.headers.get('content-length') ?? 0);
      if (declared > MAX_REMOTE_BYTES) return null;
      const bytes = Buffer.from(await response.arrayBuffer());
      if (bytes.length === 0 || bytes.length > MAX_REMOTE_BYTES) return null;
      const image = { bytes, contentType: type, etag: etagOf(bytes), maxAge: 86_400 };
      this.cache.set(url, image);
      if (this.cache.size > CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value as string);
      return image;
    } catch {
      return null;
    }
  }
}
