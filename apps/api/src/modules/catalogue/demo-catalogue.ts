import { minsanCheckDigit } from '@farmacia/contract';
import type { CatalogueProductInput, CategoryNodeInput } from './catalogue-input.js';
import coreLines from './demo-core-lines.json' with { type: 'json' };
import demoItems from './demo-items.json' with { type: 'json' };

/**
 * A deterministic, realistic Italian pharmacy catalogue for the demo seed, the tests and the
 * benchmark (decision 0164). The same seed and size always give the same products in the same
 * popularity order. The first products are hand-written lines of real brands (TACHIPIRINA,
 * MOMENT, OKI, ENTEROGERMINA, Bioderma, Frontline…); the rest are combined from brands, active
 * principles, lines, forms and packs, so 250,000 distinct names keep a few thousand words of
 * vocabulary, like a real catalogue. Codes are valid 9-digit AIC/minsan codes: medicines start
 * with 0, veterinary medicines with 10, homeopathics with 8, everything else with 9.
 */

// --- Seeded pseudo-random numbers --------------------------------------------------------------

/** mulberry32: tiny, fast, good enough for synthetic data, and identical on every platform. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

// --- Category tree -----------------------------------------------------------------------------

const c = (name: string, children?: CategoryNodeInput[], description?: string): CategoryNodeInput => ({
  name,
  ...(children ? { children } : {}),
  ...(description ? { description } : {}),
});

/** Two levels everywhere, three or four in some branches (spec §2: up to four levels). */
export const DEMO_CATEGORY_TREE: CategoryNodeInput[] = [
  c(
    'Farmaci da banco',
    [
      c('Dolore e febbre'),
      c('Raffreddore e influenza', [
        c('Naso chiuso'),
        c('Mal di gola'),
        c('Tosse', [c('Tosse secca'), c('Tosse grassa')]),
        c('Sintomi influenzali'),
      ]),
      c('Apparato digerente', [c('Acidità e bruciore'), c('Stitichezza'), c('Diarrea e fermenti')]),
      c('Allergie'),
      c('Pelle e mucose'),
      c('Dolori muscolari e articolari'),
    ],
    'Medicinali senza obbligo di prescrizione (SOP e OTC), acquistabili anche online.',
  ),
  c(
    'Farmaci con ricetta',
    [
      c('Antibiotici'),
      c('Cuore e circolazione'),
      c('Sistema nervoso'),
      c('Tiroide e ormoni'),
      c('Stomaco e intestino'),
      c('Dolore e infiammazione'),
    ],
    'Medicinali soggetti a prescrizione medica: si prenotano e si ritirano in farmacia con la ricetta.',
  ),
  c(
    'Integratori',
    [
      c('Vitamine e minerali', [c('Magnesio e potassio'), c('Vitamina C'), c('Vitamina D'), c('Multivitaminici')]),
      c('Fermenti lattici'),
      c('Energia e stanchezza'),
      c('Sonno e relax'),
      c('Articolazioni'),
      c('Difese immunitarie'),
      c('Bellezza di pelle e capelli'),
      c('Controllo del peso'),
    ],
    'Integratori alimentari per il benessere di tutti i giorni.',
  ),
  c(
    'Dermocosmesi',
    [
      c('Viso', [
        c('Detergenti viso'),
        c('Creme viso', [c('Idratanti'), c('Antirughe')]),
        c('Acne e impurità'),
        c('Contorno occhi'),
      ]),
      c('Corpo'),
      c('Solari'),
      c('Capelli'),
    ],
    'Cura della pelle e dei capelli con i marchi dermocosmetici della farmacia.',
  ),
  c('Igiene', [
    c('Igiene orale', [c('Dentifrici'), c('Collutori'), c('Spazzolini')]),
    c('Igiene intima'),
    c('Igiene corpo'),
    c('Incontinenza'),
  ]),
  c('Mamma e bambino', [
    c('Alimentazione infanzia', [c('Latte in polvere'), c('Pappe e omogeneizzati')]),
    c('Igiene e cambio'),
    c('Biberon e accessori'),
    c('Gravidanza e allattamento'),
  ]),
  c('Veterinaria', [c('Antiparassitari', [c('Cani'), c('Gatti')]), c('Cura e igiene animali'), c('Farmaci veterinari')]),
  c('Omeopatia', [c('Granuli e globuli'), c('Sciroppi e compresse omeopatiche')]),
  c('Sanitari', [
    c('Medicazione'),
    c('Misuratori e apparecchi', [c('Misuratori di pressione'), c('Termometri'), c('Aerosol')]),
    c('Ortopedia'),
  ]),
  c('Alimentazione', [c('Senza glutine'), c('Alimenti dietetici')]),
];

// --- Hand-written lines of real brands -----------------------------------------------------------

type Kind = 'otc' | 'rx' | 'para' | 'vet' | 'vetrx' | 'homeo';

interface Line {
  brand: string;
  maker: string;
  kind: Kind;
  /** Category names from level 1. */
  cat: string[];
  /** Variants appended to the brand; a leading '!' marks a prescription-only variant. */
  variants: string[];
  principle?: string;
  atc?: string;
  price: [number, number];
  /** Popularity weight: the higher, the nearer the top of the rank. */
  pop: number;
  use?: string;
}

const OTC_PAIN = ['Farmaci da banco', 'Dolore e febbre'];
const RX = (area: string) => ['Farmaci con ricetta', area];

