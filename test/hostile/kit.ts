import net from "node:net";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { Agent, request } from "undici";
import { expect } from "vitest";
import type { GatewayFixture } from "../harness/gateway.ts";

/** Whose error envelope a path speaks (SPEC 7.1): Anthropic's on the native routes, OpenAI's everywhere else. */
export function dialectOf(path: string): "openai" | "anthropic" {
  const p = path.split("?")[0]!;
  return p === "/v1/messages" || p === "/v1/messages/count_tokens" ? "anthropic" : "openai";
}

/** An error body exactly in the route's dialect: what an OpenAI or Anthropic SDK can parse and show. */
export function expectErrorEnvelope(path: string, status: number, text: string): void {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${status} on ${path} has a body that is not JSON: ${text.slice(0, 200)}`);
  }
  if (dialectOf(path) === "anthropic") {
    expect(body, `${status} on ${path}`).toMatchObject({ type: "error", error: { type: expect.any(String), message: expect.any(String) } });
    const e = (body as { error: { message: string } }).error;
    expect(e.message.length).toBeGreaterThan(0);
  } else {
    expect(Object.keys(body as object), `${status} on ${path}: ${text.slice(0, 200)}`).toEqual(["error"]);
    const e = (body as { error: Record<string, unknown> }).error;
    expect(typeof e.message === "string" && e.message.length > 0, `${status} on ${path}: message`).toBe(true);
    expect(typeof e.type, `${status} on ${path}: type`).toBe("string");
    expect(e.param === null || typeof e.param === "string", `${status} on ${path}: param`).toBe(true);
    expect(e.code === null || typeof e.code === "string", `${status} on ${path}: code`).toBe(true);
  }
  // a message quotes at most a short piece of what the client sent, never megabytes of it
  expect(text.length, `${status} on ${path}: error body size`).toBeLessThan(4_096);
  // and says something a person can act on: no arithmetic gone wrong, no object printed as such
  expect(text, `${status} on ${path}`).not.toMatch(/\bNaN\b|Infinity|\[object Object\]/);
}

/** Anything shaped like a gateway key: such a string has no business in an error body, whoever sent it. */
const KEY_SHAPED = /svc_(?:mgmt_)?[A-Za-z0-9_]{20,}/;

/**
 * Every secret of a running gateway a response could leak: its keys, the provider credentials it holds and the
 * key-hash secret. Read from the gateway itself, so a credential added to the environment is covered too.
 */
export function gatewaySecrets(f: GatewayFixture, extraKeys: readonly string[] = []): string[] {
  const dp = f.gw.dataPlanes[0]!.deps;
  const credentials = Object.entries(dp.config.env)
    .filter(([name, v]) => name.endsWith("_API_KEY") && v)
    .flatMap(([, v]) => v!.split(",").map((s) => s.trim()))
    .filter((s) => s.length >= 8);
  return [f.key, f.gw.managementKey, dp.keyHashSecret, ...credentials, ...extraKeys];
}

/** No secret in `text`; in an error body (`keyShaped`) not even a string shaped like a key, whoever sent it. */
export function expectNoSecrets(where: string, text: string, secrets: readonly string[], keyShaped = true): void {
  for (const s of secrets) expect(text.includes(s), `${where} echoes a secret (${s.slice(0, 8)}…)`).toBe(false);
  if (keyShaped) expect(KEY_SHAPED.exec(text)?.[0], `${where} carries a key-shaped string`).toBeUndefined();
}

export interface Reply {
  status: number;
  headers: Record<string, string>;
  text: string;
  ms: number;
}

/** Tallies of what the hostile traffic produced, for the report and for the assertions on 5xx. */
export class Tally {
  readonly cases = new Map<string, number>();
  readonly statuses = new Map<number, number>();
  serverErrors: string[] = [];
  slowestMs = 0;

  note(kind: string, r: Reply | undefined, path: string): void {
    this.cases.set(kind, (this.cases.get(kind) ?? 0) + 1);
    if (!r) return;
    this.statuses.set(r.status, (this.statuses.get(r.status) ?? 0) + 1);
    this.slowestMs = Math.max(this.slowestMs, r.ms);
    if (r.status >= 500) this.serverErrors.push(`${r.status} ${path}: ${r.text.slice(0, 300)}`);
  }

  get total(): number {
    let n = 0;
    for (const v of this.cases.values()) n += v;
    return n;
  }

  summary(): string {
    const cases = [...this.cases].map(([k, v]) => `${k}=${v}`).join(" ");
    const statuses = [...this.statuses].sort(([a], [b]) => a - b).map(([k, v]) => `${k}:${v}`).join(" ");
    return `cases ${this.total} (${cases}); statuses ${statuses}; 5xx ${this.serverErrors.length}; slowest ${this.slowestMs} ms`;
  }
}

/**
 * A client that sends whatever it is given (any method, any bytes) and checks every answer the way a user
 * would judge it: within `limitMs`, never a 5xx, every error in the route's dialect and free of secrets.
 */
export class HostileClient {
  readonly #base: string;
  readonly #secrets: () => readonly string[];
  readonly #agent: Agent;
  readonly tally = new Tally();

  constructor(base: string, secrets: () => readonly string[], opts: { localAddress?: string } = {}) {
    this.#base = base;
    this.#secrets = secrets;
    this.#agent = new Agent({ ...(opts.localAddress ? { localAddress: opts.localAddress } : {}), keepAliveTimeout: 1_000 });
  }

  async send(
    kind: string,
    method: string,
    path: string,
    opts: { headers?: Record<string, string>; body?: string | Buffer; limitMs?: number; allow5xx?: boolean } = {},
  ): Promise<Reply> {
    const started = performance.now();
    const limitMs = opts.limitMs ?? 10_000;
    let r: Reply;
    try {
      const res = await request(`${this.#base}${path}`, {
        method: method as "GET",
        headers: opts.headers ?? {},
        body: opts.body ?? null,
        dispatcher: this.#agent,
        signal: AbortSignal.timeout(limitMs),
      });
      const text = await res.body.text();
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(", ") : v;
      r = { status: res.statusCode, headers, text, ms: Math.round(performance.now() - started) };
    } catch (err) {
      this.tally.note(kind, undefined, path);
      throw new Error(`${kind}: ${method} ${path} got no answer within ${limitMs} ms (${(err as Error).message})`);
    }
    this.tally.note(kind, r, path);
    if (!opts.allow5xx) expect(r.status, `${kind}: ${method} ${path} → ${r.text.slice(0, 300)}`).toBeLessThan(500);
    if (r.status >= 400 && method !== "HEAD") expectErrorEnvelope(path, r.status, r.text);
    // an error holds no key at all; a success may show a key the client itself stored (the 201 of a new key, a
    // key pasted into a name) but never a provider credential or the hash secret, which no client ever sends
    const secrets = r.status >= 400 ? this.#secrets() : this.#secrets().filter((s) => !s.startsWith("svc_"));
    expectNoSecrets(`${kind}: ${method} ${path} → ${r.status}`, r.text, secrets, r.status >= 400);
    expect(r.headers["x-request-id"] ?? (path === "/health" ? "" : undefined), `${method} ${path} has an x-request-id`).toBeDefined();
    return r;
  }

  close(): Promise<void> {
    return this.#agent.close();
  }
}

