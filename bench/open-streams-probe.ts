// The open-streams probe: opens streams through one data plane up to each level, one connection per stream, keeps
// reading every one of them, and once a level has been open a few seconds measures what holding it costs the data
// plane (RSS, CPU) and whether every stream still flows (events relayed, stalls, relay delay). Each level starts
// from none open, so its figures are its own and not partly an earlier level's; RSS is compared with the idle
// baseline taken after a warm-up.
// Usage: tsx bench/open-streams-probe.ts '<OpenStreamsProbeConfig JSON>' (or @<file>)  → progress on stderr, then one
// OpenStreamsProbeOutput JSON line on stdout.
import { childConfig } from "./child-config.ts";
import { STAMP_PATTERN } from "./mock-streams.ts";
import { MEASURE_MS, OPEN_PARALLEL, OPEN_TIMEOUT_MS, PAUSE_MS, RSS_SAMPLE_MS, SETTLE_MS, STALL_INTERVALS, WARMUP_MS, WARMUP_STREAMS } from "./open-streams-plan.ts";
import { coreBusyPercent, coreTicks, cpuSeconds, memory } from "./proc.ts";
import { RawHttpConnection, nowUs } from "./raw-http.ts";
import { summarise, type Summary } from "./stats.ts";

export interface OpenStreamsProbeConfig {
  origin: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  levels: number[];
  /** The mock's pause between events, ms: what "stalled" and the expected event rate are measured against. */
  eventMs: number;
  dataPlanePid: number;
  mockPid: number;
}

export interface IdleBaseline {
  /** Median VmRSS over the window, MB. */
  rssMb: number | null;
  cpuPercent: number | null;
  /** How busy each core was with no stream open: what else this machine was doing. */
  coreBusyPercent: (number | null)[];
}

export interface OpenStreamsLevel {
  level: number;
  /** Streams open and relaying at the end of the measured window. */
  open: number;
  /** Streams that did not open, or broke or ended before the window's end; why in `failures`. */
  failed: number;
  failures: Record<string, number>;
  /** Open streams with a gap of more than STALL_INTERVALS × eventMs between reads in the window, or silent at its end. */
  stalled: number;
  /** Seconds from the first connect to every stream of the level open (or failed). */
  openSec: number;
  eventsPerSec: number;
  /** What the open streams relay when none falls behind: open × 1000 ÷ eventMs. */
  expectedEventsPerSec: number;
  /** Per content chunk read in the window: read by the probe − written by the mock, ms. */
  delayMs: Summary;
  /** Median VmRSS of the data plane over the window, MB. */
  rssMb: number | null;
  /** VmHWM at the window's end: the most it has had resident, opening included. */
  peakRssMb: number | null;
  /** (RSS − idle RSS) ÷ open, KB: what the open streams cost together, heap V8 grew for them included. */
  kbPerStream: number | null;
  /** (RSS − the previous level's RSS) ÷ (open − its open), KB: what one more stream costs at this count. */
  kbPerAddedStream: number | null;
  /** CPU time of the data plane ÷ the window's wall time (100 = one core). */
  cpuPercent: number | null;
  cpuUsPerEvent: number | null;
  /** The mock runs on the load core with the probe: with the two near one core together, stalls and delay may be theirs. */
  mockCpuPercent: number | null;
  /** The probe itself: near 100 its own lag shows as stalls and delay. */
  probeCpuPercent: number;
  /** How busy each core was in the window, whoever used it (by core number). */
  coreBusyPercent: (number | null)[];
}

export interface OpenStreamsProbeOutput {
  idle: IdleBaseline;
  levels: OpenStreamsLevel[];
  /** Why the probe stopped before the last level, when it did. */
  stopped?: string;
}

/** What is collected while a window is being measured; undefined outside windows, so reads between them cost less. */
interface Samples {
  delays: number[];
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const nowMs = (): number => nowUs() / 1000;
const busy = (cores: readonly (number | null)[]): string => cores.map((p, core) => `core ${core} ${p === null ? "-" : p.toFixed(0)} %`).join(", ");
const reason = (err: unknown): string => (err as { code?: string }).code ?? (err instanceof Error ? err.message : String(err));

let events = 0;
let measuring: Samples | undefined;

class ProbeStream {
  state: "opening" | "open" | "failed" | "closed" = "opening";
  why = "";
  lastAtMs = 0;
  stalled = false;
  #conn: RawHttpConnection | undefined;
  #pending = "";
  #settle: () => void = () => undefined;

  readonly #c: OpenStreamsProbeConfig;
  readonly #stallMs: number;

  constructor(c: OpenStreamsProbeConfig, stallMs: number) {
    this.#c = c;
    this.#stallMs = stallMs;
  }

