// The snapshot-scale phase (split mode): a control plane holding N keys (100,000 by default) and two data planes
// on it. Measures the snapshot in parts, each replica's start → listening → ready, one replica's memory under
// load with that snapshot, and how long a management change takes to be in force on every replica.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { runJsonChild, stopChild, tail, waitForHttp, type Child } from "./children.ts";
import type { DeltaProbeConfig, DeltaProbeOutput } from "./delta-probe.ts";
import { mintKey } from "./gateway.ts";
import { freePort } from "../test/harness/ports.ts";
import { memory } from "./proc.ts";
import { LOAD_CORE, runLoad, type RunSettings } from "./runs.ts";
import { scenarios, type Target } from "./scenarios.ts";
import { seedKeys } from "./seed-keys.ts";
import { freshResources, type ServiceUrls } from "./services.ts";
import type { SnapshotProbeConfig, SnapshotProbeOutput } from "./snapshot-probe.ts";
import { newSplitSetup, spawnDataPlane, startControlPlane, type ServerProcess } from "./split.ts";

export interface ReplicaStart {
  name: string;
  /** Process start → /health answers: Node, tsx, the catalog, the NATS connection, the listener. */
  startToListenMs?: number;
  /** /health → /ready: the first full snapshot fetched, decoded and applied (the replica listens before it loads). */
  listenToReadyMs?: number;
  startToReadyMs?: number;
  rssAfterReadyMb?: number;
  /** What the control plane answered from: the database (the first full since the keys were written) or its kept copy. */
  source: "database" | "kept";
}

export interface SnapshotScaleResult {
  keys: number;
  seedMs: number;
  snapshot?: SnapshotProbeOutput;
  replicas: ReplicaStart[];
  underLoad?: {
    connections: number;
    requestsPerSec: number;
    failed: number;
    rssMb: number | null;
    peakRssMb: number | null;
    cpuUsPerRequest: number | null;
    /** The replica's svc_usage_pending_events right after the load: events the ledger had not confirmed yet, held in memory. */
    pendingEventsAtEnd: number | null;
  };
  delta?: DeltaProbeOutput;
  /** What could not be measured, and why. */
  problems: string[];
}

/** Long enough for a slow snapshot, short enough that a replica that never loads one does not stall the run. */
const READY_LIMIT_MS = 30_000;
/** Poll interval while timing start-up: the resolution of the start-up figures. */
const POLL_MS = 10;

export interface SnapshotScaleOptions {
  root: string;
  workDir: string;
  mockOrigin: string;
  urls: ServiceUrls;
  keys: number;
  deltaTrials: number;
  connections: number;
  run: RunSettings;
}

async function timeStart(dp: ServerProcess, name: string, source: ReplicaStart["source"], spawnedAt: number, cp: ServerProcess): Promise<{ start: ReplicaStart; problem?: string }> {
  const start: ReplicaStart = { name, source };
  const why = (): string => `--- ${name} (${dp.logFile}) ---\n${tail(dp.logFile, 2000)}\n--- control plane (${cp.logFile}) ---\n${tail(cp.logFile, 2000)}`;
  try {
    const listening = await waitForHttp(dp.child, `${dp.origin}/health`, 60_000, why, { everyMs: POLL_MS });
    start.startToListenMs = listening - spawnedAt;
    const ready = await waitForHttp(dp.child, `${dp.origin}/ready`, READY_LIMIT_MS, why, { everyMs: POLL_MS });
    start.listenToReadyMs = ready - listening;
    start.startToReadyMs = ready - spawnedAt;
    start.rssAfterReadyMb = memory(dp.pid)?.rssMb;
    return { start };
  } catch (err) {
    const cpState = cp.child.proc.exitCode !== null || cp.child.proc.signalCode !== null ? `the control plane has exited (${cp.child.proc.exitCode ?? cp.child.proc.signalCode})` : "the control plane is still running";
    return { start, problem: `${name} did not become ready (${cpState}): ${err instanceof Error ? err.message : String(err)}` };
  }
}

