import { Readable } from "node:stream";
import type { Cancellation } from "../cancellation.ts";
import { GatewayError } from "../errors.ts";
import type { UpstreamRequest } from "../providers/types.ts";
import { isPieces, type ExchangeSink, type WireRequest } from "./connection.ts";
import { parseFields, type ResponseHeaders } from "./http1-response-parser.ts";
import { OriginPool, type PoolJob } from "./origin-pool.ts";
import { ResponseBody, type BodySource } from "./response-body.ts";
import { SweepList, type SweepMember } from "../sweep-list.ts";

export interface UpstreamResponse {
  status: number;
  headers: ResponseHeaders;
  body: AsyncIterable<Buffer> & { text(): Promise<string>; dump(): Promise<void> };
}

/** No answer began within the headers timeout, or the body stalled past the body timeout. */
export class UpstreamTimeoutError extends Error {
  override readonly name = "UpstreamTimeoutError";
}

/** The request was called off by its caller. */
export class UpstreamAbortedError extends Error {
  override readonly name = "UpstreamAbortedError";
}

export interface UpstreamClientOptions {
  /** From sending the request to the response's head. */
  headersTimeoutMs: number;
  /** Longest silence within a response body (not counted while the gateway's own reader holds it paused). */
  bodyTimeoutMs: number;
  /** Per origin: every stream in flight holds one (HTTP/1.1), so this caps a replica's open streams per provider. */
  connections?: number;
  keepAliveMs?: number;
  connectTimeoutMs?: number;
  /** Certificates to trust for https upstreams instead of the default roots (tests, private upstreams). */
  ca?: string | undefined;
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * Whether a field value holds a character that could end the field (CR, LF, NUL). A loop rather than a regular
 * expression: at one request at a time the expression's three tests were ~3 µs of a request's way to its provider.
 */
function unsafeValue(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 0x0d || c === 0x0a || c === 0) return true;
  }
  return false;
}

/**
 * Field names found valid: the adapters' few (content-type, accept, authorization, ...) are looked up here rather
 * than matched against TOKEN again for every request (~20 ns a match in a loop, ~60 under load). Names only: a
 * value may hold a credential, which is not kept beyond its request.
 */
const validNames = new Set<string>();
const VALID_NAMES_MAX = 256;

function isFieldName(name: string): boolean {
  if (validNames.has(name)) return true;
  if (!TOKEN.test(name)) return false;
  if (validNames.size < VALID_NAMES_MAX) validNames.add(name);
  return true;
}

/**
 * The only place the data plane does network I/O to providers: HTTP/1.1 over keep-alive connections, a pool
 * per origin (`connection.ts`, `origin-pool.ts`, `http1-response-parser.ts`). Written for the request path
 * rather than taken from undici, whose per-call machinery (dispatcher chain, handler objects, header validation
 * passes, stream machinery on every read) cost a relay on this stack about half again its CPU per request
 * (docs/performance.md). A request is written in one syscall where it can be, at the end of the event loop's
 * turn; reads land in one shared buffer and are parsed in place, and only the body bytes a reader keeps are
 * copied. Failures become GatewayErrors with stable codes and no provider detail.
 */
export class UpstreamClient {
  readonly #pools = new Map<string, OriginPool>();
  readonly #opts: Required<Omit<UpstreamClientOptions, "ca">> & Pick<UpstreamClientOptions, "ca">;
  /** Requests waiting for a head or reading a body: what the timeout sweep looks at. */
  readonly #active = new SweepList<Exchange>();
  #sweeper: NodeJS.Timeout | undefined;
  readonly #sweepEveryMs: number;

  constructor(opts: UpstreamClientOptions) {
    this.#opts = { connections: 4096, keepAliveMs: 30_000, connectTimeoutMs: 10_000, ...opts };
    // timeouts are judged by a periodic sweep rather than a timer per request: a tenth of the shorter timeout,
    // between 5 ms and 1 s, is as fine-grained as they need to be
    this.#sweepEveryMs = Math.min(1_000, Math.max(5, Math.floor(Math.min(opts.headersTimeoutMs, opts.bodyTimeoutMs) / 10)));
  }

