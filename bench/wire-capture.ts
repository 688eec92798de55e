// Timing a relay's chunks on the wire: tcpdump captures loopback while a stream probe runs, and each stamped chunk
// is found twice, as the mock sent it to the relay and as the relay sent it on. A chunk the probe reads late may
// have been held back by the relay or read late by the probe (its core is the load's, shared on a 2-core machine
// with the control plane, Postgres and the kernel's threads); the capture tells the two apart.
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { onPath, spawnChild, stopChild, waitForLine } from "./children.ts";
import { STAMP_PATTERN } from "./mock-streams.ts";
import { firstAbove, stampSightings, wireSegments, type Sighting, type WireSegment } from "./pcap.ts";
import { LOAD_CORE } from "./runs.ts";
import { summarise, type Summary } from "./stats.ts";

/** What the relay did with a probe's timed chunks, as the kernel saw it. */
export interface WireTiming {
  /** Chunks the relay sent on no earlier than the mock sent the next one (of the same stream). */
  heldBack: number;
  /** Consecutive pairs of chunks both seen on both legs. */
  chunksChecked: number;
  /** Per chunk: sent on by the relay − sent by the mock, ms. */
  relayMs: Summary;
  /** Chunks of the timed streams not found on one of the legs (a capture that missed packets). */
  missing: number;
  /** Each held-back chunk's place in its stream (0: the first): work the relay does at a stream's start holds its first chunks. */
  heldAt: number[];
  /**
   * Per timed stream: the relay's first segment to the mock after the client's request ended − that end, ms. What a
   * gateway does with a request before the provider has it (key, checks, metering's reservation, the request's
   * translation); for a relay that passes a body on as it comes (nginx, a large one), its last piece's passage.
   */
  requestMs: Summary;
  /**
   * Per timed stream: the mock's first segment of its answer − the relay's request to it began, ms: the provider's
   * time, on the shared core, which whatever the relay does after its write delays.
   */
  upstreamMs: Summary;
  samples: { relayMs: number[]; requestMs: number[]; upstreamMs: number[] };
}

// tcpdump gives up root for its own user once capturing; the file must stay where the bench can write and remove it
const runAs = process.getuid?.() === 0 ? ["-Z", "root"] : [];

/** tcpdump's read timeout (it has no option for it). */
const BLOCK_TIMEOUT_MS = 1000;

let available: boolean | undefined;

/** Whether tcpdump (Debian's package) is here and may capture loopback (root, or CAP_NET_RAW): asked once, by a one-second capture. */
export function wireCaptureAvailable(): boolean {
  if (available === undefined) {
    const r = onPath("tcpdump") ? spawnSync("timeout", ["-s", "INT", "1", "tcpdump", "-i", "lo", ...runAs, "-w", "/dev/null", "tcp port 9"], { encoding: "utf8" }) : undefined;
    available = /listening on/.test(r?.stderr ?? "");
  }
  return available;
}

export interface WireCapture {
  /** Stops the capture and reads what it saw. */
  stop(): Promise<{ sightings: Map<number, Sighting[]>; segments: WireSegment[]; dropped: number }>;
}

/**
 * Captures what `ports` send and receive on loopback into a file in `dir`, tcpdump on the load core: the mock's
 * and the relay's answers, and the requests to both (a coding agent's 230 KB each way; ~25 MB a probe of 50).
 */
