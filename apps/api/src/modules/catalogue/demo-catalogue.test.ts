import { isValidMinsan } from '@farmacia/contract';
import { describe, expect, it } from 'vitest';
import type { CategoryNodeInput } from './catalogue-input.js';
import { slugify } from './catalogue-input.js';
import { CORE_PRODUCT_COUNT, DEMO_CATEGORY_TREE, generateCatalogue } from './demo-catalogue.js';

/** Every category path of the tree, as names joined by ' > '. */
function paths(nodes: readonly CategoryNodeInput[], above: string[] = []): string[] {
  return nodes.flatMap((n) => [[...above, n.name].join(' > '), ...paths(n.children ?? [], [...above, n.name])]);
}

describe('demo catalogue generator', () => {
  const products = generateCatalogue(5000);

  it('is deterministic', () => {
    expect(generateCatalogue(300)).toEqual(generateCatalogue(300));
    expect(generateCatalogue(300, 1)).not.toEqual(generateCatalogue(300, 2));
  });

  it('makes valid, distinct 9-digit codes and distinct names', () => {
    expect(products.every((p) => isValidMinsan(p.codice_ministeriale))).toBe(true);
    expect(new Set(products.map((p) => p.codice_ministeriale)).size).toBe(products.length);
    expect(new Set(products.map((p) => p.nome_prodotto)).size).toBe(products.length);
  });

  it('starts with the real brands, most popular first', () => {
    const small = generateCatalogue(CORE_PRODUCT_COUNT).map((p) => p.nome_prodotto);
    expect(small[0]).toBe('TACHIPIRINA 500 MG 20 CPR');
    for (const name of ['TACHIPIRINA 1000 MG 16 CPR', 'MOMENT 200 MG 12 CPR', 'OKI 80 MG 12 BUST', 'ENTEROGERMINA 2 MILIARDI/5 ML 10 FL', 'BENAGOL 16 PASTIGLIE MIELE LIMONE', 'VIVIN C 330 MG + 200 MG 20 CPR EFFERV', 'AULIN 100 MG 30 BUST', 'BRUFEN 600 MG 30 CPR RIV', 'SUPRADYN ENERGY 30 CPR EFFERV', 'BIODERMA SENSIBIO H2O 250 ML', 'AVÈNE EAU THERMALE SPRAY 150 ML', 'MUSTELA PASTA CAMBIO 1 2 3 100 ML', 'FRONTLINE COMBO CANI 10-20 KG 3 PIPETTE']) {
      expect(small).toContain(name);
    }
  });

  it('flags prescription medicines, SOP/OTC medicines and promotions consistently', () => {
    const rx = products.filter((p) => p.prescription_only);
    expect(rx.length).toBeGreaterThan(50);
    expect(rx.every((p) => !p.sop_otc && !p.promo)).toBe(true);
    expect(products.find((p) => p.nome_prodotto === 'TACHIPIRINA 1000 MG 16 CPR')?.prescription_only).toBe(true);
    expect(products.filter((p) => p.sop_otc).length).toBeGreaterThan(50);
    const promo = products.filter((p) => p.promo);
    expect(promo.length / products.length).toBeGreaterThan(0.02);
    expect(promo.every((p) => (p.list_price_cents ?? 0) > p.price_cents)).toBe(true);
    expect(products.every((p) => p.price_cents >= 50 && p.price_cents % 10 === 0)).toBe(true);
  });

  it('marks its homeopathics and its veterinary medicines without prescription medicines with neither flag, nothing else (decision 0699)', () => {
    const marked = products.filter((p) => p.medicine);
    const homeopathics = products.filter((p) => p.categorie?.[0] === 'Omeopatia');
    expect(homeopathics.length).toBeGreaterThan(20);
    expect(homeopathics.every((p) => p.medicine && !p.sop_otc && !p.prescription_only && p.codice_ministeriale.startsWith('8'))).toBe(true);
    const vetMedicines = products.filter((p) => p.categorie?.[1] === 'Farmaci veterinari' && !p.prescription_only);
    expect(vetMedicines.length).toBeGreaterThan(0);
    expect(vetMedicines.every((p) => p.medicine)).toBe(true);
    expect(marked.length).toBe(homeopathics.length + vetMedicines.length);
  });

  it('places every product in a category of the demo tree, some three and four levels deep', () => {
    const tree = new Set(paths(DEMO_CATEGORY_TREE));
    expect(products.every((p) => tree.has((p.categorie ?? []).join(' > ')))).toBe(true);
    expect(products.some((p) => p.categorie?.length === 3)).toBe(true);
    expect(products.some((p) => p.categorie?.length === 4)).toBe(true);
    expect(new Set(DEMO_CATEGORY_TREE.map((c) => slugify(c.name)))).toContain('mamma-e-bambino');
  });

  // How fast it is belongs to the bench (it feeds the 250,000-product runs), not to a timed test:
  // the generous limit only keeps a loaded shared machine from failing a correct generator.
  it('makes 250,000 distinct products', { timeout: 180_000 }, () => {
    const big = generateCatalogue(250_000);
    expect(big).toHaveLength(250_000);
    expect(new Set(big.map((p) => p.nome_prodotto)).size).toBe(250_000);
  });
});
