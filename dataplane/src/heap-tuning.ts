import { type PerformanceEntry, PerformanceObserver, constants } from "node:perf_hooks";
import { getHeapStatistics, setFlagsFromString } from "node:v8";

/**
 * V8 settings for a process that serves requests, applied as the data plane starts (V8 reads both at each
 * collection, so they may be set once the process runs; NODE_OPTIONS refuses them).
 *
 * The old generation grows at most `growingPercent` past what the last full collection kept (0: V8's own rule,
 * up to 4×), or `garbageMb` when that is more. With ~25 MB live, a replica under load otherwise carried up to
 * ~75 MB of dead objects before collecting them, most of its RSS above the idle figure: with 100,000 keys at
 * c=128, 140-215 MB against 140-149 MB at 30 %, CPU within this machine's noise (docs/performance.md). The
 * floor in megabytes is for the small heaps: 30 % of a ~21 MB heap (a replica with few keys) let streams, whose
 * in-flight objects each full collection promotes, trigger one every ~0.2 s, ~7-10 µs of a streamed request's CPU;
 * a budget of dead objects in megabytes bounds RSS as a percentage does at 100,000 keys, without that churn below.
 *
 * Allocation-site pretenuring is off: V8 decides per allocation site, from what survived the first scavenges, to
 * allocate that site's objects in the old generation from then on. The start-up (a snapshot's keys, catalogs,
 * schemas) made it decide so for sites the request path shares, after which each request's objects from them went
 * straight to the old generation and kept whatever young objects they pointed to alive through the scavenges:
 * under load half of what was promoted, and 40 % of the scavenges' time.
 */
export function tuneHeap(growingPercent: number, garbageMb = 0, externalMb = 0): { stop(): void } {
  setFlagsFromString("--no-allocation-site-pretenuring");
  if (growingPercent <= 0) return { stop() {} };
  let current = 0;
  const grow = (percent: number): void => {
    if (percent === current) return;
    setFlagsFromString(`--heap-growing-percent=${percent}`);
    current = percent;
  };
  grow(growingPercent);
  if (garbageMb <= 0 && externalMb <= 0) return { stop() {} };
  // after each full collection the heap is about what it kept: the next limit is set from that, and from the large
  // bodies read since the last one
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if ((entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind !== constants.NODE_PERFORMANCE_GC_MAJOR) continue;
      const external = Math.min(externalMb * 1024 * 1024, largeBodyBytes);
      largeBodyBytes = 0;
      grow(growingPercentFor(getHeapStatistics().used_heap_size, growingPercent, garbageMb, external));
    }
  });
  observer.observe({ entryTypes: ["gc"] });
  return { stop: () => observer.disconnect() };
}

/**
 * Bytes of request bodies (JSON bodies and multipart uploads) read into buffers of their own (outside V8's heap: each
 * its own allocation, not a slice of Node's pool) since the last full collection.
 *
 * V8 weighs the memory such buffers hold (and uWebSockets.js's chunks of them, as many bytes again) against the old
 * generation's limit until a collection finds them dead. A coding agent's turn is a ~230 KB body: at a few hundred
 * turns a second, within a 14 MB budget, a full collection came every ~0.15-0.2 s, with few objects to collect;
 * marking and sweeping took ~24 % of the data plane's CPU, the pages behind them ~11 % more (docs/performance.md).
 * The limit is widened by the bytes of bodies read since the last full collection, up to `externalMb`: a replica
 * serving short requests reads none (a body under 4 KB is a slice of Node's pool), and its limit stays as before.
 */
let largeBodyBytes = 0;

export function noteLargeBody(bytes: number): void {
  largeBodyBytes += bytes;
}

/**
 * The percentage that lets a heap of `liveBytes` grow by `garbageMb` (never below `floorPercent`) and `externalBytes`
 * more, at most 300.
 */
export function growingPercentFor(liveBytes: number, floorPercent: number, garbageMb: number, externalBytes = 0): number {
  const live = Math.max(liveBytes, 1);
  const percent = Math.max(floorPercent, Math.ceil(((garbageMb * 1024 * 1024) / live) * 100)) + Math.ceil((externalBytes / live) * 100);
  return Math.min(300, percent);
}
