/**
 * Generated artwork for the demo pharmacies, served from the shop_media table: promotion pictures
 * as SVG (a few hundred bytes each), carousel slides drawn to PNG by the seed (decision 0647).
 */

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

export interface Artwork {
  title: string;
  subtitle: string;
  from: string;
  to: string;
  /** A simple pictogram: cross, heart, sun, calendar, leaf. */
  icon: 'cross' | 'heart' | 'sun' | 'calendar' | 'leaf';
}

const ICONS: Record<Artwork['icon'], string> = {
  cross: '<path d="M-30-90h60v60h60v60h-60v60h-60v-60h-60v-60h60z" fill="#fff" fill-opacity=".92"/>',
  heart:
    '<path d="M0 80C-70 30-100 0-100-40c0-30 22-52 50-52 22 0 38 12 50 30 12-18 28-30 50-30 28 0 50 22 50 52 0 40-30 70-100 120z" fill="#fff" fill-opacity=".92"/>',
  sun: '<circle r="55" fill="#fff" fill-opacity=".92"/><g stroke="#fff" stroke-opacity=".92" stroke-width="14" stroke-linecap="round"><path d="M0-80v-30M0 80v30M-80 0h-30M80 0h30M-57-57l-21-21M57 57l21 21M-57 57l-21 21M57-57l21-21"/></g>',
  calendar:
    '<rect x="-90" y="-75" width="180" height="160" rx="18" fill="#fff" fill-opacity=".92"/><rect x="-90" y="-75" width="180" height="45" rx="18" fill="#000" fill-opacity=".15"/><g fill="#000" fill-opacity=".25"><rect x="-65" y="-10" width="30" height="25" rx="4"/><rect x="-15" y="-10" width="30" height="25" rx="4"/><rect x="35" y="-10" width="30" height="25" rx="4"/><rect x="-65" y="30" width="30" height="25" rx="4"/><rect x="-15" y="30" width="30" height="25" rx="4"/></g>',
  leaf: '<path d="M-80 80C-80-40 0-100 100-100 100 0 40 80-80 80z" fill="#fff" fill-opacity=".92"/><path d="M-80 80L60-60" stroke="#000" stroke-opacity=".2" stroke-width="10"/>',
};

/**
 * The slides' PNG width (decision 0647): the size the carousel's markup declares (1200×500),
 * sharp on a 3× phone and on the 688-px column of a 2× desktop screen.
 */
export const SLIDE_PNG_WIDTH = 1200;

/**
 * A wide banner (1200×500) for the home carousel, drawn to PNG by the seed (decision 0647): its
 * text in the renderer's one font (DejaVu Sans), its gradient top to bottom — a PNG's rows then
 * repeat across and it stays ~32 KB, where the diagonal one made it ~120 KB.
 */
export function slideSvg(art: Artwork, shopName: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="500" viewBox="0 0 1200 500" role="img" aria-label="${escapeXml(art.title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${art.from}"/><stop offset="1" stop-color="${art.to}"/></linearGradient></defs>
<rect width="1200" height="500" fill="url(#g)"/>
<circle cx="1050" cy="80" r="220" fill="#fff" fill-opacity=".08"/><circle cx="980" cy="460" r="160" fill="#fff" fill-opacity=".06"/>
<g transform="translate(960 250)">${ICONS[art.icon]}</g>
<text x="70" y="210" font-size="64" font-weight="700" fill="#fff">${escapeXml(art.title)}</text>
<text x="70" y="280" font-size="36" fill="#fff" fill-opacity=".92">${escapeXml(art.subtitle)}</text>
<text x="70" y="440" font-size="26" fill="#fff" fill-opacity=".8">${escapeXml(shopName)}</text>
</svg>`;
}

/** A card picture (600×400) for a promotion. */
export function promotionSvg(art: Artwork): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400" viewBox="0 0 600 400" role="img" aria-label="${escapeXml(art.title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${art.from}"/><stop offset="1" stop-color="${art.to}"/></linearGradient></defs>
<rect width="600" height="400" fill="url(#g)"/>
<g transform="translate(300 160) scale(.9)">${ICONS[art.icon]}</g>
<text x="300" y="335" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="40" font-weight="700" fill="#fff">${escapeXml(art.subtitle)}</text>
</svg>`;
}
