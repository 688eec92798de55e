// The stream-timing phase: the mock pauses between events and stamps each content chunk, and a probe reads the
// streams of every target one at a time (concurrency 1) on the load core.
import os from "node:os";
import { runJsonChild } from "./children.ts";
import { tempDir } from "./cleanup.ts";
import { cpuNanosOf } from "./proc.ts";
import { probeBundle } from "./probe-bundle.ts";
import { untilQuiet } from "./quiet.ts";
import { summarise } from "./stats.ts";
import { setStreamShape } from "./fast-mock.ts";
import { formatStreamTable, streamRows, type StreamRow } from "./report.ts";
import { LOAD_CORE } from "./runs.ts";
import { requestHeaders, STREAM_CHUNKS, type Scenario, type Target, type TargetName } from "./scenarios.ts";
import type { StreamProbeConfig, StreamProbeOutput } from "./stream-probe.ts";
import { poolWire, startWireCapture, wireCaptureAvailable, wireTiming, type WireTiming } from "./wire-capture.ts";

/** The warm-up streams before a target's first round run this many at a time (stream-probe.ts). */
export const WARMUP_CONNECTIONS = 16;
/** The warm-up streams come in batches of this many, the target's CPU read after each (the log's warm-up curve). */
export const WARMUP_BATCH = 500;
/** A probe of a later round finds the target warm: fewer streams before the timed ones. */
const LATER_WARMUP_STREAMS = 2;
/** Run from its bundle, not through tsx (probe-bundle.ts). */
const PROBE = "bench/stream-probe.ts";

/** How many of `trials` streams round `round` (0-based) of `rounds` times: as even as whole streams allow. */
function roundTrials(trials: number, rounds: number, round: number): number {
  return Math.floor(trials / rounds) + (round < trials % rounds ? 1 : 0);
}

/** Several probes of one target as one: their streams pooled, the summaries taken over all of them. */
function poolProbes(probes: readonly StreamProbeOutput[]): StreamProbeOutput {
  const samples = {
    ttfbMs: probes.flatMap((p) => p.samples.ttfbMs),
    relayMs: probes.flatMap((p) => p.samples.relayMs),
    gapMs: probes.flatMap((p) => p.samples.gapMs),
    // what the stamps were for (the capture) is done: the results file need not list every chunk
    stamps: [],
  };
  const sum = (f: (p: StreamProbeOutput) => number): number => probes.reduce((a, p) => a + f(p), 0);
  return {
    trials: sum((p) => p.trials),
    ttfbMs: summarise(samples.ttfbMs),
    relayMs: summarise(samples.relayMs),
    gapMs: summarise(samples.gapMs),
    heldBack: sum((p) => p.heldBack),
    chunksChecked: sum((p) => p.chunksChecked),
    samples,
  };
}

/**
 * Each stream scenario's `trials` streams per target are timed in `rounds` rounds, every target in turn in each
 * round, and pooled: this machine's speed drifts over minutes, and a target timed in one block of its own took
 * that block's speed with it (one run had nginx at +0.40 ms over direct and the bare relay at +0.73, both above
 * the gateway's +0.29; docs/performance.md).
 */
