import { setFlagsFromString } from "node:v8";

/**
 * V8 settings for a process that serves requests, applied as the data plane starts (V8 reads both at each
 * collection, so they may be set once the process runs; NODE_OPTIONS refuses them).
 *
 * The old generation grows at most `growingPercent` past what the last full collection kept (0: V8's own rule,
 * up to 4×). With ~25 MB live, a replica under load otherwise carried up to ~75 MB of dead objects before
 * collecting them, most of its RSS above the idle figure: with 100,000 keys at c=128, 140-215 MB against
 * 140-149 MB at 30 %, CPU within this machine's noise (docs/performance.md).
 *
 * Allocation-site pretenuring is off: V8 decides per allocation site, from what survived the first scavenges, to
 * allocate that site's objects in the old generation from then on. The start-up (a snapshot's keys, catalogs,
 * schemas) made it decide so for sites the request path shares, after which each request's objects from them went
 * straight to the old generation and kept whatever young objects they pointed to alive through the scavenges:
 * under load half of what was promoted, and 40 % of the scavenges' time.
 */
export function tuneHeap(growingPercent: number): void {
  setFlagsFromString("--no-allocation-site-pretenuring");
  if (growingPercent > 0) setFlagsFromString(`--heap-growing-percent=${growingPercent}`);
}
