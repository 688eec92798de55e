import { mkdirSync, openSync } from "node:fs";
import { hostname } from "node:os";
import { dirname } from "node:path";
import { pino, type DestinationStream, type Logger } from "pino";
import { censorFields, secretScrubber, secretsFromEnv } from "./log-secrets.ts";
import { jsonString } from "./json-text.ts";

export type { Logger };

const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** The only request headers a line may name; every other one (authorization, cookies, custom ones) is dropped. */
const LOGGABLE_HEADERS = ["user-agent", "content-length", "content-type"] as const;

export interface LogOptions {
  service: "dataplane" | "controlplane";
  /** Fields on every line, such as the replica id. */
  bindings?: Record<string, string>;
  /** Where lines go instead of stdout or LOG_FILE (tests). */
  destination?: DestinationStream;
}

const BATCH_BYTES = 8 * 1024;
const FLUSH_EVERY_MS = 200;

/** File streams a logger opened itself, closed by closeLogger; stdout and given destinations are not ours. */
const owned = new WeakMap<Logger, ByteStream>();

/**
 * The process's structured log: one JSON object per line with `level` (a name), `time` (ISO 8601), `service`,
 * `msg`, on stdout or appended to LOG_FILE, from LOG_LEVEL up (default info). Writes are buffered off the
 * caller's path. The data both sides must never log is kept out three times over: call sites pass chosen fields
 * only, the serializers below drop bodies, query strings and all but a few headers whatever a caller passes,
 * and log-secrets.ts censors credential-named fields and secret-shaped text in the finished line. Access lines
 * alone skip the last two (writeAccessLine says why).
 */
export function createLogger(env: Readonly<Record<string, string | undefined>>, opts: LogOptions): Logger {
  const level = env.LOG_LEVEL || "info";
  if (!(LEVELS as readonly string[]).includes(level)) throw new Error(`invalid configuration: LOG_LEVEL must be one of ${LEVELS.join(", ")}`);
  const file = env.LOG_FILE || undefined;
  let destination = opts.destination;
  let opened: ByteStream | undefined;
  let armFlush: (() => void) | undefined;
  if (!destination) {
    // opened here, synchronously, so that an unwritable LOG_FILE stops the start with its own error
    if (file) mkdirSync(dirname(file), { recursive: true });
    // lines are gathered into writes of up to BATCH_BYTES, and what is gathered goes out within FLUSH_EVERY_MS of
    // its writing (flushWhileUnwritten): one write per access line was 8 % of a data plane's CPU under load
    // bytes, not text: a batch of access lines is already UTF-8 (writeAccessLine), and handed over as text it was
    // decoded, then encoded twice more (the file write's own buffer, three times its length and so mapped fresh
    // each time, and the stream's copy after the write): 0.8-1.2 ms a 64 KB batch against 0.3-0.4 as bytes,
    // 2.6-5 µs a line, on a PVM guest under the image's malloc settings (docs/performance.md)
    const stream = pino.destination({ dest: file ? openSync(file, "a") : 1, sync: false, minLength: BATCH_BYTES, contentMode: "buffer" });
    opened = stream as unknown as ByteStream;
    armFlush = flushWhileUnwritten(opened, () => flushAccessLines(sinkOf()));
    destination = textInto(opened);
  }
  const scrub = secretScrubber(secretsFromEnv(env));
  let sink: AccessSink | undefined;
  const sinkOf = () => sink;
  const log = pino(
    {
      level,
      base: { service: opts.service, pid: process.pid, hostname: hostname(), ...opts.bindings },
      timestamp: isoTime,
      formatters: { level: levelField, log: censorFields },
      serializers: { err: errorFields, headers: loggableHeaders, body: omitted, query: omitted, url: pathOnly },
      // access lines gathered so far go out before any other line, so the file keeps the order lines were made in
      hooks: { streamWrite: (line) => (flushAccessLines(sink), scrub(line)) },
    },
    destination,
  );
  if (opened) owned.set(log, opened);
  const stream = plainStream(internals(log)[pino.symbols.streamSym]);
  if (stream) {
    // gathered only where a timer flushes them (the stream opened here); a given destination gets each at once
    sink = { stream, scrub, rawBindings: undefined, bindings: "", bytes: opened, armFlush, lines: undefined, used: 0 };
    accessSinks.set(log, sink);
    if (sink.bytes) gathering.add(sink);
  }
  return log;
}

