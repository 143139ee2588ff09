// Barcode pictures for the scanner's journeys (apps/web/e2e/scan-camera.e2e.ts) and its
// robustness bench (scripts/bench-scan.mjs): symbols drawn by bwip-js, laid out on a sheet or a
// box and degraded by ffmpeg (Debian's, installed by system-packages.mjs), as a phone's camera
// would see them.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import bwipjs from 'bwip-js';
import { ensureFfmpeg } from './system-packages.mjs';

/** The camera frame the pictures are made at (what the dialog asks the phone for). */
export const FRAME = { width: 1280, height: 720 };

/** One symbol as a PNG (a Promise of its Buffer): black bars on white, with its quiet zone. */
export function barcodePng(bcid, text, options = {}) {
  return bwipjs.toBuffer({
    bcid,
    text,
    scale: 3,
    height: 12,
    includetext: bcid !== 'gs1datamatrix',
    textxalign: 'center',
    backgroundcolor: 'FFFFFF',
    paddingwidth: 12,
    paddingheight: 8,
    ...options,
  });
}

/** A PNG's width, from its header. */
function pngWidth(png) {
  return png.readUInt32BE(16);
}

/**
 * The ffmpeg graph that lays `rows` of PNGs (inputs numbered in order) on a paper-white frame,
 * the rows centred one under the other, then applies `degrade` (an ffmpeg filter chain, or '' for
 * a clean picture), ending as `[out]`.
 */
function layoutGraph(rows, degrade) {
  const parts = [];
  const widths = rows.map((row) => row.reduce((sum, png) => sum + pngWidth(png), 0));
  const sheetWidth = Math.max(...widths);
  let input = 0;
  rows.forEach((row, r) => {
    const cells = row.map(() => `[${input++}:v]`).join('');
    const joined = row.length === 1 ? `${cells}null` : `${cells}hstack=inputs=${row.length}`;
    parts.push(`${joined},pad=${sheetWidth}:ih+32:(ow-iw)/2:16:white[row${r}]`);
  });
  const rowLabels = rows.map((_, r) => `[row${r}]`).join('');
  parts.push(rows.length === 1 ? `${rowLabels}null[sheet]` : `${rowLabels}vstack=inputs=${rows.length}[sheet]`);
  const { width, height } = FRAME;
  const fit = `scale=w='min(iw,${width - 80})':h=-2,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:color=0xF4F2EC,format=rgb24`;
  const tail = degrade ? `${fit},${degrade},scale=${width}:${height}` : fit;
  parts.push(`[sheet]${tail}[out]`);
  return parts.join(';');
}

/** Writes the PNGs of `rows` to `dir`; ffmpeg's input arguments for them, each after `inputOptions`. */
function inputsOf(rows, dir, inputOptions = []) {
  mkdirSync(dir, { recursive: true });
  return rows.flat().flatMap((png, i) => {
    const file = path.join(dir, `symbol-${i}.png`);
    writeFileSync(file, png);
    return [...inputOptions, '-i', file];
  });
}

/**
 * The frame's pixels as RGBA (what a canvas's getImageData gives the dialog), `FRAME` sized:
 * `rows` of symbols on paper, through the ffmpeg `degrade` chain.
 */
export function framePixels(rows, degrade, workDir) {
  const ffmpeg = ensureFfmpeg();
  const data = execFileSync(
    ffmpeg,
    ['-v', 'error', ...inputsOf(rows, workDir), '-filter_complex', layoutGraph(rows, degrade), '-map', '[out]', '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-'],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), width: FRAME.width, height: FRAME.height };
}

/** The same frame as a PNG file (the still-image fallback's photo). */
export function framePng(rows, degrade, file) {
  const ffmpeg = ensureFfmpeg();
  const inputs = inputsOf(rows, `${file}.parts`);
  execFileSync(ffmpeg, ['-v', 'error', '-y', ...inputs, '-filter_complex', layoutGraph(rows, degrade), '-map', '[out]', '-frames:v', '1', file]);
  return file;
}

/**
 * A fake camera's video (.y4m, what Chromium's --use-file-for-fake-video-capture plays in a loop):
 * the frame held for `seconds` at 10 frames a second.
 */
export function fakeCameraVideo(rows, file, seconds = 2) {
  const ffmpeg = ensureFfmpeg();
  const inputs = inputsOf(rows, `${file}.parts`, ['-loop', '1', '-t', String(seconds)]);
  execFileSync(ffmpeg, [
    '-v', 'error', '-y', ...inputs,
    '-filter_complex', `${layoutGraph(rows, '')};[out]format=yuv420p,fps=10[video]`,
    '-map', '[video]', '-t', String(seconds), '-f', 'yuv4mpegpipe', file,
  ]);
  return file;
}