  send(req: UpstreamRequest, cancel?: Cancellation): Promise<UpstreamResponse> {
    return new Promise((resolve, reject) => {
      if (cancel?.aborted) {
        reject(upstreamFailure(new UpstreamAbortedError("the client went away")));
        return;
      }
      let wire: WireRequest;
      try {
        wire = toWire(req);
      } catch (err) {
        reject(err);
        return;
      }
      const url = req.url;
      const key = url.origin;
      let pool = this.#pools.get(key);
      if (pool === undefined) {
        if (url.protocol !== "http:" && url.protocol !== "https:") {
          reject(new GatewayError("upstream_error", "The gateway could not reach the provider."));
          return;
        }
        const o = this.#opts;
        pool = new OriginPool(url, { connections: o.connections, keepAliveMs: o.keepAliveMs, connectTimeoutMs: o.connectTimeoutMs, ca: o.ca });
        this.#pools.set(key, pool);
      }
      const now = Date.now();
      const ex = new Exchange(this, pool, wire, resolve, reject, cancel, now);
      this.#active.add(ex);
      this.#sweeper ??= setInterval(() => this.#sweep(), this.#sweepEveryMs).unref();
      pool.dispatch(ex, now);
    });
  }

  /** @internal */
  finished(ex: Exchange): void {
    this.#active.delete(ex);
  }