/** The lines are data (demo-core-lines.json, one brand a line): the code only reads them. */
const CORE_LINES = coreLines as Line[];

// --- Combined families (the long tail) ----------------------------------------------------------

interface Principle {
  name: string;
  atc: string;
  rx: boolean;
  doses: string[];
  forms: string[];
  cat: string[];
  use: string;
}

const PRINCIPLES: Principle[] = [
  { name: 'PARACETAMOLO', atc: 'N02BE01 - Paracetamolo', rx: false, doses: ['500 MG', '1000 MG'], forms: ['CPR', 'CPR EFFERV', 'BUST', 'SUPP'], cat: OTC_PAIN, use: 'febbre e dolore' },
  { name: 'IBUPROFENE', atc: 'M01AE01 - Ibuprofene', rx: false, doses: ['200 MG', '400 MG'], forms: ['CPR RIV', 'CPS MOLLI', 'BUST'], cat: OTC_PAIN, use: 'dolore e infiammazione' },
  { name: 'KETOPROFENE', atc: 'M01AE03 - Ketoprofene', rx: false, doses: ['25 MG', '80 MG'], forms: ['BUST', 'CPR'], cat: OTC_PAIN, use: 'dolore e infiammazione' },
  { name: 'NAPROSSENE', atc: 'M01AE02 - Naprossene', rx: false, doses: ['220 MG'], forms: ['CPR RIV'], cat: OTC_PAIN, use: 'dolore' },
  { name: 'ACIDO ACETILSALICILICO', atc: 'N02BA01 - Acido acetilsalicilico', rx: false, doses: ['500 MG'], forms: ['CPR', 'CPR EFFERV'], cat: OTC_PAIN, use: 'dolore e febbre' },
  { name: 'DICLOFENAC', atc: 'M02AA15 - Diclofenac', rx: false, doses: ['1%', '2%'], forms: ['GEL', 'CEROTTI MEDICATI'], cat: ['Farmaci da banco', 'Dolori muscolari e articolari'], use: 'dolori muscolari e articolari' },
  { name: 'CETIRIZINA', atc: 'R06AE07 - Cetirizina', rx: false, doses: ['10 MG'], forms: ['CPR RIV', 'GTT'], cat: ['Farmaci da banco', 'Allergie'], use: 'sintomi allergici' },
  { name: 'LORATADINA', atc: 'R06AX13 - Loratadina', rx: false, doses: ['10 MG'], forms: ['CPR'], cat: ['Farmaci da banco', 'Allergie'], use: 'sintomi allergici' },
  { name: 'ACETILCISTEINA', atc: 'R05CB01 - Acetilcisteina', rx: false, doses: ['200 MG', '600 MG'], forms: ['BUST', 'CPR EFFERV'], cat: ['Farmaci da banco', 'Raffreddore e influenza', 'Tosse', 'Tosse grassa'], use: 'muco e catarro' },
  { name: 'AMBROXOLO', atc: 'R05CB06 - Ambroxolo', rx: false, doses: ['30 MG', '15 MG/5 ML'], forms: ['CPR', 'SCIR'], cat: ['Farmaci da banco', 'Raffreddore e influenza', 'Tosse', 'Tosse grassa'], use: 'tosse con catarro' },
  { name: 'DESTROMETORFANO', atc: 'R05DA09 - Destrometorfano', rx: false, doses: ['15 MG', '7,5 MG/5 ML'], forms: ['PASTIGLIE', 'SCIR'], cat: ['Farmaci da banco', 'Raffreddore e influenza', 'Tosse', 'Tosse secca'], use: 'tosse secca' },
  { name: 'XILOMETAZOLINA', atc: 'R01AA07 - Xilometazolina', rx: false, doses: ['0,1%', '0,05%'], forms: ['SPRAY NASALE', 'GTT NASALI'], cat: ['Farmaci da banco', 'Raffreddore e influenza', 'Naso chiuso'], use: 'naso chiuso' },
  { name: 'OSSIMETAZOLINA', atc: 'R01AA05 - Ossimetazolina', rx: false, doses: ['0,05%'], forms: ['SPRAY NASALE'], cat: ['Farmaci da banco', 'Raffreddore e influenza', 'Naso chiuso'], use: 'naso chiuso' },
  { name: 'LOPERAMIDE', atc: 'A07DA03 - Loperamide', rx: false, doses: ['2 MG'], forms: ['CPS', 'CPR OROSOLUBILI'], cat: ['Farmaci da banco', 'Apparato digerente', 'Diarrea e fermenti'], use: 'diarrea acuta' },
  { name: 'MACROGOL', atc: 'A06AD15 - Macrogol', rx: false, doses: ['10 G', '13,7 G'], forms: ['BUST'], cat: ['Farmaci da banco', 'Apparato digerente', 'Stitichezza'], use: 'stitichezza' },
  { name: 'LATTULOSIO', atc: 'A06AD11 - Lattulosio', rx: false, doses: ['66,7%'], forms: ['SCIR', 'BUST'], cat: ['Farmaci da banco', 'Apparato digerente', 'Stitichezza'], use: 'stitichezza' },
  { name: 'SIMETICONE', atc: 'A03AX13 - Silicone', rx: false, doses: ['40 MG', '120 MG'], forms: ['CPR MASTICABILI', 'CPS'], cat: ['Farmaci da banco', 'Apparato digerente'], use: 'gonfiore addominale' },
  { name: 'CLOTRIMAZOLO', atc: 'D01AC01 - Clotrimazolo', rx: false, doses: ['1%'], forms: ['CREMA', 'SPRAY'], cat: ['Farmaci da banco', 'Pelle e mucose'], use: 'micosi della pelle' },
  { name: 'IDROCORTISONE', atc: 'D07AA02 - Idrocortisone', rx: false, doses: ['0,5%', '1%'], forms: ['CREMA', 'POMATA'], cat: ['Farmaci da banco', 'Pelle e mucose'], use: 'irritazioni e pruriti della pelle' },
  { name: 'ACICLOVIR', atc: 'D06BB03 - Aciclovir', rx: false, doses: ['5%'], forms: ['CREMA'], cat: ['Farmaci da banco', 'Pelle e mucose'], use: 'herpes labiale' },
  { name: 'CLOREXIDINA', atc: 'A01AB03 - Clorexidina', rx: false, doses: ['0,2%', '0,12%'], forms: ['COLLUTORIO', 'SPRAY'], cat: ['Farmaci da banco', 'Raffreddore e influenza', 'Mal di gola'], use: 'igiene del cavo orale' },
  { name: 'AMOXICILLINA', atc: 'J01CA04 - Amoxicillina', rx: true, doses: ['1 G', '500 MG'], forms: ['CPR', 'CPS'], cat: RX('Antibiotici'), use: 'infezioni batteriche' },
  { name: 'AMOXICILLINA E ACIDO CLAVULANICO', atc: 'J01CR02 - Amoxicillina e inibitori enzimatici', rx: true, doses: ['875 MG + 125 MG'], forms: ['CPR RIV', 'BUST'], cat: RX('Antibiotici'), use: 'infezioni batteriche' },
  { name: 'AZITROMICINA', atc: 'J01FA10 - Azitromicina', rx: true, doses: ['500 MG', '250 MG'], forms: ['CPR RIV'], cat: RX('Antibiotici'), use: 'infezioni batteriche' },
  { name: 'CIPROFLOXACINA', atc: 'J01MA02 - Ciprofloxacina', rx: true, doses: ['500 MG', '250 MG'], forms: ['CPR RIV'], cat: RX('Antibiotici'), use: 'infezioni batteriche' },
  { name: 'ALPRAZOLAM', atc: 'N05BA12 - Alprazolam', rx: true, doses: ['0,25 MG', '0,5 MG', '1 MG'], forms: ['CPR'], cat: RX('Sistema nervoso'), use: 'stati d’ansia' },
  { name: 'LORAZEPAM', atc: 'N05BA06 - Lorazepam', rx: true, doses: ['1 MG', '2,5 MG'], forms: ['CPR'], cat: RX('Sistema nervoso'), use: 'stati d’ansia' },
  { name: 'SERTRALINA', atc: 'N06AB06 - Sertralina', rx: true, doses: ['50 MG', '100 MG'], forms: ['CPR RIV'], cat: RX('Sistema nervoso'), use: 'depressione' },
  { name: 'PAROXETINA', atc: 'N06AB05 - Paroxetina', rx: true, doses: ['20 MG'], forms: ['CPR RIV'], cat: RX('Sistema nervoso'), use: 'depressione' },
  { name: 'LEVOTIROXINA', atc: 'H03AA01 - Levotiroxina sodica', rx: true, doses: ['25 MCG', '50 MCG', '100 MCG'], forms: ['CPR'], cat: RX('Tiroide e ormoni'), use: 'ipotiroidismo' },
  { name: 'METFORMINA', atc: 'A10BA02 - Metformina', rx: true, doses: ['500 MG', '850 MG', '1000 MG'], forms: ['CPR RIV'], cat: RX('Tiroide e ormoni'), use: 'diabete di tipo 2' },
  { name: 'ATORVASTATINA', atc: 'C10AA05 - Atorvastatina', rx: true, doses: ['10 MG', '20 MG', '40 MG'], forms: ['CPR RIV'], cat: RX('Cuore e circolazione'), use: 'colesterolo alto' },
  { name: 'SIMVASTATINA', atc: 'C10AA01 - Simvastatina', rx: true, doses: ['20 MG', '40 MG'], forms: ['CPR RIV'], cat: RX('Cuore e circolazione'), use: 'colesterolo alto' },
  { name: 'RAMIPRIL', atc: 'C09AA05 - Ramipril', rx: true, doses: ['2,5 MG', '5 MG', '10 MG'], forms: ['CPR', 'CPS'], cat: RX('Cuore e circolazione'), use: 'ipertensione' },
  { name: 'AMLODIPINA', atc: 'C08CA01 - Amlodipina', rx: true, doses: ['5 MG', '10 MG'], forms: ['CPR'], cat: RX('Cuore e circolazione'), use: 'ipertensione' },
  { name: 'BISOPROLOLO', atc: 'C07AB07 - Bisoprololo', rx: true, doses: ['1,25 MG', '2,5 MG', '5 MG'], forms: ['CPR'], cat: RX('Cuore e circolazione'), use: 'ipertensione e scompenso' },
  { name: 'FUROSEMIDE', atc: 'C03CA01 - Furosemide', rx: true, doses: ['25 MG'], forms: ['CPR'], cat: RX('Cuore e circolazione'), use: 'edemi' },
  { name: 'OMEPRAZOLO', atc: 'A02BC01 - Omeprazolo', rx: true, doses: ['10 MG', '20 MG'], forms: ['CPS GASTRORES'], cat: RX('Stomaco e intestino'), use: 'reflusso e ulcera' },
  { name: 'PANTOPRAZOLO', atc: 'A02BC02 - Pantoprazolo', rx: true, doses: ['20 MG', '40 MG'], forms: ['CPR GASTRORES'], cat: RX('Stomaco e intestino'), use: 'reflusso e ulcera' },
  { name: 'LANSOPRAZOLO', atc: 'A02BC03 - Lansoprazolo', rx: true, doses: ['15 MG', '30 MG'], forms: ['CPS GASTRORES', 'CPR OROSOLUBILI'], cat: RX('Stomaco e intestino'), use: 'reflusso e ulcera' },
  { name: 'NIMESULIDE', atc: 'M01AX17 - Nimesulide', rx: true, doses: ['100 MG'], forms: ['BUST', 'CPR'], cat: RX('Dolore e infiammazione'), use: 'dolore acuto' },
  { name: 'ETORICOXIB', atc: 'M01AH05 - Etoricoxib', rx: true, doses: ['60 MG', '90 MG', '120 MG'], forms: ['CPR RIV'], cat: RX('Dolore e infiammazione'), use: 'artrosi e artrite' },
  { name: 'TIOCOLCHICOSIDE', atc: 'M03BX05 - Tiocolchicoside', rx: true, doses: ['4 MG', '8 MG'], forms: ['CPS', 'CPR OROSOLUBILI'], cat: RX('Dolore e infiammazione'), use: 'contratture muscolari' },
  { name: 'PREDNISONE', atc: 'H02AB07 - Prednisone', rx: true, doses: ['5 MG', '25 MG'], forms: ['CPR'], cat: RX('Tiroide e ormoni'), use: 'stati infiammatori' },
];

