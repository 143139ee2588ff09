/** A bench's samples (ms) summed up: median, 95th percentile, extremes, count — rounded to 0.01 ms. */
export function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    median: round(at(0.5)),
    p95: round(at(0.95)),
    min: round(sorted[0] ?? 0),
    max: round(sorted.at(-1) ?? 0),
    runs: sorted.length,
  };
}
