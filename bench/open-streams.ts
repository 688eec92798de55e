// The open-streams phase (split mode): how many concurrent streams one data plane holds, and what each costs in
// memory and CPU. Its own mock, streaming long and slowly, and its own control plane and data plane, so neither the
// other phases' upstream connections nor their heap show in these figures. The data plane has core 0 to itself:
// the mock (the providers) and the probe (the clients) are other machines in production, so they run on the load
// core; at thousands of streams the mock alone needs half a core, which on the data plane's core would halve what
// the data plane can relay.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { loadDataPlaneConfig } from "../dataplane/src/config.ts";
import { runJsonChild, stopChild } from "./children.ts";
import { mintKey } from "./gateway.ts";
import { startMockProcess, type MockProcess } from "./mock-process.ts";
import type { OpenStreamsProbeConfig, OpenStreamsProbeOutput } from "./open-streams-probe.ts";
import { FD_MARGIN, SATURATED_PERCENT, streamEvents } from "./open-streams-plan.ts";
import { openFilesLimit } from "./proc.ts";
import { LOAD_CORE } from "./runs.ts";
import { requestHeaders, scenarios } from "./scenarios.ts";
import type { ServiceUrls } from "./services.ts";
import { startSplitStack } from "./split.ts";

/** Where bench/split.ts runs data planes. */
const DATA_PLANE_CORE = 0;

export interface OpenStreamsResult extends OpenStreamsProbeOutput {
  eventMs: number;
  /** Events per stream: every stream lasts longer than a level is held open. */
  streamEvents: number;
  /** The levels run (those asked for, less any the file descriptor limit rules out). */
  levelsRun: number[];
  /** The data plane's per-provider cap (SVC_UPSTREAM_CONNECTIONS as the bench runs it: its default). */
  upstreamConnections: number;
  /** The data plane's `ulimit -n`. */
  openFilesLimit: number | null;
  /** The data plane's core, and the core of the mock, the probe and the control plane. */
  cores: { dataPlane: number; load: number };
  /** What could not be measured as asked, and why. */
  problems: string[];
}

export interface OpenStreamsOptions {
  root: string;
  workDir: string;
  urls: ServiceUrls;
  levels: number[];
  eventMs: number;
}

/** A level the data plane cannot hold for lack of file descriptors (one to the client and one upstream per stream) is left out. */
function levelsWithinFdLimit(levels: readonly number[], limit: number | undefined, problems: string[]): number[] {
  if (limit === undefined) return [...levels];
  const fits = (n: number): boolean => 2 * n + FD_MARGIN <= limit;
  const out = levels.filter(fits);
  const dropped = levels.filter((n) => !fits(n));
  if (dropped.length > 0) problems.push(`left out ${dropped.join(", ")} streams: the data plane needs 2 file descriptors per stream and its ulimit -n is ${limit}`);
  return out;
}

/** Levels at which a core had no time to spare, so that what failed, stalled or lagged may be the machine's doing. */
function saturation(probe: OpenStreamsProbeOutput): string[] {
  const out: string[] = [];
  for (const l of probe.levels) {
    const dp = l.coreBusyPercent[DATA_PLANE_CORE];
    const load = l.coreBusyPercent[LOAD_CORE];
    if (dp != null && dp >= SATURATED_PERCENT) {
      const own = l.cpuPercent;
      // whose time it was tells a data plane at its CPU limit from one crowded out by other work on the machine
      const others = own === null ? "" : dp - own >= 20 ? `, ${(dp - own).toFixed(0)} % other processes'` : "";
      out.push(`${l.level} streams: the data plane's core was ${dp.toFixed(0)} % busy, ${own?.toFixed(0) ?? "-"} % of it the data plane's own${others}: CPU, not memory, bounded this level`);
    }
    if (load != null && load >= SATURATED_PERCENT) out.push(`${l.level} streams: the load core (probe, mock, control plane) was ${load.toFixed(0)} % busy: stalls and delays at this level may be the probe's or the mock's own`);
  }
  return out;
}

export async function openStreams(o: OpenStreamsOptions): Promise<OpenStreamsResult> {
  const workDir = path.join(o.workDir, "open-streams");
  mkdirSync(workDir);
  const problems: string[] = [];
  // the gateway's environment leaves SVC_ settings out (bench/gateway.ts), so the data plane runs with the default
  const upstreamConnections = loadDataPlaneConfig({}).upstreamConnections;
  const overCap = o.levels.filter((n) => n > upstreamConnections);
  if (overCap.length > 0) problems.push(`${overCap.join(", ")} streams exceed SVC_UPSTREAM_CONNECTIONS (${upstreamConnections}): streams past it wait for an upstream connection and show as failed`);
  const events = streamEvents(o.eventMs);
  let mock: MockProcess | undefined;
  let closeStack: (() => Promise<void>) | undefined;
  try {
    mock = await startMockProcess({ root: o.root, name: "open-streams mock", shape: { chunks: events, delayMs: o.eventMs }, core: LOAD_CORE });
    const stack = await startSplitStack({ root: o.root, workDir, mockOrigin: mock.origin, urls: o.urls });
    closeStack = stack.close;
    const fdLimit = openFilesLimit(stack.dataPlanePid);
    const levels = levelsWithinFdLimit(o.levels, fdLimit, problems);
    const { key } = await mintKey(stack.origin, stack.mgmtKey, "open-streams");
    const chat = scenarios.find((s) => s.name === "chat-stream")!;
    const headers = requestHeaders({ name: "split", origin: stack.origin, authorization: `Bearer ${key}`, gateway: true, processes: { server: [stack.dataPlanePid], memory: stack.dataPlanePid } }, chat);
    const config: OpenStreamsProbeConfig = { origin: stack.origin, path: chat.path, headers, body: chat.body, levels, eventMs: o.eventMs, dataPlanePid: stack.dataPlanePid, mockPid: mock.pid };
    const probe = await runJsonChild<OpenStreamsProbeOutput>("open-streams probe", "bench/open-streams-probe.ts", config, { core: LOAD_CORE, cwd: o.root });
    if (probe.stopped !== undefined) problems.push(`stopped early: ${probe.stopped}`);
    problems.push(...saturation(probe));
    return { ...probe, eventMs: o.eventMs, streamEvents: events, levelsRun: levels, upstreamConnections, openFilesLimit: fdLimit ?? null, cores: { dataPlane: DATA_PLANE_CORE, load: LOAD_CORE }, problems };
  } finally {
    // the probe has exited (or been stopped) by now, so no stream holds the stack up while it drains
    if (closeStack) await closeStack();
    if (mock) await stopChild(mock.child);
  }
}
