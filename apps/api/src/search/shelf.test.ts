import { describe, expect, it } from 'vitest';
import { forEachIdOfBitmap, idBitmapOf } from './shelf.js';

/** Ids as a stored shelf's statement sends them: 4-byte big-endian integers, any order. */
function idsBuffer(ids: readonly number[]): Buffer {
  const out = Buffer.alloc(ids.length * 4);
  for (const [i, id] of ids.entries()) out.writeInt32BE(id, i * 4);
  return out;
}

function decoded(bitmap: Buffer): number[] {
  const ids: number[] = [];
  forEachIdOfBitmap(bitmap, (id) => ids.push(id));
  return ids;
}

describe('a stored shelf bitmap (migration 0138)', () => {
  it('gives back every id it was made of, ascending: word edges, the sign bit, a tail shorter than a word', () => {
    const ids = [0, 1, 7, 8, 30, 31, 32, 63, 64, 95, 96, 100, 12_345, 249_999, 250_001];
    const bitmap = idBitmapOf(idsBuffer([...ids].reverse()));
    expect(bitmap.length % 4).not.toBe(0);
    expect(decoded(bitmap)).toEqual(ids);
  });

  it('decodes a dense word and an empty bitmap', () => {
    const ids = Array.from({ length: 64 }, (_, i) => i);
    expect(decoded(idBitmapOf(idsBuffer(ids)))).toEqual(ids);
    expect(decoded(Buffer.alloc(0))).toEqual([]);
  });
});
