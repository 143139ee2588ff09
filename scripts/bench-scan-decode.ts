// The scanner's robustness bench, run by scripts/bench-scan.mjs under tsx: degraded pictures of
// real formats (the memo's Code 39 NRE and fiscal code, a box's Code 32 and EAN-13, the FMD's GS1
// DataMatrix) read by the dialog's own decoder (zxing-cpp in WebAssembly) and the dialog's own
// frame logic. Prints one JSON line: per picture decoded or not, wrong values, timings.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { aicToCode32, readPackBarcode, type PackBarcodeFormat } from '@farmacia/contract';
import { prepareZXingModule } from 'zxing-wasm/reader';
import { addMemoFrame, CAMERA_SIGHTINGS, EMPTY_MEMO_PROGRESS, firstPackRead } from '../apps/web/src/components/scan/collect';
import { SCAN_FORMATS } from '../apps/web/src/components/scan/scan-formats';
import { zxingReader } from '../apps/web/src/components/scan/zxing-read';
import { readAllPasses } from '../apps/web/src/components/scan/decoder';
import { barcodePng, framePixels } from './scan-images.mjs';

const FRAME_PAUSE_MS = 120; // the dialog's pause between frames (scan-dialog-body.tsx)

const require = createRequire(import.meta.url);
prepareZXingModule({
  overrides: { wasmBinary: readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')).buffer as ArrayBuffer },
});

/** ffmpeg filter chains for what a phone's camera does to a barcode (all on a 1280×720 frame). */
const GLARE = (x: number, y: number) =>
  ['r', 'g', 'b']
    .map((c) => `${c}='min(255,${c}(X,Y)+200*exp(-((X-W*${x})^2+(Y-H*${y})^2)/(2*(W*0.1)^2)))'`)
    .join(':');
const DEGRADATIONS: Record<string, string> = {
  'rotate +20°': 'rotate=20*PI/180:fillcolor=0xF4F2EC',
  'rotate −20°': 'rotate=-20*PI/180:fillcolor=0xF4F2EC',
  'rotate +12°, blur': 'rotate=12*PI/180:fillcolor=0xF4F2EC,gblur=sigma=1',
  'perspective (tilted back)': 'perspective=x0=W*0.12:y0=H*0.06:x1=W*0.88:y1=H*0.06:x2=0:y2=H:x3=W:y3=H:sense=destination',
  'perspective (turned aside)': 'perspective=x0=0:y0=H*0.1:x1=W:y1=0:x2=0:y2=H*0.9:x3=W:y3=H:sense=destination',
  'blur σ1.5': 'gblur=sigma=1.5',
  'motion blur (5 px)': 'avgblur=sizeX=2:sizeY=1',
  'noise 35': 'noise=alls=35:allf=t',
  'noise 60': 'noise=alls=60:allf=t+u',
  'low contrast, bright': 'eq=contrast=0.35:brightness=0.22',
  'low contrast, dark': 'eq=contrast=0.45:brightness=-0.22',
  'glare': `geq=${GLARE(0.45, 0.45)}`,
  'glare, off-centre, noise': `geq=${GLARE(0.62, 0.4)},noise=alls=25:allf=t`,
  'far away (45 %)': 'scale=iw*0.45:-2,pad=1280:720:(ow-iw)/2:(oh-ih)/2:color=0xF4F2EC',
  'rotate −8°, perspective, low contrast, noise':
    'rotate=-8*PI/180:fillcolor=0xF4F2EC,perspective=x0=W*0.06:y0=0:x1=W*0.94:y1=H*0.04:x2=0:y2=H:x3=W:y3=H*0.96:sense=destination,eq=contrast=0.5,noise=alls=30:allf=t',
};

/** A valid AIC from its first 8 digits (the 9th is the check digit the contract computes). */
function validAic(first8: string): string {
  for (let d = 0; d <= 9; d++) if (aicToCode32(`${first8}${d}`)) return `${first8}${d}`;
  throw new Error(`no check digit for ${first8}`);
}
function ean13(first12: string): string {
  const sum = [...first12].reduce((s, ch, i) => s + Number(ch) * (i % 2 === 0 ? 1 : 3), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

type Source =
  | { name: string; purpose: 'memo'; rows: Buffer[][]; nre: string; fiscalCode: string }
  | { name: string; purpose: 'pack'; rows: Buffer[][]; code: string };

async function sources(): Promise<Source[]> {
  const nre = '0301A4123456789';
  const fiscalCode = 'BNCLRA90A41H501F';
  const nre2 = '1200A4012345678';
  const fiscalCode2 = 'VRDGPP72C15F205P';
  const aic = validAic('03524701');
  const ean = ean13('800123456789');
  const gtinEan = ean13('805617300512');
  return [
    {
      name: 'memo, NRE in two barcodes (5 + 10) and fiscal code',
      purpose: 'memo',
      rows: [[await barcodePng('code39', nre.slice(0, 5)), await barcodePng('code39', nre.slice(5))], [await barcodePng('code39', fiscalCode)]],
      nre,
      fiscalCode,
    },
    {
      name: 'memo, NRE in one barcode and fiscal code',
      purpose: 'memo',
      rows: [[await barcodePng('code39', nre2)], [await barcodePng('code39', fiscalCode2)]],
      nre: nre2,
      fiscalCode: fiscalCode2,
    },
    { name: 'box, Code 32', purpose: 'pack', rows: [[await barcodePng('code32', aic)]], code: aic },
    { name: 'box, EAN-13', purpose: 'pack', rows: [[await barcodePng('ean13', ean.slice(0, 12))]], code: ean },
    {
      name: 'box, GS1 DataMatrix (FMD)',
      purpose: 'pack',
      rows: [[await barcodePng('gs1datamatrix', `(01)0${gtinEan}(21)7A3K9X2M4P(17)281130(10)L2403B`, { scale: 6 })]],
      code: gtinEan,
    },
  ];
}

interface Outcome {
  source: string;
  degradation: string;
  decoded: boolean;
  wrong: boolean;
  ms: number;
}

const readers = { memo: zxingReader(SCAN_FORMATS.memo), pack: zxingReader(SCAN_FORMATS.pack) };
const work = mkdtempSync(path.join(os.tmpdir(), 'bench-scan-'));
try {
  const outcomes: Outcome[] = [];
  const all = await sources();
  for (const source of all) {
    for (const [degradation, chain] of Object.entries(DEGRADATIONS)) {
      const image = framePixels(source.rows, chain, work);
      const started = performance.now();
      // A photo, as the dialog reads one: every pass.
      const reads = await readAllPasses(readers[source.purpose], image);
      const ms = performance.now() - started;
      let decoded = false;
      let wrong = false;
      if (source.purpose === 'memo') {
        // A photo: read once, worth every sighting (what the dialog does with "Carica una foto").
        const { found } = addMemoFrame(EMPTY_MEMO_PROGRESS, reads, CAMERA_SIGHTINGS);
        wrong = (found.nre !== undefined && found.nre !== source.nre) || (found.fiscalCode !== undefined && found.fiscalCode !== source.fiscalCode);
        decoded = found.nre === source.nre && found.fiscalCode === source.fiscalCode;
      } else {
        const read = firstPackRead(reads);
        const code = read ? readPackBarcode(read.format as PackBarcodeFormat, read.text)?.code : undefined;
        wrong = code !== undefined && code !== source.code;
        decoded = code === source.code;
      }
      outcomes.push({ source: source.name, degradation, decoded, wrong, ms });
    }
  }

  // The camera: frames of the memo as a hand moves (a different degradation each frame), read
  // one after the other with the dialog's pause, until the collector has both values.
  const memo = all[0]!;
  const cameraFrames = ['noise 35', 'blur σ1.5', 'perspective (tilted back)', 'rotate +12°, blur', 'glare', 'low contrast, bright', 'noise 60', 'rotate −20°', 'rotate +20°', 'blur σ1.5', 'noise 35', 'glare'];
  const pixels = cameraFrames.map((name) => framePixels(memo.rows, DEGRADATIONS[name]!, work));
  let progress = EMPTY_MEMO_PROGRESS;
  let cameraMs = 0;
  let framesRead = 0;
  for (const image of pixels) {
    const started = performance.now();
    // One pass per frame, in turn, as the dialog's frame loop does.
    progress = addMemoFrame(progress, await readers.memo.read(image, framesRead % readers.memo.passes));
    cameraMs += performance.now() - started;
    framesRead++;
    if (progress.complete) break;
    cameraMs += FRAME_PAUSE_MS;
  }
  console.log(JSON.stringify({ outcomes, camera: { ms: cameraMs, frames: framesRead, complete: progress.complete } }));
} finally {
  rmSync(work, { recursive: true, force: true });
}
