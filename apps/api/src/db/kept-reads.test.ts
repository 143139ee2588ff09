import { describe, expect, it } from 'vitest';
import { KeptPerKey, KeptReads } from './kept-reads.js';

/** Decisions 0585–0586: what a stamp keeps, and when a read is done again. */
describe('KeptReads', () => {
  const counting = () => {
    let reads = 0;
    return { read: async () => ++reads, reads: () => reads };
  };

  it('keeps a read while the stamp stays, and reads again under a new stamp', async () => {
    const kept = new KeptReads<number>(10);
    const source = counting();
    expect(await kept.get('1', 'a', source.read)).toBe(1);
    expect(await kept.get('1', 'a', source.read)).toBe(1);
    expect(await kept.get('2', 'a', source.read)).toBe(2);
    expect(await kept.get('2', 'a', source.read)).toBe(2);
    expect(source.reads()).toBe(2);
  });

  it('keeps nothing without a stamp (no version row to follow)', async () => {
    const kept = new KeptReads<number>(10);
    const source = counting();
    await kept.get(undefined, 'a', source.read);
    await kept.get(undefined, 'a', source.read);
    expect(source.reads()).toBe(2);
  });

  it('does not keep a read made under a stamp another request has seen change meanwhile', async () => {
    const kept = new KeptReads<string>(10);
    let release: (value: string) => void = () => {};
    const slow = kept.get('1', 'a', () => new Promise<string>((resolve) => (release = resolve)));
    expect(await kept.get('2', 'b', async () => 'newer')).toBe('newer');
    release('older');
    expect(await slow).toBe('older');
    expect(await kept.get('2', 'a', async () => 'read again')).toBe('read again');
  });

  it('drops the oldest entry when full', async () => {
    const kept = new KeptReads<string>(2);
    await kept.get('1', 'a', async () => 'a');
    await kept.get('1', 'b', async () => 'b');
    await kept.get('1', 'c', async () => 'c');
    expect(await kept.get('1', 'a', async () => 'a again')).toBe('a again');
    expect(await kept.get('1', 'c', async () => 'c again')).toBe('c');
  });

  it('getMany: reads only the keys not kept, together, and keeps what it found', async () => {
    const kept = new KeptReads<string>(10);
    const asked: string[][] = [];
    const readMissing = async (keys: string[]) => {
      asked.push(keys);
      return new Map(keys.filter((k) => k !== 'unknown').map((k) => [k, `${k}@${asked.length}`]));
    };
    expect([...(await kept.getMany('1', ['a', 'b'], readMissing))]).toEqual([
      ['a', 'a@1'],
      ['b', 'b@1'],
    ]);
    const second = await kept.getMany('1', ['a', 'c', 'unknown'], readMissing);
    expect(Object.fromEntries(second)).toEqual({ a: 'a@1', c: 'c@2' });
    await kept.getMany('1', ['unknown', 'b'], readMissing);
    expect(asked).toEqual([['a', 'b'], ['c', 'unknown'], ['unknown']]);
    expect(Object.fromEntries(await kept.getMany('2', ['a'], readMissing))).toEqual({ a: 'a@4' });
  });

  it('getMany: does not keep what was read under a stamp another request has seen change meanwhile', async () => {
    const kept = new KeptReads<string>(10);
    let release: () => void = () => {};
    const slow = kept.getMany('1', ['a'], (keys) => new Promise((resolve) => (release = () => resolve(new Map(keys.map((k) => [k, 'older']))))));
    await kept.get('2', 'b', async () => 'newer');
    release();
    expect((await slow).get('a')).toBe('older');
    expect((await kept.getMany('2', ['a'], async () => new Map([['a', 'read again']]))).get('a')).toBe('read again');
  });
});

/** Decisions 0590–0591: each key under its own stamp. */
describe('KeptPerKey', () => {
  it("keeps each key while its own stamp stays; a new stamp for one key leaves the others kept", async () => {
    const kept = new KeptPerKey<string, string>(10);
    let reads = 0;
    const read = (value: string) => async () => `${value}#${++reads}`;
    expect(await kept.get('1', 'a', read('a'))).toBe('a#1');
    expect(await kept.get('7', 'b', read('b'))).toBe('b#2');
    expect(await kept.get('1', 'a', read('a'))).toBe('a#1');
    expect(await kept.get('2', 'a', read('a'))).toBe('a#3');
    expect(await kept.get('2', 'a', read('a'))).toBe('a#3');
    expect(await kept.get('7', 'b', read('b'))).toBe('b#2');
    expect(await kept.get(undefined, 'b', read('b'))).toBe('b#4');
    expect(await kept.get(undefined, 'b', read('b'))).toBe('b#5');
  });

  it('drops the oldest key when full', async () => {
    const kept = new KeptPerKey<string, string>(2);
    await kept.get('1', 'a', async () => 'a');
    await kept.get('1', 'b', async () => 'b');
    await kept.get('1', 'c', async () => 'c');
    expect(await kept.get('1', 'a', async () => 'a again')).toBe('a again');
    expect(await kept.get('1', 'c', async () => 'c again')).toBe('c');
  });
});
