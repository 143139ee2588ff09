import { describe, expect, it } from 'vitest';
import { KeptByRank } from './kept-by-rank.js';

/** A page read as the adapter reads it: what is kept at `version` used, the others read and kept. */
function read(kept: KeptByRank<string>, ranks: number[], version: number): { used: Record<number, string | undefined>; settled: boolean } {
  const page = kept.take(ranks);
  const settled = kept.settle(page, version);
  if (settled) for (const rank of page.missing) kept.keep(rank, `${rank}@${version}`, version);
  return { used: Object.fromEntries(page.kept.map((rank) => [rank, page.values[ranks.indexOf(rank)]])), settled };
}

/** The ranks of `ranks` kept now, as a page would use them (taking them marks them used). */
const keptOf = (kept: KeptByRank<string>, ranks: number[]) => kept.take(ranks).kept;

describe('KeptByRank', () => {
  it('splits a page into the values kept and the ranks to read, in page order', () => {
    const kept = new KeptByRank<string>(10);
    expect(read(kept, [5, 3], 1)).toEqual({ used: {}, settled: true });
    const page = kept.take([3, 7, 5, 9]);
    expect(page).toEqual({ heldAt: 1, values: ['3@1', undefined, '5@1', undefined], kept: [3, 5], missing: [7, 9] });
  });

  it('drops the least recently used when full: a value taken again stays', () => {
    const kept = new KeptByRank<string>(3);
    read(kept, [1, 2, 3], 1);
    // 1 is used again: 2 is now the least recently used.
    expect(read(kept, [1], 1).used).toEqual({ 1: '1@1' });
    read(kept, [4], 1);
    expect(keptOf(kept, [1, 2, 3, 4])).toEqual([1, 3, 4]);
    // Keeping a rank already kept (another request read it too) drops nothing.
    kept.keep(4, '4@1 again', 1);
    expect(keptOf(kept, [1, 3, 4])).toEqual([1, 3, 4]);
    expect(kept.take([4]).values).toEqual(['4@1 again']);
  });

  it('drops every value when a page reads a newer version, and keeps none read at an older one', () => {
    const kept = new KeptByRank<string>(10);
    read(kept, [1, 2], 1);
    // A page of other ranks reads version 2: 1 and 2 were kept at 1, they go.
    expect(read(kept, [3], 2)).toEqual({ used: {}, settled: true });
    expect(keptOf(kept, [1, 2, 3])).toEqual([3]);
    // A row read at version 1 (a statement older than the last) is used, not kept.
    kept.keep(4, '4@1', 1);
    expect(keptOf(kept, [4])).toEqual([]);
  });

  it('has a page read again when it used values kept at another version than its rows', () => {
    const kept = new KeptByRank<string>(10);
    read(kept, [1, 2], 1);
    // The masters moved: the statement that used 1 and 2 read version 2.
    expect(read(kept, [1, 2, 3], 2)).toEqual({ used: { 1: '1@1', 2: '2@1' }, settled: false });
    // Read again, whole: everything at version 2.
    expect(read(kept, [1, 2, 3], 2)).toEqual({ used: {}, settled: true });
    expect(read(kept, [1, 2, 3], 2)).toEqual({ used: { 1: '1@2', 2: '2@2', 3: '3@2' }, settled: true });
    // A statement read an older version than the values it used: those go, the others stay.
    expect(read(kept, [1], 1)).toEqual({ used: { 1: '1@2' }, settled: false });
    expect(keptOf(kept, [1, 2, 3])).toEqual([2, 3]);
  });

  it('starts over when cleared: nothing kept until a page reads a version again', () => {
    const kept = new KeptByRank<string>(10);
    read(kept, [1], 1);
    kept.clear();
    expect(keptOf(kept, [1])).toEqual([]);
    kept.keep(1, '1@1', 1);
    expect(keptOf(kept, [1])).toEqual([]);
    expect(read(kept, [1], 1)).toEqual({ used: {}, settled: true });
    expect(read(kept, [1], 1).used).toEqual({ 1: '1@1' });
  });
});
