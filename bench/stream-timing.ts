// The stream-timing phase: the mock pauses between events and stamps each content chunk, and a probe reads the
// streams of every target one at a time (concurrency 1) on the load core.
import { runJsonChild } from "./children.ts";
import { untilQuiet } from "./quiet.ts";
import { setStreamShape } from "./fast-mock.ts";
import { formatStreamTable, streamRows, type StreamRow } from "./report.ts";
import { LOAD_CORE } from "./runs.ts";
import { requestHeaders, STREAM_CHUNKS, type Scenario, type Target, type TargetName } from "./scenarios.ts";
import type { StreamProbeConfig, StreamProbeOutput } from "./stream-probe.ts";

const WARMUP_STREAMS = 5;

export async function streamTiming(opts: { root: string; mockOrigin: string; scenarios: readonly Scenario[]; targets: readonly Target[]; delayMs: number; trials: number }): Promise<StreamRow[]> {
  const rows: StreamRow[] = [];
  await setStreamShape(opts.mockOrigin, { chunks: STREAM_CHUNKS, delayMs: opts.delayMs });
  try {
    for (const scenario of opts.scenarios.filter((s) => s.stream)) {
      const probes = new Map<TargetName, StreamProbeOutput>();
      for (const target of opts.targets) {
        // as before each throughput run: what the target before left behind (a ledger applying its streams'
        // usage, on the core the next gateway runs on) must not land in this target's streams
        const settled = await untilQuiet();
        if (settled.stillBusy) console.error(`${scenario.name} timed ${target.name}: the cores were still busy after ${settled.waitedMs} ms; timing anyway`);
        const config: StreamProbeConfig = { origin: target.origin, path: scenario.path, headers: requestHeaders(target, scenario), body: scenario.body, trials: opts.trials, warmupTrials: WARMUP_STREAMS };
        const probe = await runJsonChild<StreamProbeOutput>(`stream probe ${target.name}/${scenario.name}`, "bench/stream-probe.ts", config, { core: LOAD_CORE, cwd: opts.root });
        probes.set(target.name, probe);
        console.error(`${scenario.name} timed ${target.name}: TTFB p50 ${probe.ttfbMs.p50.toFixed(3)} ms, relay p50 ${probe.relayMs.p50.toFixed(3)} ms, held back ${probe.heldBack}/${probe.chunksChecked}`);
      }
      const scenarioRows = streamRows(scenario.name, probes);
      console.log(`${formatStreamTable(`stream timing: ${scenario.title}, c=1, ${opts.delayMs} ms between events, ${opts.trials} streams per target`, scenarioRows)}\n`);
      rows.push(...scenarioRows);
    }
  } finally {
    // the throughput shape again, in case anything runs after this phase
    await setStreamShape(opts.mockOrigin, { chunks: STREAM_CHUNKS, delayMs: 0 }).catch(() => undefined);
  }
  return rows;
}
