// What one `npm run bench` does, from its flags and environment; recorded in the results file as is.
import { parseArgs } from "node:util";
import { onPath } from "./children.ts";
import type { Mode } from "./gateway.ts";
import type { GatewayFrom } from "./gateway-command.ts";
import type { LoadTool } from "./load-spec.ts";
import { expectedOpenStreamsSeconds } from "./open-streams-plan.ts";
import { scenarios, type ScenarioName } from "./scenarios.ts";
import { WARMUP_BATCH, WARMUP_CONNECTIONS } from "./stream-timing.ts";

export const USAGE = `npm run bench [-- --mode embedded|split|both] [--phases throughput,streams,open-streams,snapshot] [--direct-only] [--no-nginx] [--no-relay]
  --mode         gateway modes to measure (default both); split needs Postgres and NATS
  --phases       which phases to run (default all four); open-streams and snapshot run in split mode only
  --direct-only  no gateway: only the direct, nginx and relay targets (to check the floors and the load tool)
  --no-nginx     leave nginx out even when it is on PATH
  --no-relay     leave out the bare relay: uWebSockets.js + the gateway's upstream client (the floor of its own stack)
  --baseline     a git revision whose gateway runs beside this one, in every mode measured, as rows "<mode>@<rev>"
                 (before/after figures from the same run; built in a temporary worktree, sharing node_modules, or
                 with its own from npm ci when its package-lock.json differs)
  --from         bundle (default): gateways run as the image runs them, node on the bundles of npm run build;
                 source: from the TypeScript sources through tsx, as the npm scripts run them
environment:
  BENCH_DURATION        seconds per measured run (default 10)
  BENCH_WARMUP          seconds of warm-up before each measured run (default 2)
  BENCH_CONNECTIONS     concurrency levels (default 1,32,128)
  BENCH_ROUNDS          rounds of the throughput runs, every target in turn each round; a row is the target's median
                        round by requests/s (default 1). More rounds make the ratios robust to the machine drifting
  BENCH_SCENARIOS       subset of chat,chat-stream,chat-stream-translated,messages-stream,messages-agent,chat-agent,
                        chat-agent-translated,chat-agent-gemini,embeddings,embeddings-base64 (default all)
  BENCH_LOAD            wrk | autocannon (default wrk when on PATH)
  BENCH_STREAM_DELAY_MS pause between streamed events in the timed streams (default 2)
  BENCH_STREAM_TRIALS   timed streams per target and stream scenario (default 50)
  BENCH_STREAM_ROUNDS   rounds those streams are timed in, every target in turn each round, pooled (default 5)
  BENCH_STREAM_WARMUP   streams each target serves, 16 at a time, before its first timed round (default 4000), so
                        that its stream path is timed as V8 has optimised it under steady traffic (the log shows
                        its CPU a stream batch by batch); 2 more before each round's timed streams
  BENCH_OPEN_STREAMS_LEVELS   concurrent streams held open through one data plane, level by level (default 500,1000,2000,4000)
  BENCH_OPEN_STREAMS_EVENT_MS pause between the events of those streams (default 100)
  BENCH_SNAPSHOT_KEYS   keys in the snapshot-scale phase (default 100000; 0 skips the phase)
  BENCH_DELTA_TRIALS    management changes timed to every replica (default 200)
  DATABASE_URL          Postgres the bench creates its databases on (default postgres://postgres@127.0.0.1:5432/test)
  BENCH_NODE_ARGS       node flags for every server the bench starts, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
  BENCH_REALTIME_LOAD   1 (default): wrk at real-time round-robin priority on the load core where permitted; 0: normal
  NATS_URL              NATS with JetStream (default nats://127.0.0.1:4222)`;

export type Phase = "throughput" | "streams" | "open-streams" | "snapshot";
const PHASES: readonly Phase[] = ["throughput", "streams", "open-streams", "snapshot"];

