// Times streams one at a time (concurrency 1) against a mock that pauses between events and stamps each content
// chunk with the moment it wrote it. Per target: time to the first SSE event, each chunk's relay time (arrival
// minus its stamp), and how many chunks were held back: arrived only once the upstream had already sent the
// next one, which a relay that buffers or merges events cannot avoid.
// Usage: tsx bench/stream-probe.ts '<StreamProbeConfig JSON>' (or @<file>, bench/child-config.ts)  → prints one StreamProbeOutput JSON line.
import { childConfig } from "./child-config.ts";
import { STAMP_PATTERN } from "./mock-streams.ts";
import { RawHttpConnection, nowUs } from "./raw-http.ts";
import { summarise, type Summary } from "./stats.ts";

export interface StreamProbeConfig {
  origin: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  trials: number;
  /** Streams before the timed ones, spread over `warmupConnections` at once (the timed one among them). */
  warmupTrials: number;
  warmupConnections: number;
}

export interface StreamProbeOutput {
  trials: number;
  /** Request written → first SSE event read, ms. */
  ttfbMs: Summary;
  /** Per content chunk: read at the client − written by the mock, ms (clocks of one machine). */
  relayMs: Summary;
  /** Gap between the reads of two consecutive content chunks, ms (the mock pauses delayMs between writes). */
  gapMs: Summary;
  /** Content chunks that arrived no earlier than the mock wrote the next one. */
  heldBack: number;
  /** Content chunks that had a next one to be held behind. */
  chunksChecked: number;
  /**
   * The values summarised above, so that several probes' streams can be pooled (stream-timing.ts); `stamps`: each
   * timed stream's chunks by their stamps, in order, to find them in a capture (wire-capture.ts).
   */
  samples: { ttfbMs: number[]; relayMs: number[]; gapMs: number[]; stamps: number[][] };
}

/** A block that carries data: an event, not a comment. */
const DATA_LINE = /^data:/m;

interface Event {
  atUs: number;
  stampUs?: number;
}

async function oneStream(conn: RawHttpConnection, c: StreamProbeConfig): Promise<{ sentUs: number; events: Event[] }> {
  const events: Event[] = [];
  let pending = "";
  const startUs = nowUs();
  const res = await conn.request(c.path, c.headers, c.body, (text, atUs) => {
    pending += text;
    // an event is complete at its blank line; it arrived with the read that completed it
    for (let end = pending.indexOf("\n\n"); end !== -1; end = pending.indexOf("\n\n")) {
      const block = pending.slice(0, end);
      pending = pending.slice(end + 2);
      // a comment (the gateway's, when a provider's first event is late) is not a chunk: the first chunk is timed
      if (!DATA_LINE.test(block)) continue;
      const stamp = STAMP_PATTERN.exec(block)?.[1];
      events.push(stamp === undefined ? { atUs } : { atUs, stampUs: Number(stamp) });
    }
  });
  if (res.status !== 200) throw new Error(`${c.origin}${c.path} answered ${res.status}`);
  if (!events.some((e) => e.stampUs !== undefined)) throw new Error(`${c.origin}${c.path}: no stamped chunk came through; is the mock's delay set?`);
  return { sentUs: startUs, events };
}

/**
 * Streams before the timed ones, so that the target's stream path runs as it does under steady traffic, compiled
 * by V8's optimising tier, rather than as it does a few streams after a start. Several at once: a few hundred one
 * after another would take ~50 ms each.
 */
async function warmUp(first: RawHttpConnection, c: StreamProbeConfig): Promise<void> {
  const others = await Promise.all(Array.from({ length: Math.max(0, Math.min(c.warmupConnections, c.warmupTrials) - 1) }, () => RawHttpConnection.connect(c.origin)));
  const conns = [first, ...others];
  let left = c.warmupTrials;
  await Promise.all(
    conns.map(async (one) => {
      while (left > 0) {
        left--;
        await oneStream(one, c);
      }
    }),
  );
  for (const one of others) one.close();
}

const config = childConfig<StreamProbeConfig>("stream-probe.ts", "StreamProbeConfig");

const conn = await RawHttpConnection.connect(config.origin);
await warmUp(conn, config);
const ttfb: number[] = [];
const relay: number[] = [];
const gaps: number[] = [];
const stamps: number[][] = [];
let heldBack = 0;
let chunksChecked = 0;
for (let i = 0; i < config.trials; i++) {
  const { sentUs, events } = await oneStream(conn, config);
  ttfb.push((events[0]!.atUs - sentUs) / 1000);
  const stamped = events.filter((e): e is Required<Event> => e.stampUs !== undefined);
  stamps.push(stamped.map((e) => e.stampUs));
  stamped.forEach((e, k) => {
    relay.push((e.atUs - e.stampUs) / 1000);
    const next = stamped[k + 1];
    if (!next) return;
    gaps.push((next.atUs - e.atUs) / 1000);
    chunksChecked++;
    if (e.atUs >= next.stampUs) heldBack++;
  });
}
conn.close();
const output: StreamProbeOutput = { trials: config.trials, ttfbMs: summarise(ttfb), relayMs: summarise(relay), gapMs: summarise(gaps), heldBack, chunksChecked, samples: { ttfbMs: ttfb, relayMs: relay, gapMs: gaps, stamps } };
process.stdout.write(`${JSON.stringify(output)}\n`);
