// Turns measurements into comparisons and tables; pure functions, no I/O besides the returned text.
import type { LoadOutput } from "./load-spec.ts";
import type { OpenStreamsResult } from "./open-streams.ts";
import type { TargetName } from "./scenarios.ts";
import type { SnapshotScaleResult } from "./snapshot-scale.ts";
import type { StreamProbeOutput } from "./stream-probe.ts";
import type { WireTiming } from "./wire-capture.ts";

export interface Measurement {
  /** 2xx answers per second: a fast stream of errors must not look like throughput. */
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  failed: number;
  /** CPU the serving process(es) spent per answer in the measured run, µs. */
  cpuUsPerRequest: number | null;
  /** Split mode: the control plane's CPU per answer (ledger, deltas), µs. */
  controlPlaneCpuUsPerRequest: number | null;
  /** What the serving process(es) spent after the run until quiet, per answer, µs (e.g. an embedded ledger catching up). */
  cpuAfterUsPerRequest: number | null;
  /** The same for the split control plane. */
  controlPlaneCpuAfterUsPerRequest: number | null;
  /**
   * The mock's CPU per answer (for direct, the server's own): it shares the servers' core, so a target's
   * throughput there is bounded by this plus its own. A relay slower than the mock leaves it idle between
   * requests and wakes it more often, each wake-up costing it CPU.
   */
  upstreamCpuUsPerRequest: number | null;
  rssMb: number | null;
  controlPlaneRssMb: number | null;
  /**
   * Times per answer the serving thread was preempted (switched out while it still had work): on the shared core,
   * mostly by the mock waking to a request it had just written (docs/performance.md, "who preempts whom").
   */
  preemptedPerRequest: number | null;
  /** Times per answer the mock went to sleep and was woken again: 1 ÷ the requests it found per wake-up. */
  upstreamWakesPerRequest: number | null;
}

export interface LoadRow {
  scenario: string;
  connections: number;
  target: TargetName;
  m: Measurement;
  /** p50 − direct's p50, ms. */
  addedP50Ms?: number;
  /** req/s ÷ direct's req/s: 1 means the relay costs nothing. */
  vsDirect?: number;
  vsNginx?: number;
}

export interface StreamRow {
  scenario: string;
  target: TargetName;
  probe: StreamProbeOutput;
  /** The same streams as tcpdump saw them leave the relay (wire-capture.ts); absent for direct, or without tcpdump. */
  wire?: WireTiming;
  addedTtfbP50Ms?: number;
  addedRelayP50Ms?: number;
}

const perRequestUs = (cpuSeconds: number | null | undefined, responses: number): number | null =>
  cpuSeconds === null || cpuSeconds === undefined || responses === 0 ? null : (cpuSeconds * 1e6) / responses;

const perRequest = (count: number | undefined, responses: number): number | null => (count === undefined || responses === 0 ? null : count / responses);

export function measure(out: LoadOutput): Measurement {
  return {
    requestsPerSec: out.ok / out.durationSec,
    p50Ms: out.latencyMs.p50,
    p99Ms: out.latencyMs.p99,
    failed: out.failed,
    cpuUsPerRequest: perRequestUs(out.cpuSeconds["server"], out.responses),
    controlPlaneCpuUsPerRequest: perRequestUs(out.cpuSeconds["controlPlane"], out.responses),
    cpuAfterUsPerRequest: perRequestUs(out.cpuAfterSeconds["server"], out.responses),
    controlPlaneCpuAfterUsPerRequest: perRequestUs(out.cpuAfterSeconds["controlPlane"], out.responses),
    upstreamCpuUsPerRequest: perRequestUs(out.cpuSeconds["upstream"], out.responses),
    rssMb: out.memory["server"]?.rssMb ?? null,
    controlPlaneRssMb: out.memory["controlPlane"]?.rssMb ?? null,
    preemptedPerRequest: perRequest(out.switches["server"]?.involuntary, out.responses),
    upstreamWakesPerRequest: perRequest(out.switches["upstream"]?.voluntary, out.responses),
  };
}

/** Rows of one scenario at one concurrency, each compared with the direct and nginx rows beside it. */
export function compareRows(scenario: string, connections: number, measured: ReadonlyMap<TargetName, Measurement>): LoadRow[] {
  const direct = measured.get("direct");
  const nginx = measured.get("nginx");
  return [...measured].map(([target, m]) => {
    const row: LoadRow = { scenario, connections, target, m };
    if (direct && target !== "direct") {
      row.addedP50Ms = m.p50Ms - direct.p50Ms;
      row.vsDirect = m.requestsPerSec / direct.requestsPerSec;
    }
    if (nginx && target !== "direct" && target !== "nginx") row.vsNginx = m.requestsPerSec / nginx.requestsPerSec;
    return row;
  });
}

