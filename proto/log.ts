import { mkdirSync, openSync } from "node:fs";
import { hostname } from "node:os";
import { dirname } from "node:path";
import { pino, type DestinationStream, type Logger } from "pino";
import { censorFields, secretScrubber, secretsFromEnv } from "./log-secrets.ts";

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
const owned = new WeakMap<Logger, ReturnType<typeof pino.destination>>();

/**
 * The process's structured log: one JSON object per line with `level` (a name), `time` (ISO 8601), `service`,
 * `msg`, on stdout or appended to LOG_FILE, from LOG_LEVEL up (default info). Writes are buffered off the
 * caller's path. The data both sides must never log is kept out three times over: call sites pass chosen fields
 * only, the serializers below drop bodies, query strings and all but a few headers whatever a caller passes,
 * and log-secrets.ts censors credential-named fields and secret-shaped text in the finished line.
 */
export function createLogger(env: Readonly<Record<string, string | undefined>>, opts: LogOptions): Logger {
  const level = env.LOG_LEVEL || "info";
  if (!(LEVELS as readonly string[]).includes(level)) throw new Error(`invalid configuration: LOG_LEVEL must be one of ${LEVELS.join(", ")}`);
  const file = env.LOG_FILE || undefined;
  let destination = opts.destination;
  let opened: ReturnType<typeof pino.destination> | undefined;
  if (!destination) {
    // opened here, synchronously, so that an unwritable LOG_FILE stops the start with its own error
    if (file) mkdirSync(dirname(file), { recursive: true });
    // lines are gathered into writes of up to BATCH_BYTES, and what is gathered goes out at least every
    // FLUSH_EVERY_MS: one write per access line was 8 % of a data plane's CPU under load
    const stream = pino.destination({ dest: file ? openSync(file, "a") : 1, sync: false, minLength: BATCH_BYTES });
    const timer = setInterval(() => {
      try {
        stream.flush();
      } catch {
        // not open yet, or closing: the next tick (or closeLogger) writes it
      }
    }, FLUSH_EVERY_MS);
    timer.unref();
    stream.once("close", () => clearInterval(timer));
    opened = stream;
    destination = opened;
  }
  const scrub = secretScrubber(secretsFromEnv(env));
  const log = pino(
    {
      level,
      base: { service: opts.service, pid: process.pid, hostname: hostname(), ...opts.bindings },
      timestamp: isoTime,
      formatters: { level: (label) => ({ level: label }), log: censorFields },
      serializers: { err: errorFields, headers: loggableHeaders, body: omitted, query: omitted, url: pathOnly },
      hooks: { streamWrite: scrub },
    },
    destination,
  );
  if (opened) owned.set(log, opened);
  return log;
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
/** pino's isoTime, formatted once per millisecond: under load many lines share one, and formatting is most of its cost. */
function isoTime(): string {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    lastTime = `,"time":"${new Date(now).toISOString()}"`;
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
