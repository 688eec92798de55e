import { setFlagsFromString } from "node:v8";

/**
 * Bounds how far V8 lets the old generation grow before its next full collection. Left to itself V8 picks a
 * factor of up to 4× what the last full collection kept: with ~25 MB live, a replica under load carried up to
 * ~75 MB of dead objects before collecting them, most of its RSS above the idle figure. At 30 % the old
 * generation is collected about once a second under load instead of every few seconds, which costs little now
 * that the request path promotes less into it (sweep-list.ts): RSS under load with 100,000 keys 140-215 MB ->
 * 140-149 MB, CPU per request within this machine's noise (docs/performance.md). V8 reads the setting at each
 * collection, so it may be set once the process runs. 0 keeps V8's own rule.
 */
export function limitHeapGrowth(percent: number): void {
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
}
