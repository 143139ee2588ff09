// Draws the EU common logo for selling medicines at a distance (Reg. UE 699/2014) into
// src/components/eu-common-logo.png, which the app shows as an <img> (decision 0655): an inline SVG of ~25
// shapes and two lines of SVG text was the largest part of the seller strip's style, layout and
// paint task on every medicines page of a slow phone. Run it again after changing the drawing:
//   node apps/web/scripts/draw-eu-logo.mjs
// The text is set in DejaVu Sans from the npm package (as the API's drawn pictures, decision 0627),
// never the machine's fonts, so every run gives the same bytes.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';

/** Three device pixels per CSS pixel of the logo's 150 × 98 box (a 3× phone). */
const WIDTH = 450;
const require = createRequire(import.meta.url);
const fontFiles = [require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')];

const stars = Array.from({ length: 12 }, (_, i) => {
  const angle = (i * Math.PI) / 6;
  return `<circle cx="${44 + 13 * Math.sin(angle)}" cy="${33 - 13 * Math.cos(angle)}" r="2.2" fill="#ffcc00"/>`;
}).join('');
const bands = [0, 1, 2, 3, 4].map((i) => `<rect x="88" y="${14 + i * 9}" width="100" height="4" fill="#7a9a3a"/>`).join('');
const line = (y, text) => `<text x="100" y="${y}" text-anchor="middle" font-size="11" font-family="DejaVu Sans" fill="#1c2421">${text}</text>`;

const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 130" width="200" height="130">
<rect x="1" y="1" width="198" height="128" rx="4" fill="#fff" stroke="#5b5b5b" stroke-width="2"/>${bands}
<rect x="12" y="12" width="64" height="42" fill="#003399"/>${stars}
<rect x="12" y="60" width="21" height="16" fill="#009246"/>
<rect x="33" y="60" width="22" height="16" fill="#fff" stroke="#ccc" stroke-width=".5"/>
<rect x="55" y="60" width="21" height="16" fill="#ce2b37"/>
${line(92, 'Clicca per verificare se')}${line(107, 'questo sito web è legale')}
</svg>`;

const png = new Resvg(svg, { fitTo: { mode: 'width', value: WIDTH }, font: { fontFiles, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' } }).render().asPng();
const out = path.resolve(import.meta.dirname, '../src/components/eu-common-logo.png');
writeFileSync(out, png);
console.log(`${out}: ${png.length} bytes, ${WIDTH} px wide`);