/** Generic manufacturers: [label in the name, company]. */
const GENERIC_MAKERS: [string, string][] = [
  ['DOC', 'DOC Generici'],
  ['EG', 'EG'],
  ['TEVA', 'Teva Italia'],
  ['SANDOZ', 'Sandoz'],
  ['MYLAN', 'Mylan'],
  ['ZENTIVA', 'Zentiva Italia'],
  ['AUROBINDO', 'Aurobindo Pharma Italia'],
  ['SUN', 'Sun Pharmaceutical Industries'],
  ['KRKA', 'Krka Farma'],
  ['ACCORD', 'Accord Healthcare Italia'],
  ['PENSA', 'Pensa Pharma'],
  ['ABC', 'ABC Farmaceutici'],
  ['ALMUS', 'Almus'],
  ['RATIOPHARM', 'Ratiopharm Italia'],
  ['HEXAL', 'Hexal'],
  ['GERMED', 'Germed Pharma'],
];
const PACKS = [6, 10, 12, 14, 16, 20, 24, 28, 30, 36, 40, 50, 60];

/** Real and plausible makers of supplements, cosmetics and hygiene products. */
const PARA_MAKERS = [
  'Alfasigma', 'Zambon', 'Dompé', 'A. Menarini', 'Angelini', 'Chiesi', 'Recordati', 'Italfarmaco', 'Montefarmaco', 'Sofar',
  'Aboca', 'Esi', 'Named', 'Bios Line', 'Pool Pharma', 'Giuliani', 'Istituto Ganassini', 'Pietrasanta Pharma', 'Humana Italia',
  'Chemist’s Research', 'Vemedia', 'Pharmextracta', 'Difass', 'Erbamea', 'Specchiasol', 'Solgar Italia', 'Arkopharma', 'Nathura',
  'Laboratori Legren', 'Cosval', 'Biogena', 'Farmaderbe', 'Dermophisiologique', 'Rougj Group', 'Ceramol', 'Euphidra',
];