export interface RawExchange {
  /** The first response's status, or undefined when the server sent none. */
  status: number | undefined;
  headers: Record<string, string>;
  body: string;
  /** Everything the server sent, as latin1. */
  raw: string;
  /** The server closed the connection (rather than our deadline ending it). */
  closedByServer: boolean;
  /** When the first byte and the close came, from the start. */
  firstByteMs: number | undefined;
  endMs: number;
  /** How many of the pieces were written before the exchange ended. */
  piecesWritten: number;
}

/**
 * Speaks HTTP/1.1 by hand, for what no well-behaved client sends: `pieces` are written `gapMs` apart (a
 * slowloris is many one-byte pieces), and the exchange ends when the server closes or at `deadlineMs`.
 * With `stopOnResponse`, writing stops as soon as a response arrives (a client that reads while it sends).
 */
export function rawExchange(
  port: number,
  pieces: readonly (string | Buffer)[],
  opts: { gapMs?: number; deadlineMs?: number; localAddress?: string; stopOnResponse?: boolean; endAfterResponseMs?: number } = {},
): Promise<RawExchange> {
  const gapMs = opts.gapMs ?? 0;
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = net.connect({ port, host: "127.0.0.1", localAddress: opts.localAddress });
    const chunks: Buffer[] = [];
    let firstByteMs: number | undefined;
    let written = 0;
    let closedByServer = false;
    let finished = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      clearTimeout(deadline);
      socket.destroy();
      const raw = Buffer.concat(chunks).toString("latin1");
      resolve({ ...parseResponse(raw), raw, closedByServer, firstByteMs, endMs: Math.round(performance.now() - started), piecesWritten: written });
    };
    const deadline = setTimeout(finish, opts.deadlineMs ?? 5_000);
    socket.on("data", (d: Buffer) => {
      firstByteMs ??= Math.round(performance.now() - started);
      chunks.push(d);
      if (opts.endAfterResponseMs !== undefined && parseResponse(Buffer.concat(chunks).toString("latin1")).complete) {
        setTimeout(finish, opts.endAfterResponseMs);
      }
    });
    socket.on("close", () => {
      closedByServer = !finished;
      finish();
    });
    socket.on("error", () => undefined);
    const writeNext = () => {
      if (finished || socket.destroyed || written >= pieces.length) return;
      if (opts.stopOnResponse && chunks.length > 0) return;
      socket.write(pieces[written++]!);
      if (written < pieces.length) timer = setTimeout(writeNext, gapMs);
    };
    socket.once("connect", writeNext);
  });
}

