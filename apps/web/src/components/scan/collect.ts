import { type MemoBarcodes, type PackBarcodeFormat, readMemoBarcodes, readPackBarcode } from '@farmacia/contract';
import type { ScanRead } from './scan-formats';

/**
 * What the memo scanner has gathered over the frames so far. Code 39 has no check character and
 * the NRE none either: one frame's misread of a bar could make another valid-looking NRE. So a
 * text counts only once it was read in `CAMERA_SIGHTINGS` different frames (a photo is read once,
 * carefully: it counts at once), and only confirmed texts reach `readMemoBarcodes`.
 */
export interface MemoProgress {
  /** Per Code 39 text: in how many frames it was read. */
  readonly sightings: ReadonlyMap<string, number>;
  /** The confirmed texts, in the order they were confirmed: what the dialog hands to the screen. */
  readonly confirmed: readonly ScanRead[];
  /** What `readMemoBarcodes` makes of the confirmed texts. */
  readonly found: MemoBarcodes;
  /** Both the NRE and the fiscal code found: the dialog calls back without asking. */
  readonly complete: boolean;
}

/** Frames that must agree on a text before it counts (camera frames, about 5 per second). */
export const CAMERA_SIGHTINGS = 2;

export const EMPTY_MEMO_PROGRESS: MemoProgress = { sightings: new Map(), confirmed: [], found: {}, complete: false };

/**
 * Adds one frame's reads. `weight` is how many sightings the frame is worth: 1 for a camera
 * frame, `CAMERA_SIGHTINGS` for a still photo.
 */
export function addMemoFrame(progress: MemoProgress, reads: readonly ScanRead[], weight = 1): MemoProgress {
  const texts = new Set(reads.filter((read) => read.format === 'code_39').map((read) => read.text.trim()));
  if (texts.size === 0) return progress;
  const sightings = new Map(progress.sightings);
  const confirmed = [...progress.confirmed];
  for (const text of texts) {
    const seen = (sightings.get(text) ?? 0) + weight;
    sightings.set(text, seen);
    const wasConfirmed = seen - weight >= CAMERA_SIGHTINGS;
    if (seen >= CAMERA_SIGHTINGS && !wasConfirmed) confirmed.push({ format: 'code_39', text });
  }
  const found = readMemoBarcodes(confirmed.map((read) => read.text));
  return { sightings, confirmed, found, complete: found.nre !== undefined && found.fiscalCode !== undefined };
}

/** True when something confirmed is worth handing over on the user's say-so ("Usa i codici letti"). */
export function memoHasSomething(progress: MemoProgress): boolean {
  return progress.found.nre !== undefined || progress.found.fiscalCode !== undefined;
}

/**
 * The first read of a frame that is a pack code passing its check (Code 32, EAN-13, GS1
 * DataMatrix: each carries a check digit or error correction, so one frame is enough), or
 * `undefined` to go on scanning.
 */
export function firstPackRead(reads: readonly ScanRead[]): ScanRead | undefined {
  // readPackBarcode answers null for a format it does not know (a native detector's qr_code…).
  return reads.find((read) => readPackBarcode(read.format as PackBarcodeFormat, read.text) !== null);
}