export function streamRows(scenario: string, probes: ReadonlyMap<TargetName, StreamProbeOutput>, wires: ReadonlyMap<TargetName, WireTiming> = new Map()): StreamRow[] {
  const direct = probes.get("direct");
  return [...probes].map(([target, probe]) => {
    const row: StreamRow = { scenario, target, probe };
    const wire = wires.get(target);
    if (wire) row.wire = wire;
    if (direct && target !== "direct") {
      row.addedTtfbP50Ms = probe.ttfbMs.p50 - direct.ttfbMs.p50;
      row.addedRelayP50Ms = probe.relayMs.p50 - direct.relayMs.p50;
    }
    return row;
  });
}

const fmt = (v: number | null | undefined, digits: number): string => (v === undefined || v === null || Number.isNaN(v) ? "-" : v.toFixed(digits));
const signed = (v: number | undefined, digits: number): string => (v === undefined || Number.isNaN(v) ? "-" : `${v >= 0 ? "+" : ""}${v.toFixed(digits)}`);

/** Columns right-aligned but the one of names (`leftColumn`; -1: none). */
function table(header: string[], lines: string[][], leftColumn = 1): string {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? "").length)));
  const row = (cells: string[]): string => cells.map((cell, i) => (i === leftColumn ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join("  ");
  return [row(header), ...lines.map(row)].join("\n");
}

/** CPU per answer the run left the gateway to spend after it (its serving process and control plane together). */
function afterUs(m: Measurement): number | null {
  if (m.cpuAfterUsPerRequest === null && m.controlPlaneCpuAfterUsPerRequest === null) return null;
  return (m.cpuAfterUsPerRequest ?? 0) + (m.controlPlaneCpuAfterUsPerRequest ?? 0);
}

export function formatLoadTable(title: string, rows: LoadRow[]): string {
  const header = ["conns", "target", "req/s", "p50 ms", "p99 ms", "+p50 ms", "×direct", "×nginx", "CPU µs/req", "CP µs/req", "after µs/req", "mock µs/req", "preempted/req", "mock wakes/req", "RSS MB", "failed"];
  const lines = rows.map((r) => [
    String(r.connections),
    r.target,
    fmt(r.m.requestsPerSec, 0),
    fmt(r.m.p50Ms, 3),
    fmt(r.m.p99Ms, 3),
    signed(r.addedP50Ms, 3),
    fmt(r.vsDirect, 3),
    fmt(r.vsNginx, 3),
    fmt(r.m.cpuUsPerRequest, 1),
    fmt(r.m.controlPlaneCpuUsPerRequest, 1),
    fmt(afterUs(r.m), 1),
    fmt(r.m.upstreamCpuUsPerRequest, 1),
    fmt(r.m.preemptedPerRequest, 3),
    fmt(r.m.upstreamWakesPerRequest, 3),
    fmt(r.m.rssMb, 0),
    String(r.m.failed),
  ]);
  return `== ${title}\n${table(header, lines)}`;
}

export function formatStreamTable(title: string, rows: StreamRow[]): string {
  const header = ["", "target", "TTFB p50 ms", "p99", "+TTFB p50", "relay p50 ms", "p99", "+relay p50", "gap p50 ms", "held back", "wire request p50", "wire upstream p50", "wire relay p50", "p99", "wire held back"];
  const lines = rows.map((r) => [
    "",
    r.target,
    fmt(r.probe.ttfbMs.p50, 3),
    fmt(r.probe.ttfbMs.p99, 3),
    signed(r.addedTtfbP50Ms, 3),
    fmt(r.probe.relayMs.p50, 3),
    fmt(r.probe.relayMs.p99, 3),
    signed(r.addedRelayP50Ms, 3),
    fmt(r.probe.gapMs.p50, 3),
    `${r.probe.heldBack}/${r.probe.chunksChecked}`,
    fmt(r.wire?.requestMs.p50, 3),
    fmt(r.wire?.upstreamMs.p50, 3),
    fmt(r.wire?.relayMs.p50, 3),
    fmt(r.wire?.relayMs.p99, 3),
    r.wire ? `${r.wire.heldBack}/${r.wire.chunksChecked}` : "-",
  ]);
  return `== ${title}\n${table(header, lines)}`;
}

export function formatSnapshot(r: SnapshotScaleResult): string {
  const out = [`== snapshot scale: ${r.keys.toLocaleString("en")} keys (split mode, two data planes)`];
  out.push(`seeded in one transaction: ${fmt(r.seedMs, 0)} ms`);
  const s = r.snapshot;
  if (s?.build && s.bytes !== undefined) {
    out.push(
      `control plane side: its kept copy built from the database ${fmt(s.build.readMs.p50, 0)} ms, a full snapshot assembled from it ${fmt(s.build.encodeMs.p50, 0)} ms (p50 of ${s.build.readMs.count}) → ${(s.bytes / 1e6).toFixed(2)} MB; NATS max_payload ${(s.natsMaxPayloadBytes / 1e6).toFixed(2)} MB`,
    );
  }
  const f = s?.fetch;
  if (f && "error" in f) out.push(`data plane side over NATS: failed: ${f.error}`);
  else if (f) {
    out.push(`data plane side over NATS: request ${fmt(f.requestMs.p50, 0)} ms + read ${fmt(f.decodeMs.p50, 0)} ms + apply ${fmt(f.applyMs.p50, 0)} ms = ${fmt(f.totalMs.p50, 0)} ms (p50 of ${f.totalMs.count})`);
  }
  for (const rep of r.replicas) {
    out.push(
      `${rep.name}: start → listening ${fmt(rep.startToListenMs, 0)} ms, listening → /ready ${fmt(rep.listenToReadyMs, 0)} ms (snapshot load, ${rep.source === "kept" ? "the control plane's kept snapshot" : "read from the database"}), start → /ready ${fmt(rep.startToReadyMs, 0)} ms; RSS after ready ${fmt(rep.rssAfterReadyMb, 0)} MB`,
    );
  }
  if (r.underLoad) {
    const u = r.underLoad;
    out.push(`under load (chat, c=${u.connections}): ${fmt(u.requestsPerSec, 0)} req/s, ${u.failed} failed, data plane RSS ${fmt(u.rssMb, 0)} MB (peak ${fmt(u.peakRssMb, 0)} MB), CPU ${fmt(u.cpuUsPerRequest, 1)} µs/req; usage events not yet confirmed by the ledger at the end: ${u.pendingEventsAtEnd ?? "-"}`);
  }
  if (r.delta) {
    const d = r.delta;
    out.push(
      `delta to every replica (${d.trials} renames): p50 ${fmt(d.allReplicasMs.p50, 1)} ms, p99 ${fmt(d.allReplicasMs.p99, 1)} ms; per replica p50 ${fmt(d.perReplicaMs.p50, 1)} ms; the call itself p50 ${fmt(d.callMs.p50, 1)} ms; timed out ${d.timedOut}`,
    );
  }
  for (const p of r.problems) out.push(`PROBLEM: ${p}`);
  return out.join("\n");
}

export function formatOpenStreams(r: OpenStreamsResult): string {
  const { dataPlane, load } = r.cores;
  const title = `== open streams (split mode, one data plane): chat streams of ${r.streamEvents} events ${r.eventMs} ms apart, one connection each; idle: RSS ${fmt(r.idle.rssMb, 0)} MB, CPU ${fmt(r.idle.cpuPercent, 1)} %, cores ${dataPlane} and ${load} ${fmt(r.idle.coreBusyPercent[dataPlane], 0)} and ${fmt(r.idle.coreBusyPercent[load], 0)} % busy`;
  const header = ["streams", "open", "failed", "stalled", "events/s", "of expected", "delay p50 ms", "p99", "RSS MB", "KB/stream", "KB/added", "CPU %", "CPU µs/event", `core ${dataPlane} busy %`, `core ${load} busy %`];
  const lines = r.levels.map((l) => [
    String(l.level),
    String(l.open),
    String(l.failed),
    String(l.stalled),
    fmt(l.eventsPerSec, 0),
    l.expectedEventsPerSec > 0 ? `${((l.eventsPerSec / l.expectedEventsPerSec) * 100).toFixed(1)} %` : "-",
    fmt(l.delayMs.p50, 2),
    fmt(l.delayMs.p99, 2),
    fmt(l.rssMb, 0),
    fmt(l.kbPerStream, 1),
    fmt(l.kbPerAddedStream, 1),
    fmt(l.cpuPercent, 1),
    fmt(l.cpuUsPerEvent, 1),
    fmt(l.coreBusyPercent[dataPlane], 0),
    fmt(l.coreBusyPercent[load], 0),
  ]);
  const out = [title, table(header, lines, -1), `KB/stream: (RSS − idle RSS) ÷ open; KB/added: against the level before. Core ${dataPlane}: the data plane alone; core ${load}: the probe, the mock and the control plane (the mock's and the probe's CPU % per level are in the results file)`];
  for (const l of r.levels) for (const [why, n] of Object.entries(l.failures)) out.push(`${l.level} streams: ${n} failed: ${why}`);
  for (const p of r.problems) out.push(`PROBLEM: ${p}`);
  return out.join("\n");
}