function parseResponse(raw: string): { status: number | undefined; headers: Record<string, string>; body: string; complete: boolean } {
  const end = raw.indexOf("\r\n\r\n");
  if (!raw.startsWith("HTTP/1.1 ") || end < 0) return { status: undefined, headers: {}, body: "", complete: false };
  const lines = raw.slice(0, end).split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const i = line.indexOf(":");
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  const length = Number(headers["content-length"] ?? 0);
  const body = raw.slice(end + 4, end + 4 + length);
  return { status: Number(lines[0]!.split(" ")[1]), headers, body, complete: raw.length >= end + 4 + length };
}

let gcFn: (() => void) | undefined;

/** A full collection, so heap figures compare what is retained rather than what is merely not yet collected. */
export function collectGarbage(): void {
  if (!gcFn) {
    v8.setFlagsFromString("--expose-gc");
    gcFn = (globalThis as { gc?: () => void }).gc ?? (runInNewContext("gc") as () => void);
  }
  gcFn();
  gcFn();
}

export interface ProcessHealth {
  heapUsedMb: number;
  rssMb: number;
  /** Node's active handles and requests by type (sockets, timers, …). */
  resources: Record<string, number>;
}

export function processHealth(): ProcessHealth {
  collectGarbage();
  const m = process.memoryUsage();
  const resources: Record<string, number> = {};
  for (const r of process.getActiveResourcesInfo()) resources[r] = (resources[r] ?? 0) + 1;
  return { heapUsedMb: Math.round(m.heapUsed / 1e5) / 10, rssMb: Math.round(m.rss / 1e5) / 10, resources };
}

/** Resources of each type beyond the baseline, ignoring the few a keep-alive pool may legitimately hold. */
export function resourceGrowth(before: ProcessHealth, after: ProcessHealth, slack = 4): Record<string, number> {
  const grown: Record<string, number> = {};
  for (const [type, n] of Object.entries(after.resources)) {
    const extra = n - (before.resources[type] ?? 0);
    if (extra > slack) grown[type] = extra;
  }
  return grown;
}

/** Requests whose handler has not finished, from the replica's own gauge. */
export async function requestsInFlight(f: GatewayFixture): Promise<number> {
  const metric = f.gw.dataPlanes[0]!.deps.metrics.registry.getSingleMetric("svc_requests_in_flight");
  const value = await metric?.get();
  return value?.values[0]?.value ?? -1;
}

export function authHeaders(key: string, contentType = "application/json"): Record<string, string> {
  return { authorization: `Bearer ${key}`, "content-type": contentType };
}

/** A multipart/form-data body from parts, written by hand so tests can also write it wrong. */
export function multipart(boundary: string, parts: readonly { name: string; value: string | Buffer; filename?: string; type?: string }[], opts: { close?: boolean } = {}): Buffer {
  const out: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ""}`;
    out.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ""}\r\n`));
    out.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value));
    out.push(Buffer.from("\r\n"));
  }
  if (opts.close !== false) out.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(out);
}

/** A 1×1 PNG: the smallest picture any image route accepts. */
export const TINY_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

/** A short MP3 frame header followed by silence: enough bytes to look like audio to a form reader. */
export const TINY_AUDIO = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(2_000)]);