const BRAND_HEADS = ['DERMA', 'NATUR', 'BIO', 'FLORA', 'VITA', 'FARMA', 'SALUS', 'CORPO', 'PURA', 'MEDI', 'ERBO', 'IDRA', 'LENI', 'SANA', 'ORTO', 'GASTRO', 'IMMUNO', 'ENER', 'OMEGA', 'CALMA', 'GINE', 'OSTEO', 'CARDIO', 'NEURO', 'EPI', 'CUTI', 'AQUA', 'SOLE', 'MARE', 'VERDE'];
const BRAND_TAILS = ['LIA', 'VIT', 'SAN', 'PLUS', 'GEN', 'FORTE', 'NOVA', 'LINE', 'TECH', 'CARE', 'ZEN', 'FIT', 'MED', 'DERM', 'FLOR', 'SOL', 'LAB', 'PHARMA', 'VITAL', 'ACTIVE'];

/** Synthetic brand names ('DERMALIA', 'NATURVIT'…): 600 of them, in a fixed order. */
function syntheticBrands(): string[] {
  const brands: string[] = [];
  for (const head of BRAND_HEADS) for (const tail of BRAND_TAILS) brands.push(head + tail);
  return brands;
}

interface Family {
  weight: number;
  make(rng: Rng, brands: string[]): Draft;
}

/** A product before its code, rank, price rounding and flags are settled. */
interface Draft {
  name: string;
  maker: string;
  kind: Kind;
  cat: string[];
  principle: string | null;
  atc: string | null;
  price: number;
  pop: number;
  description: string;
  degrassi: string;
}

