import { deflateSync } from 'node:zlib';

/**
 * A minimal PNG encoder (8-bit RGBA, no filtering) and the shop logo drawn with it: enough for
 * a crisp generated logo without an image library.
 */

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** Encodes RGBA pixels (row-major, 4 bytes each) as a PNG file. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0; // filter: none
    Buffer.from(rgba.buffer, rgba.byteOffset + y * width * 4, width * 4).copy(raw, y * (width * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

/**
 * The pharmacy logo: a white Greek cross on a rounded square of the shop's colour, anti-aliased
 * by 4×4 supersampling, transparent corners.
 */
export function renderLogoPng(colorHex: string, size = 256): Buffer {
  const [r, g, b] = hexToRgb(colorHex);
  const px = new Uint8Array(size * size * 4);
  const radius = size * 0.2;
  const arm = size * 0.16; // half the width of a cross arm
  const reach = size * 0.34; // half the length of a cross arm
  const c = size / 2;
  const inSquare = (x: number, y: number) => {
    const dx = Math.max(radius - x, 0, x - (size - radius));
    const dy = Math.max(radius - y, 0, y - (size - radius));
    return dx * dx + dy * dy <= radius * radius;
  };
  const inCross = (x: number, y: number) => {
    const ax = Math.abs(x - c);
    const ay = Math.abs(y - c);
    return (ax <= arm && ay <= reach) || (ay <= arm && ax <= reach);
  };
  const S = 4;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let cover = 0;
      let white = 0;
      for (let sy = 0; sy < S; sy++) {
        for (let sx = 0; sx < S; sx++) {
          const fx = x + (sx + 0.5) / S;
          const fy = y + (sy + 0.5) / S;
          if (inSquare(fx, fy)) {
            cover++;
            if (inCross(fx, fy)) white++;
          }
        }
      }
      const i = (y * size + x) * 4;
      if (cover === 0) continue;
      const w = white / cover;
      px[i] = Math.round(r + (255 - r) * w);
      px[i + 1] = Math.round(g + (255 - g) * w);
      px[i + 2] = Math.round(b + (255 - b) * w);
      px[i + 3] = Math.round((255 * cover) / (S * S));
    }
  }
  return encodePng(size, size, px);
}
