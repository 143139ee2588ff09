import { setFlagsFromString } from 'node:v8';

/**
 * V8's garbage collector as the server runs it, set at start before the app is built: by
 * `server.ts`, and by the profiling server (`bench/profile-server.ts`) so that profiles measure the
 * same collector. (The young generation's size, decision 0173, is a command-line flag: `npm start`
 * and the benches pass it.)
 */
export function tuneGarbageCollector(): void {
  // V8 lets the old generation grow to up to 4× what its last full collection kept before it
  // collects again; under load that uncollected garbage was the varying part of the server's peak
  // RSS (250k products: 381–466 MB against a 400 MB budget). 1.5× keeps it near the live data at no
  // measurable CPU cost (decision 0380). Read by V8 at every collection, so it applies from here on.
  setFlagsFromString('--heap-growing-percent=50');
  // V8's allocation-site pretenuring allocates objects of a site it judged long-lived straight in the
  // old generation. Under the cart set's load it judged so the objects of requests caught in flight by
  // a scavenge: they then died in the old generation, and each scavenge, walking the old-to-young
  // pointers they left, held every request for a median 17–18 ms (p99 35–36 ms). Off: 5.5–7.8 ms,
  // p99 18–26 ms, the other routes unchanged (decision 0637).
  setFlagsFromString('--no-allocation-site-pretenuring');
}