export interface BenchOptions {
  phases: Phase[];
  /** Gateway modes to measure; empty with --direct-only. */
  modes: Mode[];
  /** Whether split mode was asked for by name (then missing services are an error, not a note). */
  splitRequired: boolean;
  nginx: boolean;
  /** The bare relay: uWebSockets.js + the gateway's upstream client (bench/node-relay.ts). */
  relay: boolean;
  /** How gateways are started: the image's bundles or the sources through tsx. */
  from: GatewayFrom;
  /** A git revision whose gateway is measured beside this one (`--baseline`). */
  baseline: string | undefined;
  durationSec: number;
  warmupSec: number;
  connections: number[];
  /** Throughput rounds per scenario and concurrency, targets in turn each round; rows show each target's median. */
  rounds: number;
  scenarios: ScenarioName[];
  loadTool: LoadTool;
  streamDelayMs: number;
  streamTrials: number;
  /** Streams each target serves before its first timed round of a stream scenario. */
  streamWarmup: number;
  /** Rounds the timed streams are split into, targets in turn each round (stream-timing.ts). */
  streamRounds: number;
  /** Concurrent streams the open-streams phase holds, one level after the other. */
  openStreamsLevels: number[];
  /** The mock's pause between the events of those streams, ms. */
  openStreamsEventMs: number;
  snapshotKeys: number;
  deltaTrials: number;
  adminDatabaseUrl: string;
  natsUrl: string;
}

function num(name: string, fallback: number, valid: (n: number) => boolean): number {
  const raw = process.env[name];
  const n = raw === undefined || raw === "" ? fallback : Number(raw);
  if (!valid(n)) throw new Error(`${name}=${raw} is not valid\n${USAGE}`);
  return n;
}

const positive = (n: number): boolean => n > 0;
const wholeOrZero = (n: number): boolean => Number.isInteger(n) && n >= 0;