const SUPPLEMENT_INGREDIENTS: [string, string[]][] = [
  ['MAGNESIO', ['Integratori', 'Vitamine e minerali', 'Magnesio e potassio']],
  ['MAGNESIO E POTASSIO', ['Integratori', 'Vitamine e minerali', 'Magnesio e potassio']],
  ['VITAMINA C', ['Integratori', 'Vitamine e minerali', 'Vitamina C']],
  ['VITAMINA D3', ['Integratori', 'Vitamine e minerali', 'Vitamina D']],
  ['VITAMINA B12', ['Integratori', 'Vitamine e minerali', 'Multivitaminici']],
  ['MULTIVITAMINICO', ['Integratori', 'Vitamine e minerali', 'Multivitaminici']],
  ['FERRO', ['Integratori', 'Vitamine e minerali']],
  ['ZINCO', ['Integratori', 'Difese immunitarie']],
  ['ACIDO FOLICO', ['Mamma e bambino', 'Gravidanza e allattamento']],
  ['OMEGA 3', ['Integratori', 'Energia e stanchezza']],
  ['FERMENTI LATTICI', ['Integratori', 'Fermenti lattici']],
  ['PROBIOTICI', ['Integratori', 'Fermenti lattici']],
  ['MELATONINA', ['Integratori', 'Sonno e relax']],
  ['VALERIANA', ['Integratori', 'Sonno e relax']],
  ['PASSIFLORA', ['Integratori', 'Sonno e relax']],
  ['GINSENG', ['Integratori', 'Energia e stanchezza']],
  ['PAPPA REALE', ['Integratori', 'Energia e stanchezza']],
  ['COENZIMA Q10', ['Integratori', 'Energia e stanchezza']],
  ['ECHINACEA', ['Integratori', 'Difese immunitarie']],
  ['PROPOLI', ['Integratori', 'Difese immunitarie']],
  ['COLLAGENE', ['Integratori', 'Articolazioni']],
  ['GLUCOSAMINA', ['Integratori', 'Articolazioni']],
  ['CURCUMA', ['Integratori', 'Articolazioni']],
  ['ACIDO IALURONICO', ['Integratori', 'Bellezza di pelle e capelli']],
  ['BIOTINA', ['Integratori', 'Bellezza di pelle e capelli']],
  ['CHERATINA', ['Integratori', 'Bellezza di pelle e capelli']],
  ['LUTEINA', ['Integratori', 'Energia e stanchezza']],
  ['MIRTILLO', ['Integratori', 'Energia e stanchezza']],
  ['CRANBERRY', ['Integratori', 'Difese immunitarie']],
  ['CARCIOFO', ['Integratori', 'Controllo del peso']],
  ['TE VERDE', ['Integratori', 'Controllo del peso']],
  ['GARCINIA', ['Integratori', 'Controllo del peso']],
  ['FIBRE', ['Integratori', 'Controllo del peso']],
  ['ALOE VERA', ['Integratori', 'Controllo del peso']],
  ['SPIRULINA', ['Integratori', 'Energia e stanchezza']],
];
const SUPPLEMENT_CLAIMS = ['', 'PLUS', 'FORTE', 'ACTIVE', 'JUNIOR', 'RETARD', 'COMPLEX', 'ADVANCED', 'RAPID', 'SENIOR', 'DONNA', 'UOMO', 'SPORT', 'DAILY'];
const SUPPLEMENT_PACKS = ['20 CPR', '30 CPR', '60 CPR', '90 CPR', '30 CPS', '60 CPS', '14 BUST', '20 BUST', '30 BUST', '10 FLACONCINI', '14 FLACONCINI', '150 ML SCIR', '200 ML SCIR', '30 ML GTT', '20 CPR EFFERV', '150 G POLVERE'];

const COSMETIC_LINES = ['IDRA', 'HYDRA', 'SENSITIVE', 'PURIFY', 'AGE REPAIR', 'LIFT', 'NUTRI', 'CALM', 'ATOPIC', 'SEBO', 'LUMIÈRE', 'VELOURS', 'CICA', 'UREA', 'THERMAL', 'BABY', 'MEN', 'OLEO', 'PRO', 'DERMO'];
const COSMETIC_TYPES: [string, string[], string[]][] = [
  ['CREMA VISO', ['Dermocosmesi', 'Viso', 'Creme viso', 'Idratanti'], ['40 ML', '50 ML']],
  ['CREMA ANTIRUGHE', ['Dermocosmesi', 'Viso', 'Creme viso', 'Antirughe'], ['30 ML', '50 ML']],
  ['SIERO', ['Dermocosmesi', 'Viso', 'Creme viso', 'Antirughe'], ['15 ML', '30 ML']],
  ['CONTORNO OCCHI', ['Dermocosmesi', 'Viso', 'Contorno occhi'], ['15 ML']],
  ['ACQUA MICELLARE', ['Dermocosmesi', 'Viso', 'Detergenti viso'], ['200 ML', '400 ML']],
  ['GEL DETERGENTE', ['Dermocosmesi', 'Viso', 'Detergenti viso'], ['150 ML', '200 ML', '400 ML']],
  ['MASCHERA', ['Dermocosmesi', 'Viso'], ['50 ML', '75 ML']],
  ['FLUIDO OPACIZZANTE', ['Dermocosmesi', 'Viso', 'Acne e impurità'], ['40 ML']],
  ['LATTE CORPO', ['Dermocosmesi', 'Corpo'], ['200 ML', '400 ML']],
  ['CREMA CORPO', ['Dermocosmesi', 'Corpo'], ['200 ML', '400 ML']],
  ['OLIO CORPO', ['Dermocosmesi', 'Corpo'], ['100 ML', '200 ML']],
  ['CREMA MANI', ['Dermocosmesi', 'Corpo'], ['50 ML', '75 ML']],
  ['BALSAMO LABBRA', ['Dermocosmesi', 'Corpo'], ['4 G', '15 ML']],
  ['SPRAY SOLARE SPF 30', ['Dermocosmesi', 'Solari'], ['150 ML', '200 ML']],
  ['CREMA SOLARE SPF 50+', ['Dermocosmesi', 'Solari'], ['50 ML', '75 ML']],
  ['DOPOSOLE', ['Dermocosmesi', 'Solari'], ['200 ML']],
  ['SHAMPOO', ['Dermocosmesi', 'Capelli'], ['200 ML', '400 ML']],
  ['BALSAMO CAPELLI', ['Dermocosmesi', 'Capelli'], ['150 ML', '200 ML']],
  ['LOZIONE ANTICADUTA', ['Dermocosmesi', 'Capelli'], ['12 FIALE', '100 ML']],
  ['DEODORANTE', ['Igiene', 'Igiene corpo'], ['50 ML', '100 ML']],
  ['BAGNO DOCCIA', ['Igiene', 'Igiene corpo'], ['250 ML', '500 ML']],
  ['DETERGENTE INTIMO', ['Igiene', 'Igiene intima'], ['200 ML', '250 ML']],
  ['DENTIFRICIO', ['Igiene', 'Igiene orale', 'Dentifrici'], ['75 ML', '100 ML']],
  ['COLLUTORIO', ['Igiene', 'Igiene orale', 'Collutori'], ['250 ML', '500 ML']],
];

