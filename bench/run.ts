// Benchmark: what the gateway adds, against calling the same mock upstream directly (the floor) and through nginx,
// in the same run. Servers share core 0, every load and probe process runs on core 1 (when taskset exists).
// Phases: throughput (scenarios × concurrency × targets), stream timing (c=1, paced chunks), open streams (split
// mode, concurrent slow streams on one data plane), snapshot scale (split mode, 100,000 keys). Usage and options:
// npm run bench -- --help.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { RUNTIME_ENV } from "../deploy/runtime-env.ts";
import { benchNodeArgs, loadPriority, pinning, spawnChild, waitForLine } from "./children.ts";
import { cleanupAll, onCleanup, tempDir } from "./cleanup.ts";
import { prepareBaseline, type Baseline } from "./baseline.ts";
import { mintKey, startEmbeddedStack, type GatewayStack, type Mode } from "./gateway.ts";
import { setGatewayFrom } from "./gateway-command.ts";
import { startMockProcess } from "./mock-process.ts";
import { startNginx } from "./nginx.ts";
import { openStreams, type OpenStreamsResult } from "./open-streams.ts";
import { openPacketSockets } from "./packet-sockets.ts";
import { probeBundle } from "./probe-bundle.ts";
import { expectedSeconds, parseOptions, type BenchOptions } from "./options.ts";
import { memory } from "./proc.ts";
import { formatOpenStreams, formatSnapshot, type StreamRow } from "./report.ts";
import { collectMeta, writeResults } from "./results.ts";
import { scenarios as allScenarios, STREAM_CHUNKS, type Target, type TargetProcesses } from "./scenarios.ts";
import { unreachable, type ServiceUrls } from "./services.ts";
import { snapshotScale, type SnapshotScaleResult } from "./snapshot-scale.ts";
import { startSplitStack } from "./split.ts";
import { streamTiming } from "./stream-timing.ts";
import { checkTargets, formatTargets } from "./targets.ts";
import { preflightAll, throughput, type Skipped, type ThroughputResult } from "./throughput.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PINNING = pinning
  ? `mock, nginx, embedded gateway and split data planes on core 0; load, probes and the split control plane on core 1 (taskset); ${loadPriority}`
  : "off (no taskset or fewer than 2 cores)";

/** Split mode needs Postgres and NATS: without them it is dropped with a note, unless asked for by name. */
async function usableModes(o: BenchOptions, urls: ServiceUrls, notes: string[]): Promise<Mode[]> {
  if (!o.modes.includes("split")) return o.modes;
  const why = await unreachable(urls);
  if (why === undefined) return o.modes;
  if (o.splitRequired) throw new Error(`split mode needs Postgres and NATS: ${why}`);
  notes.push(`split mode skipped: ${why}`);
  return o.modes.filter((m) => m !== "split");
}

async function gatewayTarget(stack: GatewayStack, mockPid: number, baseline?: Baseline): Promise<Target> {
  const { key } = await mintKey(stack.origin, stack.mgmtKey, "bench");
  const processes: TargetProcesses = { server: [stack.dataPlanePid], memory: stack.dataPlanePid, upstream: mockPid };
  if (stack.controlPlanePid !== undefined) processes.controlPlane = stack.controlPlanePid;
  const name: Target["name"] = baseline ? `${stack.mode}@${baseline.rev}` : stack.mode;
  return { name, origin: stack.origin, authorization: `Bearer ${key}`, gateway: true, processes };
}

function endMemory(stacks: readonly GatewayStack[], targets: readonly Target[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const s of stacks) {
    const name = targets.find((t) => t.processes.server[0] === s.dataPlanePid)?.name ?? s.mode;
    out[`${name} ${s.mode === "split" ? "data plane" : "process"}`] = memory(s.dataPlanePid) ?? null;
    if (s.controlPlanePid !== undefined) out[`${name} control plane`] = memory(s.controlPlanePid) ?? null;
  }
  return out;
}

