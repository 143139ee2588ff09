import { createRequire } from 'node:module';
import { renderAsync } from '@resvg/resvg-js';

/**
 * SVG drawings made into PNG on the server (decision 0627) with resvg, a Rust renderer shipped as
 * a prebuilt binary through npm. The font is a file of an npm package (DejaVu Sans), never the
 * machine's: a fresh server may have no fonts at all, and the same drawing must give the same
 * bytes (and ETag) on every instance.
 */
const fontFiles = ['DejaVuSans-Bold.ttf', 'DejaVuSans.ttf'].map((file) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${file}`));

/**
 * A runner of at most `slots` tasks at once, the others started in the order they came as slots free up.
 */
export function limitConcurrency(slots: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    running--;
    waiting.shift()?.();
  };
  return (task) =>
    new Promise((resolve, reject) => {
      const start = () => {
        running++;
        task().then(resolve, reject).finally(next);
      };
      if (running < slots) start();
      else waiting.push(start);
    });
}

/**
 * Drawings run two at a time. They run on libuv's four threads, which password hashing (argon2)
 * and file reads share: a visitor asking hundreds of products' pictures at once (30 ms each at the
 * page's width) must not make a login wait behind them.
 */
const drawing = limitConcurrency(2);

/** The drawing `svg` as a PNG `width` pixels wide, drawn on libuv's threads (the PNG encoding, ~6 ms at 560 px, on the event loop). */
export function pngOf(svg: string, width: number): Promise<Buffer> {
  return drawing(async () => {
    const rendered = await renderAsync(svg, {
      fitTo: { mode: 'width', value: width },
      font: { loadSystemFonts: false, fontFiles, defaultFontFamily: 'DejaVu Sans' },
    });
    return rendered.asPng();
  });
}

export interface DrawnPicture {
  png: Buffer;
  etag: string;
}

/**
 * Drawn pictures kept in memory up to `maxBytes`, the least recently used dropped first. A
 * picture still being drawn is kept as its promise, so pictures asked together are drawn once.
 */
export class PictureCache {
  private readonly kept = new Map<string, Promise<DrawnPicture>>();
  private readonly sizes = new Map<string, number>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string, draw: () => Promise<DrawnPicture>): Promise<DrawnPicture> {
    const hit = this.kept.get(key);
    if (hit) {
      this.kept.delete(key);
      this.kept.set(key, hit); // most recently used last
      return hit;
    }
    const drawing = draw();
    this.kept.set(key, drawing);
    drawing.then(
      (picture) => {
        if (this.kept.get(key) !== drawing) return;
        this.sizes.set(key, picture.png.length);
        this.bytes += picture.png.length;
        this.trim();
      },
      () => this.kept.delete(key),
    );
    return drawing;
  }

  private trim() {
    for (const key of this.kept.keys()) {
      if (this.bytes <= this.maxBytes) return;
      const size = this.sizes.get(key);
      if (size === undefined) continue; // still being drawn
      this.kept.delete(key);
      this.sizes.delete(key);
      this.bytes -= size;
    }
  }
}