  /** Resolves once the first event is read or the stream has failed; never rejects. */
  open(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.#fail(`no first event within ${OPEN_TIMEOUT_MS / 1000} s`), OPEN_TIMEOUT_MS);
      this.#settle = () => {
        clearTimeout(timer);
        resolve();
      };
      RawHttpConnection.connect(this.#c.origin).then(
        (conn) => {
          this.#conn = conn;
          if (this.state !== "opening") return conn.close();
          conn.request(this.#c.path, this.#c.headers, this.#c.body, (text, atUs) => this.#read(text, atUs)).then(
            (res) => this.#fail(res.status === 200 ? "ended before the level was measured" : `status ${res.status}: ${this.#pending.slice(0, 120)}`),
            (err: unknown) => this.#fail(reason(err)),
          );
        },
        (err: unknown) => this.#fail(reason(err)),
      );
    });
  }

  close(): void {
    if (this.state !== "failed") this.state = "closed";
    this.#conn?.close();
  }

  #fail(why: string): void {
    if (this.state === "failed" || this.state === "closed") return;
    this.state = "failed";
    this.why = why;
    this.#conn?.close();
    this.#settle();
  }

  // Events are counted at their blank line: the data plane may send several in one write, or one in several.
  #read(text: string, atUs: number): void {
    this.#pending += text;
    let end = this.#pending.indexOf("\n\n");
    if (end === -1) return;
    const atMs = atUs / 1000;
    let from = 0;
    do {
      if (measuring) {
        const stamp = STAMP_PATTERN.exec(this.#pending.slice(from, end))?.[1];
        if (stamp !== undefined) measuring.delays.push(atMs - Number(stamp) / 1000);
      }
      events++;
      from = end + 2;
      end = this.#pending.indexOf("\n\n", from);
    } while (end !== -1);
    this.#pending = this.#pending.slice(from);
    if (measuring && this.state === "open" && atMs - this.lastAtMs > this.#stallMs) this.stalled = true;
    this.lastAtMs = atMs;
    if (this.state === "opening") {
      this.state = "open";
      this.#settle();
    }
  }
}

async function openMany(c: OpenStreamsProbeConfig, n: number): Promise<ProbeStream[]> {
  const stallMs = STALL_INTERVALS * c.eventMs;
  const streams: ProbeStream[] = [];
  const opener = async (): Promise<void> => {
    while (streams.length < n) {
      const s = new ProbeStream(c, stallMs);
      streams.push(s);
      await s.open();
    }
  };
  await Promise.all(Array.from({ length: Math.min(OPEN_PARALLEL, n) }, opener));
  return streams;
}

function closeAll(streams: readonly ProbeStream[]): void {
  for (const s of streams) s.close();
}

function tally(streams: readonly ProbeStream[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of streams) if (s.state === "failed") out[s.why] = (out[s.why] ?? 0) + 1;
  return out;
}

const percentOf = (before: number | undefined, after: number | undefined, wallSec: number): number | null =>
  before === undefined || after === undefined ? null : ((after - before) / wallSec) * 100;

interface Measured {
  wallSec: number;
  events: number;
  delays: number[];
  rssMb: number | null;
  dataPlaneCpuSec: number | null;
  cpuPercent: number | null;
  mockCpuPercent: number | null;
  probeCpuPercent: number;
  coreBusyPercent: (number | null)[];
}

/** CPU of the data plane, the mock and the probe, and the events read, over one MEASURE_MS window. */
async function measureWindow(c: OpenStreamsProbeConfig): Promise<Measured> {
  const samples: Samples = { delays: [] };
  measuring = samples;
  const started = performance.now();
  const events0 = events;
  const dp0 = cpuSeconds(c.dataPlanePid);
  const mock0 = cpuSeconds(c.mockPid);
  const probe0 = process.cpuUsage();
  const cores0 = coreTicks();
  const rss: number[] = [];
  const sampler = setInterval(() => {
    const mb = memory(c.dataPlanePid)?.rssMb;
    if (mb !== undefined) rss.push(mb);
  }, RSS_SAMPLE_MS);
  await sleep(MEASURE_MS);
  clearInterval(sampler);
  const cores1 = coreTicks();
  const dp1 = cpuSeconds(c.dataPlanePid);
  const mock1 = cpuSeconds(c.mockPid);
  const probe = process.cpuUsage(probe0);
  const wallSec = (performance.now() - started) / 1000;
  const counted = events - events0;
  measuring = undefined;
  return {
    wallSec,
    events: counted,
    delays: samples.delays,
    rssMb: rss.length > 0 ? summarise(rss).p50 : null,
    dataPlaneCpuSec: dp0 === undefined || dp1 === undefined ? null : dp1 - dp0,
    cpuPercent: percentOf(dp0, dp1, wallSec),
    mockCpuPercent: percentOf(mock0, mock1, wallSec),
    probeCpuPercent: ((probe.user + probe.system) / 1e6 / wallSec) * 100,
    coreBusyPercent: coreBusyPercent(cores0, cores1),
  };
}