async function startTargets(o: BenchOptions, modes: readonly Mode[], mock: { origin: string; pid: number }, workDir: string, urls: ServiceUrls): Promise<{ targets: Target[]; stacks: GatewayStack[] }> {
  const targets: Target[] = [{ name: "direct", origin: mock.origin, authorization: "Bearer sk-bench", gateway: false, processes: { server: [mock.pid], memory: mock.pid, upstream: mock.pid } }];
  if (o.nginx) {
    const nginx = await startNginx({ workDir, upstreamPort: Number(new URL(mock.origin).port), cwd: root });
    targets.push({ name: "nginx", origin: nginx.origin, authorization: "Bearer sk-bench", gateway: false, processes: { server: nginx.pids, memory: nginx.workerPid, upstream: mock.pid } });
  }
  if (o.relay) {
    // as the gateway runs: from a bundle (no tsx loader thread beside it) and with the image's environment
    const bundle = await probeBundle(root, "bench/node-relay.ts");
    const relay = spawnChild("relay", [process.execPath, [...benchNodeArgs(), bundle, mock.origin]], { core: 0, cwd: root, env: { ...process.env, ...RUNTIME_ENV } });
    const [, port] = await waitForLine(relay, /READY (\d+)/, 30_000);
    if (relay.proc.pid === undefined) throw new Error("the relay has no pid");
    targets.push({ name: "relay", origin: `http://127.0.0.1:${port}`, authorization: "Bearer sk-bench", gateway: false, processes: { server: [relay.proc.pid], memory: relay.proc.pid, upstream: mock.pid } });
  }
  const stacks: GatewayStack[] = [];
  const start = (mode: Mode, at: string, dir: string) => (mode === "embedded" ? startEmbeddedStack({ root: at, workDir: dir, mockOrigin: mock.origin }) : startSplitStack({ root: at, workDir: dir, mockOrigin: mock.origin, urls }));
  for (const mode of modes) {
    const stack = await start(mode, root, workDir);
    stacks.push(stack);
    onCleanup(`${mode} gateway`, () => stack.close());
    targets.push(await gatewayTarget(stack, mock.pid));
  }
  if (o.baseline !== undefined) {
    const base = prepareBaseline(root, o.baseline);
    console.error(`baseline: ${o.baseline} (${base.commit}), rows ${modes.map((m) => `${m}@${o.baseline}`).join(", ")}`);
    const dir = mkdtempSync(path.join(workDir, "baseline-"));
    for (const mode of modes) {
      const stack = await start(mode, base.root, dir);
      stacks.push(stack);
      onCleanup(`${mode}@${o.baseline} gateway`, () => stack.close());
      targets.push(await gatewayTarget(stack, mock.pid, base));
    }
  }
  return { targets, stacks };
}