export async function startWireCapture(dir: string, name: string, ports: readonly number[]): Promise<WireCapture> {
  const file = path.join(dir, `${name}.pcap`);
  const filter = `tcp and (${ports.map((p) => `port ${p}`).join(" or ")})`;
  const child = spawnChild(`tcpdump ${name}`, ["tcpdump", ["-i", "lo", ...runAs, "-B", "65536", "--time-stamp-precision=nano", "-w", file, filter]], { core: LOAD_CORE, cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
  // what it says at the end (packets dropped) is read once it has stopped
  let stderr = "";
  child.proc.stderr!.setEncoding("utf8");
  child.proc.stderr!.on("data", (text: string) => (stderr += text));
  await waitForLine(child, /listening on/, 5000, "stderr").catch((err: unknown) => {
    // why it did not start (no permission to capture, no such interface) is in what it said
    throw new Error(`${err instanceof Error ? err.message : String(err)}: ${stderr.trim()}`);
  });
  return {
    async stop() {
      // libpcap takes packets from the kernel a block at a time, a block handed over when full or after tcpdump's
      // 1 s timeout: stopped at once, the capture lost the last second's chunks (up to half of a probe's)
      await new Promise((resolve) => setTimeout(resolve, BLOCK_TIMEOUT_MS + 200));
      await stopChild(child);
      try {
        const dropped = Number(/(\d+) packets? dropped by kernel/.exec(stderr)?.[1] ?? 0);
        const pcap = readFileSync(file);
        return { sightings: stampSightings(pcap, STAMP_PATTERN), segments: wireSegments(pcap), dropped };
      } finally {
        rmSync(file, { force: true });
      }
    },
  };
}

/**
 * The relay's timing of the probe's timed streams (each a list of its chunks' stamps, in order): a chunk is on the
 * mock's leg when `mockPort` sent it, on the relay's when `relayPort` did; a segment sent to `relayPort` is the
 * client's request, one sent to `mockPort` the relay's.
 */
export function wireTiming(streams: readonly (readonly number[])[], sightings: ReadonlyMap<number, readonly Sighting[]>, mockPort: number, relayPort: number, segments: readonly WireSegment[] = []): WireTiming {
  const sentAt = (stamp: number, port: number): number | undefined => sightings.get(stamp)?.find((s) => s.srcPort === port)?.atUs;
  const { requestMs, upstreamMs } = requestLegs(streams, segments, mockPort, relayPort, sentAt);
  let chunksChecked = 0;
  let missing = 0;
  const heldAt: number[] = [];
  const relayMs: number[] = [];
  for (const stamps of streams) {
    const legs = stamps.map((stamp) => ({ in: sentAt(stamp, mockPort), out: sentAt(stamp, relayPort) }));
    legs.forEach((leg, k) => {
      if (leg.in === undefined || leg.out === undefined) missing++;
      else relayMs.push((leg.out - leg.in) / 1000);
      const next = legs[k + 1];
      if (next === undefined || leg.out === undefined || next.in === undefined) return;
      chunksChecked++;
      if (leg.out >= next.in) heldAt.push(k);
    });
  }
  return { heldBack: heldAt.length, chunksChecked, relayMs: summarise(relayMs), missing, heldAt, requestMs: summarise(requestMs), upstreamMs: summarise(upstreamMs), samples: { relayMs, requestMs, upstreamMs } };
}

/**
 * Each timed stream's request legs, found back from the mock's first content chunk: the last segment the relay sent
 * the mock before it ends the relay's request, the client's last segment to the relay before that ends the
 * client's, and the relay's first segment to the mock after that begins its own; the mock's first segment after
 * the relay's request ended is its answer's start (its head, or its head and first event). A stream whose first
 * chunk the capture missed has none.
 */
function requestLegs(streams: readonly (readonly number[])[], segments: readonly WireSegment[], mockPort: number, relayPort: number, sentAt: (stamp: number, port: number) => number | undefined): { requestMs: number[]; upstreamMs: number[] } {
  // in time order: a capture's order is the order packets reached it, which two cores' sends can cross
  const times = (keep: (s: WireSegment) => boolean) => segments.filter(keep).map((s) => s.atUs).sort((a, b) => a - b);
  const toMock = times((s) => s.dstPort === mockPort);
  const toRelay = times((s) => s.dstPort === relayPort);
  const fromMock = times((s) => s.srcPort === mockPort);
  const requestMs: number[] = [];
  const upstreamMs: number[] = [];
  for (const stamps of streams) {
    const first = stamps[0] === undefined ? undefined : sentAt(stamps[0], mockPort);
    if (first === undefined) continue;
    const upLast = lastAtOrBefore(toMock, first);
    const clientLast = upLast === undefined ? undefined : lastAtOrBefore(toRelay, upLast);
    if (upLast === undefined || clientLast === undefined) continue;
    const upFirst = toMock[firstAbove(toMock, clientLast)];
    const answered = fromMock[firstAbove(fromMock, upLast)];
    if (upFirst === undefined || answered === undefined) continue;
    requestMs.push((upFirst - clientLast) / 1000);
    upstreamMs.push((answered - upFirst) / 1000);
  }
  return { requestMs, upstreamMs };
}

/** The latest of `times` (ascending) at or before `at`, or undefined. */
function lastAtOrBefore(times: readonly number[], at: number): number | undefined {
  const i = firstAbove(times, at);
  return i > 0 ? times[i - 1] : undefined;
}

/** Several probes' wire timings as one. */
export function poolWire(each: readonly WireTiming[]): WireTiming {
  const relayMs = each.flatMap((w) => w.samples.relayMs);
  const sum = (f: (w: WireTiming) => number): number => each.reduce((a, w) => a + f(w), 0);
  const requestMs = each.flatMap((w) => w.samples.requestMs);
  const upstreamMs = each.flatMap((w) => w.samples.upstreamMs);
  const heldAt = each.flatMap((w) => w.heldAt);
  return { heldBack: heldAt.length, chunksChecked: sum((w) => w.chunksChecked), relayMs: summarise(relayMs), missing: sum((w) => w.missing), heldAt, requestMs: summarise(requestMs), upstreamMs: summarise(upstreamMs), samples: { relayMs, requestMs, upstreamMs } };
}