export function parseOptions(argv: string[] = process.argv.slice(2)): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      mode: { type: "string", default: "both" },
      phases: { type: "string", default: PHASES.join(",") },
      "direct-only": { type: "boolean", default: false },
      "no-nginx": { type: "boolean", default: false },
      "no-relay": { type: "boolean", default: false },
      from: { type: "string", default: "bundle" },
      baseline: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const modeByFlag: Record<string, Mode[]> = { embedded: ["embedded"], split: ["split"], both: ["embedded", "split"] };
  const modes = modeByFlag[values.mode];
  if (!modes) throw new Error(`--mode ${values.mode}: use embedded, split or both\n${USAGE}`);

  if (values.from !== "bundle" && values.from !== "source") throw new Error(`--from ${values.from}: use bundle or source\n${USAGE}`);
  const phases = values.phases.split(",").map((p) => p.trim());
  const badPhase = phases.find((p) => !PHASES.includes(p as Phase));
  if (badPhase !== undefined) throw new Error(`--phases: unknown ${badPhase}; use ${PHASES.join(", ")}\n${USAGE}`);

  const connections = (process.env["BENCH_CONNECTIONS"] || "1,32,128").split(",").map((s) => Number(s.trim()));
  if (connections.some((c) => !Number.isInteger(c) || c < 1)) throw new Error(`BENCH_CONNECTIONS must be a comma list of positive integers\n${USAGE}`);
  const openStreamsLevels = (process.env["BENCH_OPEN_STREAMS_LEVELS"] || "500,1000,2000,4000").split(",").map((s) => Number(s.trim()));
  if (openStreamsLevels.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`BENCH_OPEN_STREAMS_LEVELS must be a comma list of positive integers\n${USAGE}`);
  const known = scenarios.map((s) => s.name);
  const picked = (process.env["BENCH_SCENARIOS"] || known.join(",")).split(",").map((s) => s.trim());
  const unknown = picked.filter((s) => !known.includes(s as ScenarioName));
  if (unknown.length > 0) throw new Error(`BENCH_SCENARIOS: unknown ${unknown.join(", ")}; known: ${known.join(", ")}`);
  const loadTool = (process.env["BENCH_LOAD"] || (onPath("wrk") ? "wrk" : "autocannon")) as LoadTool;
  if (loadTool !== "wrk" && loadTool !== "autocannon") throw new Error(`BENCH_LOAD must be wrk or autocannon\n${USAGE}`);
  if (loadTool === "wrk" && !onPath("wrk")) throw new Error("BENCH_LOAD=wrk but wrk is not on PATH (apt-get install wrk)");

  return {
    phases: PHASES.filter((p) => phases.includes(p)),
    modes: values["direct-only"] ? [] : modes,
    splitRequired: values.mode === "split" && !values["direct-only"],
    nginx: !values["no-nginx"] && onPath("nginx"),
    relay: !values["no-relay"],
    from: values.from as GatewayFrom,
    baseline: values.baseline || undefined,
    durationSec: num("BENCH_DURATION", 10, positive),
    warmupSec: num("BENCH_WARMUP", 2, (n) => n >= 0),
    connections,
    rounds: num("BENCH_ROUNDS", 1, (n) => Number.isInteger(n) && n > 0),
    scenarios: known.filter((n) => picked.includes(n)),
    loadTool,
    streamDelayMs: num("BENCH_STREAM_DELAY_MS", 2, positive),
    streamTrials: num("BENCH_STREAM_TRIALS", 50, (n) => Number.isInteger(n) && n > 0),
    streamRounds: num("BENCH_STREAM_ROUNDS", 5, (n) => Number.isInteger(n) && n > 0),
    streamWarmup: num("BENCH_STREAM_WARMUP", 4000, (n) => Number.isInteger(n) && n >= 0),
    openStreamsLevels,
    // below 1 ms the mock's timers, not the gateway, would set the pace
    openStreamsEventMs: num("BENCH_OPEN_STREAMS_EVENT_MS", 100, (n) => Number.isFinite(n) && n >= 1),
    snapshotKeys: num("BENCH_SNAPSHOT_KEYS", 100_000, wholeOrZero),
    deltaTrials: num("BENCH_DELTA_TRIALS", 200, (n) => Number.isInteger(n) && n > 0),
    adminDatabaseUrl: process.env["DATABASE_URL"] || "postgres://postgres@127.0.0.1:5432/test",
    natsUrl: process.env["NATS_URL"] || "nats://127.0.0.1:4222",
  };
}

/** A rough forecast printed at the start, so whoever runs it knows whether to wait or come back. */
export function expectedSeconds(o: BenchOptions, targets: number, phases: { snapshot: boolean; openStreams: boolean }): number {
  const perRun = o.durationSec + o.warmupSec + 1.5;
  const load = o.phases.includes("throughput") ? o.scenarios.length * o.connections.length * targets * perRun * o.rounds : 0;
  const streamScenarios = o.phases.includes("streams") ? o.scenarios.filter((name) => scenarios.find((s) => s.name === name)?.stream).length : 0;
  // a timed stream lasts about (chunks + 4 events) × delay; the warm-up streams several at a time by probes of their
  // own (one a batch), 2 more before each round's; ~1.5 s to start each probe
  const rounds = Math.min(o.streamRounds, o.streamTrials);
  // and, where tcpdump can capture, ~1.3 s more for each relay's probe (wire-capture.ts waits out its read timeout)
  const streams = streamScenarios * (targets * ((o.streamTrials + o.streamWarmup / WARMUP_CONNECTIONS + 2 * rounds) * (24 * o.streamDelayMs + 2) / 1000 + 1.5 * (rounds + Math.ceil(o.streamWarmup / WARMUP_BATCH))) + (targets - 1) * rounds * 1.3);
  const startup = load + streams > 0 ? 15 + o.modes.length * 10 : 5;
  const snapshot = phases.snapshot ? 40 + o.snapshotKeys / 20_000 + perRun + o.deltaTrials * 0.03 : 0;
  const openStreams = phases.openStreams ? expectedOpenStreamsSeconds(o.openStreamsLevels) : 0;
  return load + streams + startup + snapshot + openStreams;
}