async function main(): Promise<void> {
  const o = parseOptions();
  const loadavgStart = os.loadavg();
  const workDir = tempDir(os.tmpdir(), "svc-bench-");
  const urls: ServiceUrls = { adminDatabaseUrl: o.adminDatabaseUrl, natsUrl: o.natsUrl };
  const notes: string[] = [];
  const modes = await usableModes(o, urls, notes);
  setGatewayFrom(o.from);
  const measureTargets = o.phases.includes("throughput") || o.phases.includes("streams");
  const snapshotPhase = o.phases.includes("snapshot") && modes.includes("split") && o.snapshotKeys > 0;
  if (o.phases.includes("snapshot") && !snapshotPhase) notes.push("snapshot phase skipped: it needs split mode and BENCH_SNAPSHOT_KEYS > 0");
  const openStreamsPhase = o.phases.includes("open-streams") && modes.includes("split");
  if (o.phases.includes("open-streams") && !openStreamsPhase) notes.push("open-streams phase skipped: it needs split mode");
  const captures = openPacketSockets();
  if (captures !== undefined && captures > 0) notes.push(`${captures} packet capture socket${captures === 1 ? "" : "s"} open (a tcpdump?): every loopback packet passes ${captures === 1 ? "its filter" : "their filters"}, adding to every target's CPU; stop them for figures that compare with other runs`);
  const scenarios = allScenarios.filter((s) => o.scenarios.includes(s.name));
  const targetCount = 1 + (o.nginx ? 1 : 0) + (o.relay ? 1 : 0) + modes.length * (o.baseline === undefined ? 1 : 2);

  console.error(`phases: ${o.phases.join(", ")}`);
  if (measureTargets) {
    console.error(`targets: direct${o.nginx ? ", nginx" : " (nginx not on PATH or --no-nginx)"}${o.relay ? ", relay" : ""}${modes.map((m) => `, ${m}`).join("")}`);
    console.error(`scenarios: ${scenarios.map((s) => s.name).join(", ")}; connections ${o.connections.join(", ")}; ${o.durationSec} s per run after ${o.warmupSec} s warm-up${o.rounds > 1 ? `, ${o.rounds} rounds (rows: each target's median)` : ""}; load: ${o.loadTool}`);
  }
  console.error(`pinning: ${PINNING}`);
  if (modes.length > 0) console.error(`gateways run from: ${o.from === "bundle" ? "the bundles of npm run build (as the image runs them)" : "the sources through tsx (as the npm scripts run them)"}`);
  for (const n of notes) console.error(`note: ${n}`);
  const [load1 = 0] = loadavgStart;
  // other work on this machine moves absolute figures; ratios against direct and nginx in the same run hold better
  if (load1 > 0.5) console.error(`note: load average ${load1.toFixed(2)} at start; absolute figures will be noisy`);
  console.error(`expected duration: about ${Math.ceil(expectedSeconds(o, targetCount, { snapshot: snapshotPhase, openStreams: openStreamsPhase }) / 60)} min\n`);

  // the open-streams phase streams from a mock of its own
  const mock = measureTargets || snapshotPhase ? await startMockProcess({ root, name: "mock", shape: { chunks: STREAM_CHUNKS, delayMs: 0 } }) : undefined;
  let load: ThroughputResult = { rows: [], runs: [] };
  let streams: StreamRow[] = [];
  let skipped: Skipped[] = [];
  let rssAtEnd: Record<string, unknown> = {};
  if (measureTargets && mock) {
    const { targets, stacks } = await startTargets(o, modes, mock, workDir, urls);
    const preflighted = await preflightAll(scenarios, targets);
    skipped = preflighted.skipped;
    const settings = { root, tool: o.loadTool, durationSec: o.durationSec, warmupSec: o.warmupSec };
    if (o.phases.includes("throughput")) load = await throughput(preflighted.runnable, targets, o.connections, { ...settings, rounds: o.rounds });
    if (o.phases.includes("streams")) streams = await streamTiming({ root, mockOrigin: mock.origin, scenarios: preflighted.runnable, targets, delayMs: o.streamDelayMs, trials: o.streamTrials, rounds: o.streamRounds, warmup: o.streamWarmup });
    rssAtEnd = endMemory(stacks, targets);
    console.log(`RSS at the end: ${Object.entries(rssAtEnd).map(([k, v]) => `${k} ${v ? `${(v as { rssMb: number }).rssMb.toFixed(0)} MB (peak ${(v as { peakRssMb: number }).peakRssMb.toFixed(0)} MB)` : "-"}`).join("; ") || "-"}\n`);
    // the snapshot phase is timed next: these would only add idle work on core 0 and traffic on Postgres and NATS
    for (const s of stacks) await s.close();
  }

  let openStreamsResult: OpenStreamsResult | undefined;
  if (openStreamsPhase) {
    openStreamsResult = await openStreams({ root, workDir, urls, levels: o.openStreamsLevels, eventMs: o.openStreamsEventMs });
    console.log(`${formatOpenStreams(openStreamsResult)}\n`);
  }

  let snapshot: SnapshotScaleResult | undefined;
  if (snapshotPhase && mock) {
    snapshot = await snapshotScale({
      root,
      workDir,
      mockOrigin: mock.origin,
      urls,
      keys: o.snapshotKeys,
      deltaTrials: o.deltaTrials,
      connections: Math.max(...o.connections),
      run: { root, tool: o.loadTool, durationSec: o.durationSec, warmupSec: o.warmupSec },
    });
    console.log(`${formatSnapshot(snapshot)}\n`);
  }

  const checks = checkTargets(load.rows, streams, snapshot, modes);
  console.log(`${formatTargets(checks)}\n`);
  if (load.rows.length > 0) {
    console.log(
      [
        "CPU µs/req: CPU time (user + system, /proc/<pid>/stat) of the serving process(es) during the measured run ÷ answers.",
        "  direct: the mock; nginx: its master + worker (the mock's share not included); embedded: the whole gateway process,",
        "  control plane worker thread included; split: the data plane, the control plane apart in CP µs/req.",
        "after µs/req: CPU the gateway's processes (both, in split mode) spent after the run until quiet ÷ answers: work the",
        "  run left behind, such as a ledger catching up; the CPU target counts the serving process's share of it.",
        "mock µs/req: the mock's CPU per answer (direct: the server's own). It shares the servers' core: a target's throughput",
        "  there is bounded by its CPU plus this; a relay slower than the mock leaves it idle and wakes it more often.",
        "preempted/req: times the serving thread (the mock, nginx's worker, the relay's or gateway's main thread) was switched",
        "  out while still runnable, ÷ answers; mock wakes/req: times the mock slept and was woken, ÷ answers. On the shared",
        "  core a server slower than the mock is preempted by it at its upstream writes, one request a wake-up",
        "  (docs/performance.md, \"who preempts whom\").",
        "RSS: VmRSS right after the measured run (nginx: its worker). Stream timing: see docs/performance.md.",
      ].join("\n"),
    );
  }
  const meta = collectMeta({ loadavgStart, pinning: PINNING, loadTool: o.loadTool, nginx: o.nginx });
  const file = writeResults(root, { meta, options: { ...o, modes }, notes, skipped, load: load.rows, streams, rssAtEnd, openStreams: openStreamsResult, snapshot, targets: checks, runs: load.runs });
  console.log(`results: ${file}`);
}

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping every process and removing databases, streams and temp files…`);
    void cleanupAll().finally(() => process.exit(130));
  });
}

main()
  .catch((err: unknown) => {
    // once interrupted, children die under the runner and their failures are not news
    if (interrupted) return;
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  })
  .finally(() => {
    if (!interrupted) void cleanupAll();
  });
