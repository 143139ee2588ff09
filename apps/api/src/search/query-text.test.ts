import { describe, expect, it, vi } from 'vitest';
import { codeQueryOf, editDistance, exactCodeOf, foldText, queryWords, typoBudget, Vocabulary } from './query-text.js';

describe('query words', () => {
  it('folds case and accents and splits on anything but letters and digits', () => {
    expect(foldText('AVÈNE Tolérance')).toBe('avene tolerance');
    expect(queryWords('  Tachipirina-500mg, "bambini" ')).toEqual(['tachipirina', '500mg', 'bambini']);
    expect(queryWords('dell’acqua l\'oréal')).toEqual(['dell', 'acqua', 'l', 'oreal']);
    expect(queryWords('*^"()')).toEqual([]);
  });

  it('keeps at most 8 words of at most 40 characters', () => {
    expect(queryWords('a b c d e f g h i j')).toHaveLength(8);
    expect(queryWords('x'.repeat(60))[0]).toHaveLength(40);
  });

  it('recognises a ministerial code, with the A printed on packs, or the start of one', () => {
    expect(exactCodeOf(' A012745093 ')).toBe('012745093');
    expect(exactCodeOf('01274509')).toBeNull();
    expect(codeQueryOf('012745', ['012745'])).toBe('012745');
    expect(codeQueryOf('500', ['500'])).toBeNull(); // a dose, not a code
    expect(codeQueryOf('012745 mg', ['012745', 'mg'])).toBeNull();
  });
});

describe('edit distance (Damerau–Levenshtein, adjacent swaps)', () => {
  it('counts inserts, deletes, substitutions and swaps', () => {
    expect(editDistance('tachiprina', 'tachipirina', 2)).toBe(1);
    expect(editDistance('mometn', 'moment', 2)).toBe(1);
    expect(editDistance('okk', 'oki', 2)).toBe(1);
    expect(editDistance('kitten', 'sitting', 5)).toBe(3);
    expect(editDistance('same', 'same', 0)).toBe(0);
  });

  it('gives up past the budget', () => {
    expect(editDistance('paracetamolo', 'ibuprofene', 2)).toBe(3);
    expect(editDistance('abc', 'abcdefgh', 2)).toBe(3);
  });

  it('tolerates no typo in 3 letters, one up to 6, two from 7', () => {
    expect([typoBudget('oki'), typoBudget('aulin'), typoBudget('moment'), typoBudget('enterogermina')]).toEqual([0, 1, 1, 2]);
  });
});

describe('vocabulary', () => {
  const vocabulary = new Vocabulary([
    { term: 'tachipirina', docs: 7 },
    { term: 'tachifludec', docs: 2 },
    { term: 'moment', docs: 5 },
    { term: 'momento', docs: 1 },
    { term: 'magnesio', docs: 40 },
    { term: '500', docs: 30 },
    { term: '5000', docs: 1 },
  ]);

  it('lists the completions of a prefix, and says when there are more than asked', () => {
    expect(vocabulary.withPrefix('tachi', 16)).toEqual(['tachifludec', 'tachipirina']);
    expect(vocabulary.withPrefix('50', 16)).toEqual(['500', '5000']);
    expect(vocabulary.withPrefix('mom', 0)).toHaveLength(1);
    expect(vocabulary.withPrefix('zzz', 16)).toEqual([]);
    expect(vocabulary.docs('magnesio')).toBe(40);
    expect(vocabulary.docs('calcio')).toBe(0);
  });

  it('lists the terms holding a part, each once, in order', () => {
    expect(vocabulary.containing('pirina')).toEqual(['tachipirina']);
    expect(vocabulary.containing('tachiprina')).toEqual([]);
    expect(vocabulary.containing('zzz')).toEqual([]);
    const withA = vocabulary.containing('a');
    expect(withA.length).toBeGreaterThan(1);
    expect(new Set(withA).size).toBe(withA.length);
    expect([...withA].sort()).toEqual(withA);
    expect(withA.every((t) => t.includes('a'))).toBe(true);
  });

  it('corrects a word to its closest, most common term within the budget', () => {
    expect(vocabulary.correct('tachiprina', false)).toBe('tachipirina');
    expect(vocabulary.correct('magnesoi', false)).toBe('magnesio');
    expect(vocabulary.correct('momnet', false)).toBe('moment');
    expect(vocabulary.correct('ibuprofene', false)).toBeNull();
    expect(vocabulary.correct('mag', false)).toBeNull(); // too short to guess
    expect(vocabulary.correct('5001', false)).toBeNull(); // numbers are not typos
  });

  it('corrects the start of a word being typed', () => {
    expect(vocabulary.correct('tachipr', true)).toBe('tachipir');
    expect(vocabulary.correct('magnse', true)).toBe('magnes');
  });

  it('weighs the candidates of a word once, then answers it from what it kept (decision 0597)', () => {
    const kept = new Vocabulary([
      { term: 'tachipirina', docs: 7 },
      { term: 'magnesio', docs: 40 },
    ]);
    const weigh = vi.spyOn(kept as unknown as { closestTerm(word: string, asPrefix: boolean): string | null }, 'closestTerm');
    for (let i = 0; i < 3; i++) {
      expect(kept.correct('tachiprina', false)).toBe('tachipirina');
      expect(kept.correct('tachipr', true)).toBe('tachipir');
      expect(kept.correct('ibuprofene', false)).toBeNull();
    }
    // A whole word and the start of one are weighed apart: 'magnse' is no term, but starts one.
    expect(kept.correct('magnse', false)).toBeNull();
    expect(kept.correct('magnse', true)).toBe('magnes');
    expect(weigh).toHaveBeenCalledTimes(5);
  });

  it('prefers, among starts of longer terms equally close, the more common term, then the first met', () => {
    const starts = new Vocabulary([
      { term: 'bioderma', docs: 3 },
      { term: 'biochetasi', docs: 9 },
      { term: 'bioscalin', docs: 9 },
    ]);
    // 'biox' is one letter from 'bio', 'bioc', 'bios' and 'biod': 'bioc' and 'bios' are the longest
    // of those with the most products, and 'bioc' is met first (its term's length is listed first).
    expect(starts.correct('biox', true)).toBe('bioc');
    expect(starts.correct('biox', false)).toBeNull();
  });
});
