import type { CatalogueProductInput } from '../src/modules/catalogue/catalogue-input.js';
import { Rng } from '../src/modules/catalogue/demo-catalogue.js';

/**
 * The fixed query mix of `npm run bench` (docs/benchmarks.md): what customers type into the
 * search box of a pharmacy app, drawn deterministically from the catalogue itself — prefixes
 * while typing, full product names, typos, active principles, manufacturers, several words,
 * exact codes, substrings, and deep pages of broad words. Each entry is a URL path of
 * `GET /api/product/search`, page size 10 as the app uses it.
 */

export interface MixEntry {
  kind: string;
  path: string;
}

const PRINCIPLES = [
  'paracetamolo', 'ibuprofene', 'ketoprofene', 'nimesulide', 'acido acetilsalicilico', 'cetirizina', 'loratadina',
  'diclofenac', 'acetilcisteina', 'ambroxolo', 'destrometorfano', 'xilometazolina', 'loperamide', 'macrogol',
  'simeticone', 'clotrimazolo', 'idrocortisone', 'aciclovir', 'clorexidina', 'amoxicillina', 'azitromicina',
  'ciprofloxacina', 'alprazolam', 'lorazepam', 'sertralina', 'paroxetina', 'levotiroxina', 'metformina',
  'atorvastatina', 'simvastatina', 'ramipril', 'amlodipina', 'bisoprololo', 'furosemide', 'omeprazolo',
  'pantoprazolo', 'lansoprazolo', 'etoricoxib', 'tiocolchicoside', 'prednisone', 'bacillus clausii', 'flurbiprofene',
];

const MAKERS = [
  'angelini', 'dompe', 'sanofi', 'bayer', 'menarini', 'zambon', 'pfizer', 'mylan', 'haleon', 'reckitt',
  'doc generici', 'teva', 'sandoz', 'zentiva', 'aurobindo', 'krka', 'accord', 'alfasigma', 'aboca', 'esi',
  'boiron', 'guna', 'beiersdorf', 'pierre fabre', 'loreal', 'naos', 'artsana', 'elanco', 'omron', 'montefarmaco',
];

const MULTI_WORD = [
  'tachipirina 500', 'tachipirina 1000', 'moment 200', 'oki task', 'enterogermina 2 miliardi', 'vivin c',
  'crema viso', 'magnesio potassio', 'vitamina c', 'vitamina d3', 'fermenti lattici', 'spray nasale',
  'crema solare spf 50', 'latte corpo', 'gel detergente', 'acqua micellare', 'shampoo anticaduta',
  'misuratore di pressione', 'termometro digitale', 'pasta cambio', 'latte 1 in polvere', 'collare cani',
  'pipette gatti', 'arnica montana 9ch', 'senza glutine', 'omega 3', 'acido ialuronico', 'pappa reale',
  'mal di gola', 'tosse secca', 'paracetamolo 500 mg', 'ibuprofene 400', 'aulin 100 mg', 'bioderma sensibio',
  'la roche posay effaclar', 'avene eau thermale', 'frontline combo', 'supradyn energy', 'polase plus',
];

const BROAD = ['crema', 'cpr', 'spray', 'gel', 'bust', 'shampoo', 'siero', 'vitamina', 'magnesio', 'plus', 'forte', 'ml'];

/** A typo of a word: a letter dropped, two swapped or one replaced, at a drawn position. */
function typo(word: string, rng: Rng): string {
  const at = rng.int(1, word.length - 2);
  switch (rng.int(0, 2)) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + word.charAt(at + 1) + word.charAt(at) + word.slice(at + 2);
    default:
      return word.slice(0, at) + String.fromCharCode(97 + ((word.charCodeAt(at) - 97 + rng.int(1, 25)) % 26)) + word.slice(at + 1);
  }
}

const lettersOnly = (w: string) => /^[a-zà-ü]+$/i.test(w);

export function buildQueryMix(products: readonly CatalogueProductInput[], seed = 7): MixEntry[] {
  const rng = new Rng(seed);
  const entries = new Map<string, MixEntry>();
  const add = (kind: string, q: string, p = 1) => {
    const path = `/api/product/search?q=${encodeURIComponent(q)}&rpp=10&p=${p}`;
    if (!entries.has(path)) entries.set(path, { kind, path });
  };
  const sample = (from: number, to: number) => products[rng.int(from, Math.min(to, products.length) - 1)] as CatalogueProductInput;
  const brandWords = (p: CatalogueProductInput) => p.nome_prodotto.toLowerCase().split(/\s+/).filter(lettersOnly);

  // Popular products are searched more: draw mostly from the top of the rank.
  for (let i = 0; entries.size < 90 && i < 2000; i++) {
    const word = brandWords(sample(0, i % 3 === 0 ? products.length : 3000))[0];
    if (word && word.length >= 4) add('prefix', word.slice(0, rng.int(3, Math.min(6, word.length))));
  }
  for (let i = 0; i < 90; i++) add('full name', sample(0, i % 2 === 0 ? 3000 : products.length).nome_prodotto.toLowerCase());
  for (let i = 0, made = 0; made < 80 && i < 2000; i++) {
    const word = brandWords(sample(0, i % 2 === 0 ? 3000 : products.length)).find((w) => w.length >= 6);
    if (!word) continue;
    add('typo', typo(word, rng));
    made++;
  }
  for (const principle of PRINCIPLES) add('active principle', principle);
  for (const maker of MAKERS) add('manufacturer', maker);
  for (const words of MULTI_WORD) add('multi-word', words);
  for (let i = 0; i < 80; i++) {
    const words = sample(0, products.length).nome_prodotto.toLowerCase().split(/\s+/);
    const start = rng.int(0, Math.max(0, words.length - 2));
    add('multi-word', words.slice(start, start + rng.int(2, 3)).join(' '));
  }
  for (let i = 0; i < 30; i++) add('code', sample(0, products.length).codice_ministeriale);
  for (let i = 0, made = 0; made < 30 && i < 1000; i++) {
    const word = brandWords(sample(0, 3000)).find((w) => w.length >= 8);
    if (!word) continue;
    const from = rng.int(2, word.length - 5);
    add('substring', word.slice(from, from + 5));
    made++;
  }
  for (const word of BROAD) {
    add('broad', word);
    for (const p of [5, 20, 80, 200, 600]) add('deep page', word, p);
  }
  return [...entries.values()];
}