export async function snapshotScale(o: SnapshotScaleOptions): Promise<SnapshotScaleResult> {
  const workDir = path.join(o.workDir, "snapshot-scale");
  mkdirSync(workDir);
  const resources = await freshResources(o.urls);
  const setup = newSplitSetup({ root: o.root, workDir, mockOrigin: o.mockOrigin, urls: o.urls, resources });
  const children: Child[] = [];
  const result: SnapshotScaleResult = { keys: o.keys, seedMs: Number.NaN, replicas: [], problems: [] };
  const probe = (fetch: boolean): Promise<SnapshotProbeOutput> =>
    runJsonChild<SnapshotProbeOutput>(
      `snapshot probe (${fetch ? "fetch" : "build"})`,
      "bench/snapshot-probe.ts",
      { databaseUrl: resources.databaseUrl, natsUrl: o.urls.natsUrl, natsPrefix: resources.natsPrefix, repeats: 3, build: !fetch, fetch } satisfies SnapshotProbeConfig,
      // it does a data plane's (or the control plane's) work, so it runs where they run
      { core: 0, cwd: o.root },
    );
  try {
    const cp = await startControlPlane(setup, "controlplane");
    children.push(cp.child);
    result.seedMs = (await seedKeys(resources.databaseUrl, setup.keyHashSecret, o.keys)).ms;
    result.snapshot = await probe(false);
    // the snapshot travels in parts of PART_BYTES (proto/snapshot-parts.ts), so NATS max_payload does not bound it

    // one replica at a time, so the two start-ups do not share the core they are timed on. The keys were written
    // behind the control plane's back, so the first replica's full snapshot is read from the database (as after a
    // control plane restart); the second is answered from the control plane's kept copy (a replica joining a
    // running cluster).
    const replicas: ServerProcess[] = [];
    // the loaded replica's metrics say how many usage events it still holds unconfirmed when the load ends
    const metricsPort = await freePort();
    for (const name of ["replica-a", "replica-b"]) {
      const spawnedAt = performance.now();
      const dp = await spawnDataPlane(setup, name, cp.origin, replicas.length === 0 ? { METRICS_PORT: String(metricsPort) } : {});
      children.push(dp.child);
      const { start, problem } = await timeStart(dp, name, replicas.length === 0 ? "database" : "kept", spawnedAt, cp);
      result.replicas.push(start);
      if (problem) {
        result.problems.push(problem);
        return result;
      }
      replicas.push(dp);
    }
    const [a, b] = replicas as [ServerProcess, ServerProcess];
    const fetched = await probe(true);
    if (result.snapshot) result.snapshot.fetch = fetched.fetch;

    const { key } = await mintKey(a.origin, setup.mgmtKey, "snapshot-scale-load");
    const target: Target = { name: "split", origin: a.origin, authorization: `Bearer ${key}`, gateway: true, processes: { server: [a.pid], memory: a.pid, controlPlane: cp.pid } };
    const chat = scenarios.find((s) => s.name === "chat")!;
    // back at once, so the usage events still unconfirmed are read as the load left them
    const out = await runLoad(target, chat, o.connections, o.run, { settle: false });
    const pendingEventsAtEnd = await pendingUsageEvents(metricsPort);
    const cpu = out.cpuSeconds["server"];
    result.underLoad = {
      connections: o.connections,
      requestsPerSec: out.ok / out.durationSec,
      failed: out.failed,
      rssMb: out.memory["server"]?.rssMb ?? null,
      peakRssMb: out.memory["server"]?.peakRssMb ?? null,
      cpuUsPerRequest: cpu === null || cpu === undefined || out.responses === 0 ? null : (cpu * 1e6) / out.responses,
      pendingEventsAtEnd,
    };

    result.delta = await runJsonChild<DeltaProbeOutput>(
      "delta probe",
      "bench/delta-probe.ts",
      { controlPlaneOrigin: cp.origin, mgmtKey: setup.mgmtKey, replicas: [a.origin, b.origin], trials: o.deltaTrials } satisfies DeltaProbeConfig,
      { core: LOAD_CORE, cwd: o.root },
    );
    return result;
  } finally {
    for (const child of children.reverse()) await stopChild(child);
    await resources.release();
  }
}

/** svc_usage_pending_events from a data plane's metrics port, or null when it cannot be read. */
async function pendingUsageEvents(metricsPort: number): Promise<number | null> {
  try {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { signal: AbortSignal.timeout(2_000) })).text();
    const m = /^svc_usage_pending_events(?:\{[^}]*\})? (\d+)$/m.exec(text);
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}