const BABY_ITEMS = demoItems.BABY_ITEMS as [string, string[], [number, number]][];

const VET_ITEMS = demoItems.VET_ITEMS as [string, string[], [number, number], boolean][];

const HOMEO_REMEDIES = ['ARNICA MONTANA', 'NUX VOMICA', 'BELLADONNA', 'APIS MELLIFICA', 'GELSEMIUM', 'IGNATIA AMARA', 'CHAMOMILLA', 'PULSATILLA', 'RHUS TOXICODENDRON', 'BRYONIA', 'ACONITUM NAPELLUS', 'SEPIA', 'SULFUR', 'LYCOPODIUM', 'CALENDULA', 'FERRUM PHOSPHORICUM'];
const HOMEO_MAKERS: [string, string][] = [['BOIRON', 'Boiron'], ['GUNA', 'Guna'], ['HEEL', 'Heel Italia'], ['CEMON', 'Cemon'], ['LEHNING', 'Laboratoires Lehning']];
const HOMEO_DILUTIONS = ['4CH', '5CH', '7CH', '9CH', '12CH', '15CH', '30CH', '200K'];
const HOMEO_FORMS = ['GRANULI 4 G', 'GLOBULI 1 G', 'GOCCE 30 ML'];

const DEVICE_ITEMS = demoItems.DEVICE_ITEMS as [string, string[], [number, number]][];
const DEVICE_SIZES = ['', 'S', 'M', 'L', 'XL', 'TAGLIA UNICA', 'PLUS', 'COMFORT', 'EASY', 'PRO'];

const FOOD_ITEMS = demoItems.FOOD_ITEMS as [string, string[], [number, number]][];
const FOOD_VARIANTS = ['', 'CLASSICO', 'INTEGRALE', 'AL CACAO', 'AI CEREALI', 'BIO', 'ZERO', 'VANIGLIA', 'FRUTTI ROSSI', 'LIMONE'];

const between = (rng: Rng, [min, max]: [number, number]) => min + rng.next() * (max - min);
/** Joins name parts with single spaces, skipping the empty ones. */
const clean = (...parts: string[]) => parts.filter((part) => part !== '').join(' ');

/** The long name as the Italian drug databases write it: NAME*PACK FORM DOSE, compacted. */
function degrassiOf(name: string): string {
  return name.replace(/ (\d+) (CPR|CPS|BUST|SUPP|FL|FLACONCINI|PASTIGLIE|DOSI|PZ)\b/, '*$1$2').replace(/ MG\b/g, 'MG');
}

