/**
 * mulberry32: a tiny seeded generator for the tests that draw their cases (the contract's differential
 * tests, issue 21; the API's body fuzzing), so the same cases come out on every run and a failing one
 * reproduces. Not for anything that must be unpredictable.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