/**
 * Flushes the stream FLUSH_EVERY_MS after something was handed to it, and again at each such tick until every byte
 * handed over is written; returns what arms it for lines gathered before the stream has them (`gather`). A flush
 * while a write is out does nothing (sonic-boom), so a tick comes again while bytes are unwritten. A timer kept
 * running instead woke an idle process five times a second and handed libuv's threads an empty write each time
 * (docs/performance.md).
 */
function flushWhileUnwritten(stream: ByteStream, gather: () => void): () => void {
  let handed = 0;
  let written = 0;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const tick = (): void => {
    timer = undefined;
    try {
      gather();
      if (handed !== written) stream.flush();
    } catch {
      // closing: closeLogger writes what is left
    }
    if (handed !== written) arm();
  };
  const arm = (): void => {
    if (timer !== undefined || closed) return;
    timer = setTimeout(tick, FLUSH_EVERY_MS);
    timer.unref();
  };
  const write = stream.write.bind(stream);
  stream.write = (bytes: Uint8Array): boolean => {
    handed += bytes.length;
    arm();
    return write(bytes);
  };
  stream.on("write", (n: number) => {
    written += n;
  });
  stream.once("close", () => {
    closed = true;
    clearTimeout(timer);
  });
  return arm;
}

/**
 * pino's lines (text) into a stream that takes bytes. Each is encoded once here, as the stream in text mode would
 * encode it; they are the few lines that are not access lines. Calls go to the stream's methods as they are at the
 * time, since pino stubs them out on a broken pipe.
 */
function textInto(bytes: ByteStream): DestinationStream & { flush(cb?: (err?: Error) => void): void; flushSync(): void } {
  return {
    write: (line: string) => void bytes.write(Buffer.from(line, "utf8")),
    flush: (cb) => bytes.flush(cb),
    flushSync: () => bytes.flushSync(),
  };
}

/** pino.destination's stream opened with `contentMode: "buffer"`, which takes bytes (its types name text only). */
type ByteStream = Omit<ReturnType<typeof pino.destination>, "write"> & { write(bytes: Uint8Array): boolean };

/**
 * The stream pino writes to, unless it routes lines by level (pino.multistream): such a stream reads metadata
 * pino sets on every write, so its lines must all go through pino.
 */
function plainStream(v: unknown): DestinationStream | undefined {
  if (typeof v !== "object" || v === null) return undefined;
  const s = v as { write?: unknown } & Readonly<Record<symbol, unknown>>;
  if (typeof s.write !== "function" || s[pino.symbols.needsMetadataGsym] === true) return undefined;
  return s as DestinationStream;
}

function levelField(label: string): { level: string } {
  return { level: label };
}

function internals(log: Logger): Readonly<Record<symbol, unknown>> {
  return log as unknown as Readonly<Record<symbol, unknown>>;
}

/** The levels an access line is written at: info, and warn for a 5xx. */
export type AccessLevel = "info" | "warn";

/** What writeAccessLine needs of a logger createLogger made. */
interface AccessSink {
  /** pino's own destination: lines written here share its order, batching and flush with every other line. */
  readonly stream: DestinationStream;
  readonly scrub: (line: string) => string;
  /** The base fields and bindings as pino last held them, and that text scrubbed (redone only when it changes). */
  rawBindings: unknown;
  bindings: string;
  /**
   * Where lines are gathered into `lines` and written ACCESS_BATCH_BYTES at a time, as bytes: the stream the logger
   * opened (pino's destination, `stream`, writes its text there). A given destination gets each line at once.
   */
  readonly bytes: ByteStream | undefined;
  /** Arms the flush of `bytes` (flushWhileUnwritten), for lines gathered before the stream has them. */
  readonly armFlush: (() => void) | undefined;
  /** The lines gathered so far, as UTF-8 in `lines[0, used)` (allocated with the first line). */
  lines: Buffer | undefined;
  used: number;
}

