// How long each part of the open-streams phase lasts: shared by the phase, its probe and the runner's forecast, so
// the three cannot drift apart. No side effects: the probe imports it.

/** Streams are made to outlive any level's opening, settling and measuring, even on a slow day (see `streamEvents`). */
export const STREAM_SECONDS = 120;
/** Streams opened, read and closed before the idle baseline, so it includes what the first streams load and JIT. */
export const WARMUP_STREAMS = 50;
export const WARMUP_MS = 2_000;
/** Opens awaiting their first event at once: a steady ramp, not a burst past the listen backlog. */
export const OPEN_PARALLEL = 64;
/** A stream with no first event by then counts as failed (e.g. one waiting for an upstream connection past the cap). */
export const OPEN_TIMEOUT_MS = 15_000;
/** Once a level is open: time for the ramp's backlog to clear before measuring. */
export const SETTLE_MS = 3_000;
/** The window CPU, events, relay delays and RSS are measured over. */
export const MEASURE_MS = 5_000;
/** RSS is read this often in a window and the median kept: one reading could land on either side of a collection. */
export const RSS_SAMPLE_MS = 250;
/** After closing a level's streams: time for the data plane to cancel their upstream calls and settle their usage. */
export const PAUSE_MS = 2_000;
/** A stream that relays nothing for this many event intervals is stalled. */
export const STALL_INTERVALS = 5;
/** A core busy this much of a window had no time to spare: what was measured on it is bounded by the machine. */
export const SATURATED_PERCENT = 90;
/** File descriptors a process needs besides those of the streams (listeners, NATS, logs, node's own). */
export const FD_MARGIN = 256;

/** Events per stream (content chunks) so that a stream lasts STREAM_SECONDS at `eventMs` apart. */
export function streamEvents(eventMs: number): number {
  return Math.ceil((STREAM_SECONDS * 1000) / eventMs);
}

/** A rough forecast of the phase's seconds; opening is assumed at ~500 streams/s (~1,200 measured on a quiet day). */
export function expectedOpenStreamsSeconds(levels: readonly number[]): number {
  const startup = 15;
  const baseline = (WARMUP_MS + PAUSE_MS + MEASURE_MS) / 1000 + 1;
  const perLevel = levels.reduce((sum, n) => sum + n / 500 + (SETTLE_MS + MEASURE_MS + PAUSE_MS) / 1000, 0);
  return startup + baseline + perLevel;
}