const FAMILIES: Family[] = [
  {
    // Generic medicines: PRINCIPLE MAKER DOSE PACK FORM.
    weight: 10,
    make(rng) {
      const p = rng.pick(PRINCIPLES);
      const [label, maker] = rng.pick(GENERIC_MAKERS);
      const dose = rng.pick(p.doses);
      const form = rng.pick(p.forms);
      const liquid = /SCIR|GTT|COLLUTORIO|SPRAY|GEL|CREMA|POMATA/.test(form);
      const pack = liquid ? rng.pick(['15 ML', '20 ML', '30 G', '100 ML', '150 ML', '200 ML']) : String(rng.pick(PACKS));
      const name = liquid ? `${p.name} ${label} ${dose} ${form} ${pack}` : `${p.name} ${label} ${dose} ${pack} ${form}`;
      return {
        name,
        maker,
        kind: p.rx ? 'rx' : 'otc',
        cat: p.cat,
        principle: p.name.toLowerCase(),
        atc: p.atc,
        price: between(rng, p.rx ? [2.5, 14] : [2.5, 9]),
        pop: 6 + rng.next() * 10,
        description: `Medicinale equivalente a base di ${p.name.toLowerCase()}, indicato per ${p.use}. ${p.rx ? 'Medicinale soggetto a prescrizione medica.' : 'Leggere attentamente il foglio illustrativo.'}`,
        degrassi: degrassiOf(name),
      };
    },
  },
  {
    // Supplements: BRAND INGREDIENT CLAIM PACK.
    weight: 28,
    make(rng, brands) {
      const brand = rng.pick(brands);
      const [ingredient, cat] = rng.pick(SUPPLEMENT_INGREDIENTS);
      const claim = rng.pick(SUPPLEMENT_CLAIMS);
      const name = clean(brand, ingredient, claim, rng.pick(SUPPLEMENT_PACKS));
      return { name, maker: rng.pick(PARA_MAKERS), kind: 'para', cat, principle: null, atc: null, price: between(rng, [6, 34]), pop: 2 + rng.next() * 8, description: `Integratore alimentare a base di ${ingredient.toLowerCase()}. Non superare la dose giornaliera consigliata; gli integratori non vanno intesi come sostituti di una dieta varia ed equilibrata.`, degrassi: degrassiOf(name) };
    },
  },
  {
    // Cosmetics and hygiene: BRAND LINE TYPE SIZE.
    weight: 36,
    make(rng, brands) {
      const brand = rng.pick(brands);
      const [type, cat, sizes] = rng.pick(COSMETIC_TYPES);
      const name = clean(brand, rng.pick(COSMETIC_LINES), type, rng.pick(sizes));
      return { name, maker: rng.pick(PARA_MAKERS), kind: 'para', cat, principle: null, atc: null, price: between(rng, [4.5, 42]), pop: 1 + rng.next() * 8, description: `${type.charAt(0)}${type.slice(1).toLowerCase()} dermatologicamente testato, senza parabeni. Adatto alle pelli sensibili.`, degrassi: degrassiOf(name) };
    },
  },
  {
    weight: 7,
    make(rng, brands) {
      const brand = rng.pick(brands.slice(0, 120));
      const [item, cat, price] = rng.pick(BABY_ITEMS);
      const name = clean(brand, 'BABY', item, rng.pick(['', 'NEW', 'SOFT', 'CLASSIC', 'NATURAL', 'PLUS']));
      return { name, maker: rng.pick(PARA_MAKERS), kind: 'para', cat, principle: null, atc: null, price: between(rng, price), pop: 2 + rng.next() * 6, description: 'Prodotto per la prima infanzia, testato sotto controllo pediatrico.', degrassi: degrassiOf(name) };
    },
  },
  {
    weight: 5,
    make(rng, brands) {
      const brand = rng.pick(brands.slice(200, 320));
      const [item, cat, price, rx] = rng.pick(VET_ITEMS);
      const name = clean(brand, 'VET', item, rng.pick(['', 'SMALL', 'MEDIUM', 'LARGE', 'PUPPY', 'SENIOR']));
      return { name, maker: rng.pick(PARA_MAKERS), kind: rx ? 'vetrx' : 'vet', cat, principle: null, atc: null, price: between(rng, price), pop: 1 + rng.next() * 5, description: 'Prodotto veterinario per cani e gatti. Leggere attentamente le avvertenze.', degrassi: degrassiOf(name) };
    },
  },
  {
    weight: 5,
    make(rng) {
      const [label, maker] = rng.pick(HOMEO_MAKERS);
      const remedy = rng.pick(HOMEO_REMEDIES);
      const name = `${label} ${remedy} ${rng.pick(HOMEO_DILUTIONS)} ${rng.pick(HOMEO_FORMS)}`;
      return { name, maker, kind: 'homeo', cat: ['Omeopatia', name.includes('GOCCE') ? 'Sciroppi e compresse omeopatiche' : 'Granuli e globuli'], principle: remedy.toLowerCase(), atc: null, price: between(rng, [6, 14]), pop: 1 + rng.next() * 5, description: `Medicinale omeopatico senza indicazioni terapeutiche approvate: ${remedy.toLowerCase()}.`, degrassi: degrassiOf(name) };
    },
  },
  {
    weight: 5,
    make(rng, brands) {
      const brand = rng.pick(brands.slice(300, 420));
      const [item, cat, price] = rng.pick(DEVICE_ITEMS);
      const name = clean(brand, item, rng.pick(DEVICE_SIZES));
      return { name, maker: rng.pick(PARA_MAKERS), kind: 'para', cat, principle: null, atc: null, price: between(rng, price), pop: 1 + rng.next() * 5, description: 'Dispositivo medico CE. Leggere attentamente le istruzioni per l’uso.', degrassi: degrassiOf(name) };
    },
  },
  {
    weight: 4,
    make(rng, brands) {
      const brand = rng.pick(brands.slice(420));
      const [item, cat, price] = rng.pick(FOOD_ITEMS);
      const name = clean(brand, item, rng.pick(FOOD_VARIANTS));
      return { name, maker: rng.pick(PARA_MAKERS), kind: 'para', cat, principle: null, atc: null, price: between(rng, price), pop: 1 + rng.next() * 4, description: 'Alimento a fini medici speciali o dietetico. Conservare in luogo fresco e asciutto.', degrassi: degrassiOf(name) };
    },
  },
];

// --- Assembly -----------------------------------------------------------------------------------

/** Rounds a price to 10 cents, never below 0,50 €. */
function priceCents(euro: number): number {
  return Math.max(50, Math.round(euro * 10) * 10);
}

const CODE_PREFIX: Record<Kind, string> = { otc: '0', rx: '0', vet: '10', vetrx: '10', homeo: '8', para: '9' };