/**
 * Access lines are handed to the stream this many bytes at a time (~150 lines): one hand-over per line cost a
 * request ~8 µs under load (the stream re-measures and re-joins its buffer on every write), and each hand-over is
 * a file write through libuv's thread pool: 64 KB a write took ~1.1-1.3 µs a line of CPU against ~1.6-2.3 for
 * 16 KB (a scratch loop of 200,000 lines, alternated). What is gathered still goes out within FLUSH_EVERY_MS.
 *
 * They are gathered as bytes, each line written into one buffer as it is made, not joined into a string: a line
 * is a rope of some twenty pieces, and a string of 150 such lines, kept until the batch went out, was copied by
 * every young collection it outlived: under load ~50 KB of the ~270 KB that survived each (docs/performance.md).
 */
const ACCESS_BATCH_BYTES = 64 * 1024;

/** Sinks that gather lines: what is pending is written out when the process exits. */
const gathering = new Set<AccessSink>();
process.once("exit", () => {
  for (const sink of gathering) {
    flushAccessLines(sink);
    sink.bytes!.flushSync();
  }
});

function flushAccessLines(sink: AccessSink | undefined): void {
  if (sink === undefined || sink.used === 0) return;
  // the buffer itself goes: the stream writes it as it is, later, so the next line starts a new one
  const batch = sink.lines!.subarray(0, sink.used);
  sink.lines = undefined;
  sink.used = 0;
  sink.bytes!.write(batch);
}

const accessSinks = new WeakMap<Logger, AccessSink>();

const LEVEL_VALUE: Readonly<Record<AccessLevel, number>> = { info: pino.levels.values.info!, warn: pino.levels.values.warn! };
/** The opening of a line as pino writes it through the level formatter: `{"level":"info"`. */
const LEVEL_OPENING: Readonly<Record<AccessLevel, string>> = {
  info: JSON.stringify(levelField("info")).slice(0, -1),
  warn: JSON.stringify(levelField("warn")).slice(0, -1),
};

/**
 * Writes one access line straight to the logger's destination, skipping pino's object walk, the field censor and
 * the secret scrubber: byte for byte what `log[level](fields, msg)` writes for the same fields (level, time, base
 * fields and bindings, the fields, msg), without pino's per-line work. `fields` is the fields' JSON text the way pino
 * joins them, each as `,"name":value`, undefined ones left out (build values with jsonString and jsonNumber).
 *
 * Only for lines whose every value the process produced itself. The censor and the scrubber exist for the day a
 * call site passes something it did not mean to (a request's headers, an upstream's error text); an access line
 * holds ids the gateway generated or looked up (request id, key id, org id: names, never the key), the pattern of
 * the route that matched (not the path), numbers, a catalog slug, a provider namespace and the gateway's own error
 * codes, none under a credential's field name. The one value a client chooses, the method, is mapped onto a fixed
 * set by the caller. The base fields and bindings (service, pid, hostname, replica) are still scrubbed, once, and
 * `npm test` still scans every line its gateways wrote, these included.
 *
 * A logger not made by createLogger (a child, a multistream) gets the line through pino as usual.
 */
export function writeAccessLine(log: Logger, level: AccessLevel, fields: string, msg: string): void {
  // also how a logger closeLogger silenced stays silent
  if (log.levelVal > LEVEL_VALUE[level]) return;
  const sink = accessSinks.get(log);
  if (!sink) {
    log[level](JSON.parse(`{${fields.slice(1)}}`) as Record<string, unknown>, msg);
    return;
  }
  const raw = internals(log)[pino.symbols.chindingsSym];
  if (raw !== sink.rawBindings) {
    sink.rawBindings = raw;
    sink.bindings = typeof raw === "string" ? sink.scrub(raw) : "";
  }
  const line = `${LEVEL_OPENING[level]}${isoTime()}${sink.bindings}${fields},"msg":${jsonString(msg)}}\n`;
  if (sink.bytes === undefined) {
    sink.stream.write(line);
    return;
  }
  // room for the line whatever it holds: a UTF-16 unit is at most three bytes of UTF-8
  const most = line.length * 3;
  if (sink.used + most > ACCESS_BATCH_BYTES) {
    flushAccessLines(sink);
    if (most > ACCESS_BATCH_BYTES) {
      sink.stream.write(line);
      return;
    }
  }
  const lines = (sink.lines ??= Buffer.allocUnsafe(ACCESS_BATCH_BYTES));
  if (sink.used === 0) sink.armFlush?.();
  sink.used += lines.write(line, sink.used, "utf8");
}