  #sweep(): void {
    const now = Date.now();
    this.#active.forEach((ex) => ex.checkTimeout(now, this.#opts.headersTimeoutMs, this.#opts.bodyTimeoutMs));
    for (const pool of this.#pools.values()) pool.sweep(now);
    if (this.#active.size === 0) {
      clearInterval(this.#sweeper);
      this.#sweeper = undefined;
    }
  }

  async close(): Promise<void> {
    for (const pool of this.#pools.values()) pool.close();
    clearInterval(this.#sweeper);
    this.#sweeper = undefined;
  }
}

/** One request: waits for a connection, then for its head, then hands its body to the reader. */
class Exchange implements ExchangeSink, PoolJob, BodySource, SweepMember {
  cancelled = false;
  sweepSlot = -1;
  conn: PoolJob["conn"] = undefined;
  readonly wire: WireRequest;
  readonly sink = this;
  readonly #client: UpstreamClient;
  readonly #pool: OriginPool;
  readonly #resolve: (r: UpstreamResponse) => void;
  readonly #reject: (err: unknown) => void;
  readonly #cancel: Cancellation | undefined;
  readonly #onCancel: (() => void) | undefined;
  #body: ResponseBody | undefined;
  #done = false;
  #retried = false;
  #paused = false;
  /** For the timeouts: when it was sent, and whether body bytes came since the last sweep. */
  #sinceMs: number;
  #progress = false;

  constructor(client: UpstreamClient, pool: OriginPool, wire: WireRequest, resolve: (r: UpstreamResponse) => void, reject: (err: unknown) => void, cancel: Cancellation | undefined, nowMs: number) {
    this.#client = client;
    this.#pool = pool;
    this.wire = wire;
    this.#resolve = resolve;
    this.#reject = reject;
    this.#sinceMs = nowMs;
    this.#cancel = cancel;
    if (cancel) {
      this.#onCancel = () => this.abort(new UpstreamAbortedError("the client went away"));
      cancel.addEventListener("abort", this.#onCancel, { once: true });
    }
  }

  onHead(status: number, head: string, fieldsFrom: number): void {
    const body = (this.#body = new ResponseBody(this));
    this.#sinceMs = Date.now();
    this.#resolve(new ReceivedResponse(status, body, head, fieldsFrom));
  }

  onBody(chunk: Buffer): void {
    this.#progress = true;
    // a view into the connections' shared read buffer: the body keeps a copy
    this.#body?.push(Buffer.from(chunk));
  }

  onEnd(): void {
    this.#settle();
    this.#body?.end();
  }

  onError(err: Error, retryable: boolean): void {
    if (this.#done) return;
    // a keep-alive connection the server closed just as this request went out: once more on another connection
    if (retryable && !this.#retried && this.#body === undefined && !(this.wire.body instanceof Readable)) {
      this.#retried = true;
      this.conn = undefined;
      this.#pool.dispatch(this, Date.now());
      return;
    }
    this.#fail(err);
  }

  pause(): void {
    this.#paused = true;
    this.conn?.pause();
  }

  resume(): void {
    this.#paused = false;
    this.conn?.resume();
  }

  /** Calls the request off: its connection is closed (a response cut short cannot be reused). */
  abort(err: Error): void {
    if (this.#done) return;
    this.cancelled = true;
    const conn = this.conn;
    if (conn) {
      conn.detach(this);
      conn.destroy(err);
    }
    this.#fail(err);
  }

  checkTimeout(nowMs: number, headersMs: number, bodyMs: number): void {
    if (this.#body === undefined) {
      if (nowMs - this.#sinceMs >= headersMs) this.abort(new UpstreamTimeoutError("no response head in time"));
      return;
    }
    if (this.#progress || this.#paused) {
      this.#progress = false;
      this.#sinceMs = nowMs;
    } else if (nowMs - this.#sinceMs >= bodyMs) this.abort(new UpstreamTimeoutError("the response body stalled"));
  }

  #fail(err: Error): void {
    if (this.#done) return;
    this.#settle();
    if (this.#body) this.#body.fail(err);
    else this.#reject(upstreamFailure(err));
  }

  #settle(): void {
    this.#done = true;
    this.#client.finished(this);
    if (this.#onCancel) this.#cancel!.removeEventListener("abort", this.#onCancel);
  }
}

/**
 * A response head. Its fields are parsed only when asked for: on the request path nobody asks unless the answer
 * is an error. The getter is the class's, not an object literal's: a literal with a getter closure got a hidden
 * class of its own per response, made in the old generation, which then kept that response and everything it
 * reached (the exchange, the request's text) alive through the scavenges until a full collection: a fifth to a
 * third of what the upstream client allocated, and all it promoted (docs/performance.md).
 */
class ReceivedResponse implements UpstreamResponse {
  readonly status: number;
  readonly body: ResponseBody;
  readonly #head: string;
  readonly #fieldsFrom: number;
  #headers: ResponseHeaders | undefined;

  constructor(status: number, body: ResponseBody, head: string, fieldsFrom: number) {
    this.status = status;
    this.body = body;
    this.#head = head;
    this.#fieldsFrom = fieldsFrom;
  }

  get headers(): ResponseHeaders {
    return (this.#headers ??= parseFields(this.#head, this.#fieldsFrom));
  }
}

/** The request line and fields as one string, with the body's framing. Refuses a field that could split the head. */
function toWire(req: UpstreamRequest): WireRequest {
  const url = req.url;
  const method = req.method ?? "POST";
  let head = `${method} ${url.pathname}${url.search} HTTP/1.1\r\n`;
  const headers = req.headers;
  let hasHost = false;
  let hasLength = false;
  let fields = "";
  for (const name in headers) {
    const value = headers[name]!;
    if (!isFieldName(name) || unsafeValue(value)) throw new GatewayError("invalid_request_error", "A header value for the provider contains a line break or is not a valid field.");
    const lower = name.length === 4 || name.length === 14 ? name.toLowerCase() : "";
    if (lower === "host") hasHost = true;
    else if (lower === "content-length") hasLength = true;
    fields += `${name}: ${value}\r\n`;
  }
  if (!hasHost) head += `host: ${url.host}\r\n`;
  head += fields;
  const body = req.body;
  let chunked = false;
  if (body === undefined) {
    if (method !== "GET") head += "content-length: 0\r\n";
  } else if (typeof body === "string") {
    if (!hasLength) head += `content-length: ${Buffer.byteLength(body)}\r\n`;
  } else if (body instanceof Uint8Array) {
    if (!hasLength) head += `content-length: ${body.length}\r\n`;
  } else if (isPieces(body)) {
    if (!hasLength) head += `content-length: ${byteCount(body)}\r\n`;
  } else if (!hasLength) {
    head += "transfer-encoding: chunked\r\n";
    chunked = true;
  }
  return { head: `${head}\r\n`, body, chunked, noBody: false };
}

function byteCount(pieces: readonly Uint8Array[]): number {
  let n = 0;
  for (const p of pieces) n += p.length;
  return n;
}

export function upstreamFailure(err: unknown): GatewayError {
  if (err instanceof GatewayError) return err;
  if (err instanceof UpstreamTimeoutError) return new GatewayError("upstream_timeout", "The provider did not answer in time.");
  return new GatewayError("upstream_error", "The gateway could not reach the provider.");
}
