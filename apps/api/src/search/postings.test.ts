import { describe, expect, it } from 'vitest';
import { densify, FIELD, mergeFields, type Postings, rankTiers, union } from './postings.js';

const list = (entries: [number, number][]): Postings => ({
  ranks: Int32Array.from(entries.map(([r]) => r)),
  masks: Uint8Array.from(entries.map(([, m]) => m)),
});
const plain = (t: { heads: Int32Array[] }) => t.heads.map((a) => Array.from(a));

describe('postings', () => {
  it('merges fields into one list with masks', () => {
    const merged = mergeFields([
      { bit: FIELD.nome, ranks: [1, 4, 9] },
      { bit: FIELD.principio, ranks: [4, 7] },
      { bit: FIELD.inizio, ranks: [1] },
    ]);
    expect(Array.from(merged.ranks)).toEqual([1, 4, 7, 9]);
    expect(Array.from(merged.masks)).toEqual([FIELD.nome | FIELD.inizio, FIELD.nome | FIELD.principio, FIELD.principio, FIELD.nome]);
  });

  it('unites the completions of a word', () => {
    const u = union([list([[2, 1], [5, 1]]), list([[2, 2], [3, 4]])]);
    expect(Array.from(u.ranks)).toEqual([2, 3, 5]);
    expect(Array.from(u.masks)).toEqual([3, 4, 1]);
  });

  it('labels one word by where it occurs', () => {
    const { nome, inizio, principio, ditta, atc } = FIELD;
    const tiers = rankTiers([list([[1, nome | inizio], [2, nome], [3, principio], [4, ditta], [5, atc], [6, nome | inizio]])]);
    expect(plain(tiers)).toEqual([[], [1, 6], [], [2], [3], [4], [5]]);
  });

  it('intersects several words and labels each match with its tier, in rank order', () => {
    const { nome, inizio, principio, ditta } = FIELD;
    const first = list([[1, nome | inizio], [2, nome], [3, principio], [5, nome | inizio], [8, ditta], [9, nome]]);
    const second = list([[1, nome], [3, nome], [4, nome], [5, principio], [8, nome], [9, ditta], [12, nome]]);
    expect(plain(rankTiers([first, second]))).toEqual([[], [], [1], [], [3, 5], [8, 9], []]);
    // The shorter list drives the walk; the answer does not depend on the order of the words' lengths.
    expect(plain(rankTiers([second, first]))).toEqual([[], [], [], [1], [3, 5], [8, 9], []]);
  });

  it('keeps only the first ranks of each tier when asked, and counts them all', () => {
    const { nome } = FIELD;
    const ranked = rankTiers([list([[1, nome], [2, nome], [3, nome], [4, 2]])], 2);
    expect(Array.from(ranked.counts)).toEqual([0, 0, 0, 3, 1, 0, 0]);
    expect(plain(ranked)).toEqual([[], [], [], [1, 2], [4], [], []]);
  });

  it('labels the same with a frequent word looked up by rank as with its list walked', () => {
    const { nome, inizio, principio, ditta, atc } = FIELD;
    const fields = [nome | inizio, nome, principio, ditta, atc, nome | principio];
    // Deterministic spread: the frequent word in most products, the others in every third or fifth.
    const frequent = list(Array.from({ length: 300 }, (_, r): [number, number] => [r, fields[r % 6] as number]).filter(([r]) => r % 7 !== 0));
    const third = list(Array.from({ length: 100 }, (_, i): [number, number] => [i * 3, fields[i % 5] as number]));
    const fifth = list(Array.from({ length: 60 }, (_, i): [number, number] => [i * 5, fields[(i + 2) % 6] as number]));
    const dense = densify(frequent, 299);
    const denseThird = densify(third, 299);
    expect(dense.byRank && denseThird.byRank).toBeDefined();
    for (const words of [[third, frequent], [frequent, third], [third, frequent, fifth], [fifth, frequent], [fifth, third, frequent], [frequent, fifth, third]]) {
      for (const keep of [3, 1000]) {
        const walked = rankTiers(words, keep);
        const looked = rankTiers(words.map((w) => (w === frequent ? dense : w === third ? denseThird : w)), keep);
        expect(Array.from(looked.counts)).toEqual(Array.from(walked.counts));
        expect(plain(looked)).toEqual(plain(walked));
        expect(looked.counts.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      }
    }
  });

  it('finds nothing when a word has no products', () => {
    expect(plain(rankTiers([list([[1, 1]]), list([])]))).toEqual([[], [], [], [], [], [], []]);
  });
});
