/**
 * Developer aid (issues 18 and 22): what a window of load costs the garbage collector, in figures a
 * loaded host does not change — bytes allocated in the young generation, bytes promoted out of it,
 * and the number of scavenges and full collections (divide by the window's requests) — beside the
 * pauses' wall time. V8's `GCProfiler` gives each collection's heap spaces before and after it, so
 * the young generation's allocation is what `new_space` (and its large-object space) held at each
 * collection minus what the previous one left there. With `sites`, V8's sampling heap profiler also
 * runs, keeping samples of objects already collected, so its top functions are where the window
 * allocated (not what it kept); it costs CPU, so its window's counts are not compared with others.
 */
import type { Session } from 'node:inspector/promises';
import { PerformanceObserver } from 'node:perf_hooks';
import v8, { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Spaces = { spaceName: string; spaceUsedSize: number }[];
type GcEntry = { gcType: string; cost: number; beforeGC: { heapSpaceStatistics: Spaces }; afterGC: { heapSpaceStatistics: Spaces } };
type SampleNode = { callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; selfSize: number; children: SampleNode[] };

const YOUNG = new Set(['new_space', 'new_large_object_space']);
const OLD = new Set(['old_space', 'large_object_space', 'code_space']);
const used = (spaces: Spaces, names: Set<string>) => spaces.reduce((sum, s) => sum + (names.has(s.spaceName) ? s.spaceUsedSize : 0), 0);

export type GcWindow = { stop(): Promise<string> };

/** A collection's pause: V8's kind (perf_hooks' `detail.kind`) and its wall time. */
export type GcPause = { kind: number; ms: number };

export type Pauses = { count: number; totalMs: number; medianMs: number; p90Ms: number; maxMs: number };

/** Pauses per kind: how many, their total, median, 90th percentile and longest, in ms rounded to hundredths. */
export function pausesByKind(pauses: readonly GcPause[]): Record<number, Pauses> {
  const round = (x: number) => Math.round(x * 100) / 100;
  const byKind: Record<number, Pauses> = {};
  for (const kind of new Set(pauses.map((p) => p.kind))) {
    const ms = pauses.filter((p) => p.kind === kind).map((p) => p.ms).sort((a, b) => a - b);
    byKind[kind] = {
      count: ms.length,
      totalMs: round(ms.reduce((sum, x) => sum + x, 0)),
      medianMs: round(ms[ms.length >> 1] as number),
      p90Ms: round(ms[Math.min(ms.length - 1, Math.floor(ms.length * 0.9))] as number),
      maxMs: round(ms.at(-1) as number),
    };
  }
  return byKind;
}

/** The young generation's bytes in use now. */
const youngUsedNow = () => used(v8.getHeapSpaceStatistics().map((s) => ({ spaceName: s.space_name, spaceUsedSize: s.space_used_size })), YOUNG);

/** Starts recording now; `stop()` returns the window's figures as one JSON text. */
export async function startGcWindow(session: Session, sites: boolean | 'survivors'): Promise<GcWindow> {
  const pauses: GcPause[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) pauses.push({ kind: (entry.detail as { kind: number }).kind, ms: entry.duration });
  });
  observer.observe({ entryTypes: ['gc'] });
  if (sites) {
    await session.post('HeapProfiler.enable');
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 512,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: sites !== 'survivors',
    } as never);
  }
  const youngAtStart = youngUsedNow();
  const profiler = new v8.GCProfiler();
  profiler.start();
  return {
    async stop() {
      const { statistics } = profiler.stop() as unknown as { statistics: GcEntry[] };
      const youngNow = youngUsedNow();
      observer.disconnect();
      let youngAllocated = 0;
      let promoted = 0;
      let left = youngAtStart;
      // What each scavenge left in the young generation: the bytes it copied and will copy again (or promote) at the next.
      const survived: number[] = [];
      const counts: Record<string, number> = {};
      for (const gc of statistics) {
        youngAllocated += used(gc.beforeGC.heapSpaceStatistics, YOUNG) - left;
        left = used(gc.afterGC.heapSpaceStatistics, YOUNG);
        if (gc.gcType === 'Scavenge') {
          promoted += used(gc.afterGC.heapSpaceStatistics, OLD) - used(gc.beforeGC.heapSpaceStatistics, OLD);
          survived.push(left);
        }
        counts[gc.gcType] = (counts[gc.gcType] ?? 0) + 1;
      }
      youngAllocated += youngNow - left;
      let top: { site: string; bytes: number }[] = [];
      if (sites === 'survivors') {
        // What the window allocated and is still young dies here: the samples left are of objects that lived through a scavenge.
        setFlagsFromString('--expose-gc');
        (runInNewContext('gc') as (options: object) => void)({ type: 'minor' });
      }
      if (sites) {
        const { profile } = (await session.post('HeapProfiler.stopSampling')) as unknown as { profile: { head: SampleNode } };
        const bySite = new Map<string, number>();
        // Also by the app's own function nearest on the stack: what our code asked of Node, Fastify and V8 counted with it.
        const byAppFrame = new Map<string, number>();
        const walk = (node: SampleNode, appFrame: string) => {
          const { functionName, url, lineNumber, columnNumber } = node.callFrame;
          const site = `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules|src)\//, '$1/')}:${lineNumber + 1}:${columnNumber + 1}`;
          const app = url.includes('/src/') && !url.includes('/node_modules/') ? `via ${site}` : appFrame;
          if (node.selfSize) {
            bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
            byAppFrame.set(app, (byAppFrame.get(app) ?? 0) + node.selfSize);
          }
          for (const child of node.children) walk(child, app);
        };
        walk(profile.head, 'via no app frame');
        const largest = (map: Map<string, number>, n: number) =>
          [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([site, bytes]) => ({ site, bytes }));
        top = [...largest(bySite, 30), ...largest(byAppFrame, 15)];
      }
      survived.sort((a, b) => a - b);
      const survivedPerScavenge = { median: survived[survived.length >> 1] ?? 0, max: survived.at(-1) ?? 0 };
      // The young generation's reserved size now (V8 grows it up to `--max-semi-space-size` as scavenges need).
      const youngCapacity = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0;
      return JSON.stringify({ youngAllocated, promoted, survivedPerScavenge, youngCapacity, collections: counts, pauses: pausesByKind(pauses), top });
    },
  };
}