/**
 * Writes out what is buffered and closes a LOG_FILE; afterwards the logger is silent, so a straggler logging
 * after the stop (a request that outlived the drain) cannot write to a closed stream.
 */
export async function closeLogger(log: Logger): Promise<void> {
  const stream = owned.get(log);
  if (!stream) {
    await new Promise<void>((resolve) => log.flush(() => resolve()));
    return;
  }
  owned.delete(log);
  const sink = accessSinks.get(log);
  flushAccessLines(sink);
  if (sink) gathering.delete(sink);
  log.level = "silent";
  await new Promise<void>((resolve) => {
    stream.once("close", () => resolve());
    stream.once("error", () => resolve());
    stream.end();
  });
}

/** For a process that cannot start: one fatal line, even when the logging configuration is what is wrong. */
export function logStartupFailure(env: Readonly<Record<string, string | undefined>>, service: LogOptions["service"], err: unknown): void {
  let log: Logger;
  try {
    log = createLogger(env, { service });
  } catch {
    log = createLogger({}, { service });
  }
  // a process exiting at once still gets this line: pino writes pending lines synchronously on exit
  log.fatal({ err }, `${service === "dataplane" ? "data plane" : "control plane"} failed to start`);
}

/**
 * Shows the operator a secret they must copy now (a bootstrap management key the gateway generated), as plain
 * text on stdout: deliberately not a log line, so it never passes through a logger or into LOG_FILE.
 */
export function showSecretToOperator(line: string): void {
  process.stdout.write(`${line}\n`);
}

let lastMs = 0;
let lastTime = "";
const DAY_MS = 86_400_000;
let dayFrom = 0;
let dayUntil = -1;
let dayText = "";
/**
 * pino's isoTime, formatted once per millisecond: under load many lines share one, and formatting is most of its
 * cost. The date is formatted once a day and the time of day by hand: V8's toISOString looked up the local time
 * zone's offset on each call, which it does not print (~0.2 % of a data plane's CPU under load, docs/performance.md).
 */
export function isoTime(now = Date.now()): string {
  if (now !== lastMs) {
    lastMs = now;
    if (now < dayFrom || now >= dayUntil) {
      dayFrom = Math.floor(now / DAY_MS) * DAY_MS;
      dayUntil = dayFrom + DAY_MS;
      dayText = new Date(dayFrom).toISOString().slice(0, -13);
    }
    if (dayText.length !== 11) lastTime = `,"time":"${new Date(now).toISOString()}"`; // a year past 9999 or before 0
    else {
      const ms = now - dayFrom;
      const h = Math.floor(ms / 3_600_000);
      const m = Math.floor(ms / 60_000) % 60;
      const sec = Math.floor(ms / 1000) % 60;
      const milli = ms % 1000;
      lastTime = `,"time":"${dayText}${h < 10 ? "0" : ""}${h}:${m < 10 ? "0" : ""}${m}:${sec < 10 ? "0" : ""}${sec}.${milli < 100 ? (milli < 10 ? "00" : "0") : ""}${milli}Z"`;
    }
  }
  return lastTime;
}

function errorFields(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: typeof err === "string" ? err : "non-error thrown" };
  // a chosen few fields: an error's other properties can hold a request's headers or options
  const code = (err as { code?: unknown }).code;
  const out: Record<string, unknown> = { type: err.name, message: err.message };
  if (typeof code === "string" || typeof code === "number") out.code = code;
  out.stack = err.stack;
  if (err.cause !== undefined) out.cause = err.cause instanceof Error ? { type: err.cause.name, message: err.cause.message } : { message: "non-error cause" };
  return out;
}

function loggableHeaders(headers: unknown): Record<string, string> | undefined {
  if (typeof headers !== "object" || headers === null) return undefined;
  const out: Record<string, string> = {};
  for (const name of LOGGABLE_HEADERS) {
    const v = (headers as Record<string, unknown>)[name];
    if (typeof v === "string") out[name] = v;
  }
  return out;
}

function omitted(): undefined {
  return undefined;
}

function pathOnly(url: unknown): string | undefined {
  if (typeof url !== "string") return undefined;
  const q = url.search(/[?#]/);
  return q === -1 ? url : url.slice(0, q);
}