export async function streamTiming(opts: { root: string; mockOrigin: string; scenarios: readonly Scenario[]; targets: readonly Target[]; delayMs: number; trials: number; rounds: number; warmup: number }): Promise<StreamRow[]> {
  const rows: StreamRow[] = [];
  const rounds = Math.min(opts.rounds, opts.trials);
  const bundle = await probeBundle(opts.root, PROBE);
  const captures = wireCaptureAvailable() ? tempDir(os.tmpdir(), "svc-bench-wire-") : undefined;
  const mockPort = Number(new URL(opts.mockOrigin).port);
  await setStreamShape(opts.mockOrigin, { chunks: STREAM_CHUNKS, delayMs: opts.delayMs });
  try {
    for (const scenario of opts.scenarios.filter((s) => s.stream)) {
      const probes = new Map<TargetName, StreamProbeOutput[]>();
      const wires = new Map<TargetName, WireTiming[]>();
      for (let round = 0; round < rounds; round++) {
        for (const target of opts.targets) {
          const config: StreamProbeConfig = {
            origin: target.origin,
            path: scenario.path,
            headers: requestHeaders(target, scenario),
            body: scenario.body,
            trials: roundTrials(opts.trials, rounds, round),
            warmupTrials: LATER_WARMUP_STREAMS,
            warmupConnections: 1,
          };
          // the target's stream path warmed first as steady traffic warms it (V8 optimises what runs often), by
          // probes of its own, so that the usage of those streams is applied before any is timed (below)
          if (round === 0 && opts.warmup > 0) {
            const warm = (streams: number) => runJsonChild<StreamProbeOutput>(`stream warm-up ${target.name}/${scenario.name}`, PROBE, { ...config, trials: 0, warmupTrials: streams, warmupConnections: WARMUP_CONNECTIONS }, { core: LOAD_CORE, cwd: opts.root, bundle });
            const curve = await warmInBatches(warm, target.processes.server, opts.warmup);
            if (curve.length > 0) console.error(`${scenario.name} warm-up ${target.name}: ${opts.warmup} streams; its CPU µs a stream, batch by batch: ${curve.map((u) => u.toFixed(0)).join(", ")}`);
          }
          // as before each throughput run: what the target before left behind (a ledger applying its streams'
          // usage, on the core the next gateway runs on) must not land in this target's streams
          const settled = await untilQuiet();
          if (settled.stillBusy) console.error(`${scenario.name} timed ${target.name}: the cores were still busy after ${settled.waitedMs} ms; timing anyway`);
          // direct has no relay: the mock's own chunks are what the probe reads
          const targetPort = Number(new URL(target.origin).port);
          const capture = captures !== undefined && targetPort !== mockPort ? await startWireCapture(captures, `${scenario.name}-${target.name}-${round}`, [mockPort, targetPort]) : undefined;
          const probe = await runJsonChild<StreamProbeOutput>(`stream probe ${target.name}/${scenario.name}`, PROBE, config, { core: LOAD_CORE, cwd: opts.root, bundle });
          probes.set(target.name, [...(probes.get(target.name) ?? []), probe]);
          let onWire = "";
          if (capture) {
            const { sightings, segments, dropped } = await capture.stop();
            const wire = wireTiming(probe.samples.stamps, sightings, mockPort, targetPort, segments);
            wires.set(target.name, [...(wires.get(target.name) ?? []), wire]);
            const at = wire.heldAt.length > 0 ? ` (chunks ${wire.heldAt.join(", ")})` : "";
            onWire = `, on the wire ${wire.heldBack}/${wire.chunksChecked}${at}${dropped > 0 ? ` (tcpdump dropped ${dropped} packets)` : ""}`;
          }
          console.error(`${scenario.name} timed ${target.name} (round ${round + 1} of ${rounds}): TTFB p50 ${probe.ttfbMs.p50.toFixed(3)} ms, relay p50 ${probe.relayMs.p50.toFixed(3)} ms, held back ${probe.heldBack}/${probe.chunksChecked}${onWire}`);
        }
      }
      const pooled = new Map([...probes].map(([name, each]) => [name, poolProbes(each)] as const));
      const scenarioRows = streamRows(scenario.name, pooled, new Map([...wires].map(([name, each]) => [name, poolWire(each)] as const)));
      console.log(`${formatStreamTable(`stream timing: ${scenario.title}, c=1, ${opts.delayMs} ms between events, ${opts.trials} streams per target in ${rounds} rounds`, scenarioRows)}\n`);
      rows.push(...scenarioRows);
    }
  } finally {
    // the throughput shape again, in case anything runs after this phase
    await setStreamShape(opts.mockOrigin, { chunks: STREAM_CHUNKS, delayMs: 0 }).catch(() => undefined);
  }
  return rows;
}

/**
 * Serves `streams` warm-up streams in batches, and returns the target's CPU µs a stream in each (empty where the
 * kernel keeps no per-thread counts): the curve shows in the log whether it had flattened. V8 goes on optimising a
 * stream path (and, hit by a case it had not seen, deoptimising and optimising again) for thousands of streams, its
 * compiler on the servers' core; a target timed in that tail took its compiles into its first chunk
 * (docs/performance.md, the session of 01:18 UTC, 2026-11-29).
 */
async function warmInBatches(warm: (streams: number) => Promise<unknown>, pids: readonly number[], streams: number): Promise<number[]> {
  const curve: number[] = [];
  for (let done = 0; done < streams; ) {
    const n = Math.min(WARMUP_BATCH, streams - done);
    const before = cpuNanosOf(pids);
    await warm(n);
    const after = cpuNanosOf(pids);
    done += n;
    if (before !== undefined && after !== undefined) curve.push((after - before) / 1000 / n);
  }
  return curve;
}