/** Warm-up streams first (code paths loaded and compiled), then the data plane's RSS and CPU with nothing open. */
async function idleBaseline(c: OpenStreamsProbeConfig): Promise<IdleBaseline> {
  const warm = await openMany(c, WARMUP_STREAMS);
  const opened = warm.filter((s) => s.state === "open").length;
  if (opened === 0) {
    closeAll(warm);
    throw new Error(`no warm-up stream opened through ${c.origin}${c.path}: ${JSON.stringify(tally(warm))}`);
  }
  await sleep(WARMUP_MS);
  closeAll(warm);
  await sleep(PAUSE_MS);
  const idle = await measureWindow(c);
  return { rssMb: idle.rssMb, cpuPercent: idle.cpuPercent, coreBusyPercent: idle.coreBusyPercent };
}

/** What RSS per added stream is measured from: the previous level, or the idle baseline before the first. */
interface Before {
  open: number;
  rssMb: number | null;
}

const kbPer = (rssMb: number | null, fromMb: number | null, streams: number): number | null =>
  rssMb === null || fromMb === null || streams <= 0 ? null : ((rssMb - fromMb) * 1024) / streams;

async function runLevel(c: OpenStreamsProbeConfig, level: number, idle: IdleBaseline, before: Before): Promise<OpenStreamsLevel> {
  const started = performance.now();
  const streams = await openMany(c, level);
  const openSec = (performance.now() - started) / 1000;
  console.error(`open streams ${level}: ${streams.filter((s) => s.state === "open").length} open in ${openSec.toFixed(1)} s; measuring`);
  await sleep(SETTLE_MS);
  for (const s of streams) s.stalled = false;
  const m = await measureWindow(c);
  const mem = memory(c.dataPlanePid);
  const endMs = nowMs();
  const stallMs = STALL_INTERVALS * c.eventMs;
  const open = streams.filter((s) => s.state === "open");
  const stalled = open.filter((s) => s.stalled || endMs - s.lastAtMs > stallMs).length;
  const failures = tally(streams);
  closeAll(streams);
  await sleep(PAUSE_MS);
  return {
    level,
    open: open.length,
    failed: level - open.length,
    failures,
    stalled,
    openSec,
    eventsPerSec: m.events / m.wallSec,
    expectedEventsPerSec: (open.length * 1000) / c.eventMs,
    delayMs: summarise(m.delays),
    rssMb: mem === undefined ? null : m.rssMb,
    peakRssMb: mem?.peakRssMb ?? null,
    kbPerStream: kbPer(m.rssMb, idle.rssMb, open.length),
    kbPerAddedStream: kbPer(m.rssMb, before.rssMb, open.length - before.open),
    cpuPercent: m.cpuPercent,
    cpuUsPerEvent: m.dataPlaneCpuSec === null || m.events === 0 ? null : (m.dataPlaneCpuSec * 1e6) / m.events,
    mockCpuPercent: m.mockCpuPercent,
    probeCpuPercent: m.probeCpuPercent,
    coreBusyPercent: m.coreBusyPercent,
  };
}

const config = childConfig<OpenStreamsProbeConfig>("open-streams-probe.ts", "OpenStreamsProbeConfig");

const idle = await idleBaseline(config);
console.error(`open streams idle: data plane RSS ${idle.rssMb?.toFixed(0) ?? "-"} MB, CPU ${idle.cpuPercent?.toFixed(1) ?? "-"} %; busy: ${busy(idle.coreBusyPercent)}`);
const output: OpenStreamsProbeOutput = { idle, levels: [] };
let before: Before = { open: 0, rssMb: idle.rssMb };
for (const level of config.levels) {
  const row = await runLevel(config, level, idle, before);
  before = row;
  output.levels.push(row);
  console.error(
    `open streams ${level}: ${row.open} open, ${row.failed} failed, ${row.stalled} stalled; ${row.eventsPerSec.toFixed(0)} events/s of ${row.expectedEventsPerSec.toFixed(0)}; ` +
      `RSS ${row.rssMb?.toFixed(0) ?? "-"} MB; CPU data plane ${row.cpuPercent?.toFixed(0) ?? "-"} %, mock ${row.mockCpuPercent?.toFixed(0) ?? "-"} %, probe ${row.probeCpuPercent.toFixed(0)} %; busy: ${busy(row.coreBusyPercent)}`,
  );
  if (row.rssMb === null) {
    output.stopped = `the data plane was gone at ${level} streams`;
    break;
  }
  // past this, more streams only measure the failure again, more slowly
  if (row.failed > level / 2) {
    output.stopped = `more than half the streams of level ${level} failed`;
    break;
  }
}
process.stdout.write(`${JSON.stringify(output)}\n`);