function newCode(rng: Rng, kind: Kind, used: Set<string>): string {
  const prefix = CODE_PREFIX[kind];
  for (;;) {
    let body = prefix;
    while (body.length < 8) body += String(rng.int(0, 9));
    const code = body + String(minsanCheckDigit(body));
    if (!used.has(code)) {
      used.add(code);
      return code;
    }
  }
}

function coreDrafts(): Draft[] {
  const drafts: Draft[] = [];
  for (const line of CORE_LINES) {
    line.variants.forEach((variant, index) => {
      const rxVariant = variant.startsWith('!');
      const name = `${line.brand} ${variant.replace(/^!/, '')}`;
      const kind: Kind = rxVariant ? 'rx' : line.kind;
      const medicine = kind === 'otc' || kind === 'rx';
      // A prescription pack of an OTC line (TACHIPIRINA 1000 MG) sits with the prescription medicines.
      const cat = rxVariant && line.kind === 'otc' ? RX('Dolore e infiammazione') : line.cat;
      const share = line.variants.length > 1 ? index / (line.variants.length - 1) : 0;
      drafts.push({
        name,
        maker: line.maker,
        kind,
        cat,
        principle: line.principle ?? null,
        atc: line.atc ?? null,
        price: line.price[0] + (line.price[1] - line.price[0]) * share,
        // The first variant of a line is its best seller.
        pop: 1000 + line.pop * 10 - index * 3,
        description: medicine
          ? `${name.charAt(0)}${name.slice(1).toLowerCase()} è un medicinale a base di ${line.principle}, indicato per ${line.use ?? 'i disturbi descritti nel foglio illustrativo'}. ${kind === 'rx' ? 'Medicinale soggetto a prescrizione medica: si prenota e si ritira in farmacia con la ricetta.' : 'Medicinale senza obbligo di prescrizione: leggere attentamente il foglio illustrativo.'}`
          : `${line.brand} di ${line.maker}: ${variant.replace(/^!/, '').toLowerCase()}.`,
        degrassi: degrassiOf(name),
      });
    });
  }
  return drafts;
}

export const DEMO_CATALOGUE_SEED = 20_260_301;

/** How many hand-written products of real brands the catalogue starts with. */
export const CORE_PRODUCT_COUNT = coreDrafts().length;

/**
 * `n` products, most popular first (the position is the rank). The hand-written real brands come
 * first, so even a small catalogue (tests: 500) holds TACHIPIRINA, MOMENT, OKI, AULIN….
 */
export function generateCatalogue(n: number, seed = DEMO_CATALOGUE_SEED): CatalogueProductInput[] {
  const rng = new Rng(seed);
  const brands = syntheticBrands();
  const names = new Set<string>();
  const drafts: Draft[] = [];
  for (const draft of coreDrafts()) {
    if (drafts.length >= n) break;
    names.add(draft.name);
    drafts.push(draft);
  }
  // A family whose combinations run out (homeopathics have a few thousand) stops being drawn
  // after a run of collisions, so 250,000 products never spin on duplicates.
  const live = FAMILIES.map((family) => ({ family, misses: 0 }));
  while (drafts.length < n) {
    const open = live.filter((l) => l.misses < 40);
    if (open.length === 0) throw new Error(`generateCatalogue: cannot make ${n} distinct products`);
    let roll = rng.next() * open.reduce((sum, l) => sum + l.family.weight, 0);
    let pick = open[open.length - 1] as (typeof open)[number];
    for (const l of open) {
      roll -= l.family.weight;
      if (roll < 0) {
        pick = l;
        break;
      }
    }
    const draft = pick.family.make(rng, brands);
    if (names.has(draft.name)) {
      pick.misses++;
      continue;
    }
    pick.misses = 0;
    names.add(draft.name);
    drafts.push(draft);
  }
  // Popularity order: core lines first, then the long tail by its drawn weight.
  // Popularity order, ties by draw order; a typed index array sorts 250,000 quickly.
  const pops = Float64Array.from(drafts, (d) => d.pop);
  const order = Uint32Array.from(drafts, (_, i) => i).sort((a, b) => (pops[b] as number) - (pops[a] as number) || a - b);

  const codes = new Set<string>();
  return Array.from(order, (index) => {
    const d = drafts[index] as Draft;
    const prescription = d.kind === 'rx' || d.kind === 'vetrx';
    // Homeopathics and the veterinary medicines sold without prescription are medicines with
    // neither flag (decision 0699); the other veterinary products (shampoos, collars) are not.
    const otherMedicine = d.kind === 'homeo' || (d.kind === 'vet' && d.cat.includes('Farmaci veterinari'));
    const promo = !prescription && rng.chance(0.05);
    const price = priceCents(d.price);
    const discount = rng.pick([0.1, 0.15, 0.2, 0.25, 0.3]);
    const stock = rng.chance(0.07) ? 0 : Math.min(150, Math.floor(1 + -Math.log(1 - rng.next()) * 25));
    return {
      codice_ministeriale: newCode(rng, d.kind, codes),
      nome_prodotto: d.name,
      descrizione: d.description,
      descrizione_ditta_1_produttrice: d.maker,
      descrizione_atc: d.atc,
      descrizione_estesa_degrassi: d.degrassi,
      descrizione_pricipio_attivo: d.principle,
      categorie: d.cat,
      price_cents: price,
      list_price_cents: promo ? priceCents(price / 100 / (1 - discount)) : null,
      stock,
      image: null,
      prescription_only: prescription,
      sop_otc: d.kind === 'otc',
      medicine: otherMedicine,
      promo,
    };
  });
}
