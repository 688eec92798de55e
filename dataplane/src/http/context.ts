import type { HttpRequest, HttpResponse } from "uWebSockets.js";
import type { Cancellation } from "../cancellation.ts";
import { GatewayError, asGatewayError } from "../errors.ts";
import type { Billing } from "./access-log.ts";
import type { BodyIdleWatch } from "./body-idle-watch.ts";
import { newRequestId } from "./request-id.ts";
import { statusLine } from "./status-line.ts";
import { afterTurnEndWrites, atTurnEnd } from "../turn-end.ts";
import { noteLargeBody } from "../heap-tuning.ts";

const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});
const EMPTY_BODY = Buffer.alloc(0);

/**
 * How long a stream's head waits for the first chunk before it goes with HEAD_ALONE_COMMENT. Most providers' first
 * event follows their head within it (and usually in the same read): their streams start exactly as the provider's.
 */
export const HEAD_ALONE_MS = 1_000;
/** An SSE comment line (skipped by every SSE client, the official SDKs' included): it completes the head on the wire. */
export const HEAD_ALONE_COMMENT = ": waiting for the provider\n\n";

/** Chunks as one: text joined as text, anything else as bytes. */
function joinChunks(chunks: readonly (string | Uint8Array)[]): string | Buffer {
  if (chunks.every((c) => typeof c === "string")) return (chunks as string[]).join("");
  return Buffer.concat(chunks.map((c) => (typeof c === "string" ? Buffer.from(c) : c)));
}

/**
 * A body is read into one buffer of its declared size when that size is at most this many times its first chunk:
 * a declared size costs the client nothing to claim, so the buffer is never more than a few times what it has sent
 * (a connection that declares megabytes and sends a byte gets no megabytes). Past that, or past
 * PREALLOCATED_BODY_MAX, the body is read in parts as they come.
 */
const PREALLOCATE_PER_FIRST_CHUNK = 4;
const PREALLOCATED_BODY_MAX = 8 * 1024 * 1024;
/** Buffer.allocUnsafe takes smaller buffers from Node's shared pool; from this size each is an allocation of its own. */
const OWN_ALLOCATION_MIN = Buffer.poolSize >>> 1;

/**
 * What a registered route tells of its requests before they are read: their method (upper case), and whether the
 * route reads the query string and the content type. Each read is a call into uWebSockets.js, the method's with an
 * upper-casing too. A chat request's context took 2.2 µs against 2.8 reading all three, of the ~26 µs of its steps
 * before the provider is called at one request at a time (docs/performance.md). A route that reads one it did not
 * declare gets an error, not "": a forgotten flag fails the route's first test rather than passing it a value that
 * looks like an empty query (the native route once lost Anthropic's `?beta=true` that way, caught only end to end).
 */
export interface RouteReads {
  method: string;
  query?: boolean;
  contentType?: boolean;
}

/**
 * One HTTP exchange on uWebSockets.js. uWS forbids touching `req` after the handler returns and `res` after the
 * client went away, so everything needed is copied here at once and every write checks `aborted`. It is also the
 * request's Cancellation: work for the request (an upstream call, an upload) listens for the client leaving.
 */
export class RequestContext implements Cancellation {
  readonly res: HttpResponse;
  readonly method: string;
  readonly url: string;
  readonly #query: string | undefined;
  readonly authorization: string;
  readonly #contentType: string | undefined;
  readonly headers: Readonly<Record<string, string>>;
  readonly requestId = newRequestId();
  readonly startedAtMs = Date.now();
  /** The client disconnected: pending upstream work must stop (listeners are told once). */
  aborted = false;
  #abortListeners: (() => void)[] | undefined;
  responded = false;
  /** The status sent, once sent (200 for a stream). */
  status = 0;
  /** For the access line: the first error code sent, and the meter's facts once admitted. */
  errorCode: string | undefined;
  billing: Billing | undefined;
  /** Whose error envelope this route speaks: OpenAI's, or Anthropic's on /v1/messages. */
  dialect: "openai" | "anthropic" = "openai";
  #streaming = false;
  #ended = false;
  #drain: (() => void) | undefined;
  /** A stream's head and chunks waiting for the end of the turn, and whether that flush is queued. */
  #streamHead: Record<string, string> | undefined;
  #streamOut: (string | Uint8Array)[] | undefined;
  #flushQueued = false;
  /** Set while a stream's head waits for its first chunk (see #flushStream). */
  #headTimer: NodeJS.Timeout | undefined;
  /** Set while the socket is full: what a stream's writer waits on. */
  #full: Promise<void> | undefined;
  /** "refused": the body was turned away or answered before it was all in; the connection must not be reused. */
  #body: "none" | "reading" | "read" | "refused" = "none";
  #bodyWatch: BodyIdleWatch | undefined;
  /** Settles the body being read with an error (idle, client gone). */
  #refuseBody: ((err: GatewayError) => void) | undefined;
  /** The body, once readBody's promise has resolved. */
  #bodyBytes: Buffer | undefined;
  /** When body bytes last arrived, and where the idle watch keeps it. */
  bodyActiveAtMs = 0;
  sweepSlot = -1;
  /**
   * Set by the server where failed keys are counted per address: works out the client's address, which can be
   * read only while the response is open; called when a 401 is sent, and the result kept in `unauthorizedFrom`.
   */
  onUnauthorized: (() => string) | undefined;
  unauthorizedFrom: string | undefined;

  /**
   * `headers`: the request headers the route reads (lower case), kept in `headers` when present. Named rather than
   * all copied: a client SDK sends a dozen or more, and copying each cost /v1/messages ~14 µs of its time to first
   * chunk at one request at a time. `route`: what the route's registration already tells, and which of the query
   * and the content type it reads; without it, all are read from the request.
   */
  constructor(res: HttpResponse, req: HttpRequest, headers?: readonly string[], route?: RouteReads) {
    this.res = res;
    this.method = route ? route.method : req.getMethod().toUpperCase();
    this.url = req.getUrl();
    this.#query = !route || route.query ? (req.getQuery() ?? "") : undefined;
    this.authorization = req.getHeader("authorization");
    this.#contentType = !route || route.contentType ? req.getHeader("content-type") : undefined;
    if (headers) {
      const kept: Record<string, string> = {};
      for (const name of headers) {
        const v = req.getHeader(name);
        if (v !== "") kept[name] = v;
      }
      this.headers = kept;
    } else this.headers = NO_HEADERS;
    res.onAborted(() => this.#onAborted());
  }

  /** The query string without its `?` ("" for none); only on a route registered with `query: true`. */
  get query(): string {
    if (this.#query === undefined) throw new Error(`the route for ${this.url} reads the query string without declaring it (query: true in its registration)`);
    return this.#query;
  }

  /** The request's Content-Type ("" for none); only on a route registered with `contentType: true`. */
  get contentType(): string {
    if (this.#contentType === undefined) throw new Error(`the route for ${this.url} reads the content type without declaring it (contentType: true in its registration)`);
    return this.#contentType;
  }

  #onAborted(): void {
    this.aborted = true;
    this.#refuseBody?.(new GatewayError("invalid_request_error", "client went away"));
    const listeners = this.#abortListeners;
    this.#abortListeners = undefined;
    if (listeners) for (const l of listeners) l();
    this.#drain?.();
    this.#stopHeadTimer();
  }

  addEventListener(_type: "abort", listener: () => void): void {
    (this.#abortListeners ??= []).push(listener);
  }

  removeEventListener(_type: "abort", listener: () => void): void {
    const at = this.#abortListeners?.indexOf(listener) ?? -1;
    if (at >= 0) this.#abortListeners!.splice(at, 1);
  }

  /**
   * Reads the whole body, refusing it as soon as it passes `limit` bytes or (with a watch) stops arriving for the
   * watch's idle time. Call before the first await. With the length the request declared, the chunks may be copied
   * into one buffer of that size as they come (PREALLOCATE_PER_FIRST_CHUNK): a large body arrives in chunks, each
   * then copied once rather than twice. The buffer is taken when the first chunk comes, so a request refused before
   * its body (a bad key) never gets one.
   *
   * The promise settles when the body is all in (or refused) and `takeBody` then gives it: resolved with nothing rather
   * than the buffer, since V8 looks a `then` up along the prototype chain of any object a promise is resolved with (a
   * Buffer's is five deep: ~40 ns a request in a loop, 0.23 % of a data plane's samples under load).
   */
  readBody(limit: number, watch?: BodyIdleWatch, declaredLength?: number): Promise<void> {
    this.#body = "reading";
    return new Promise((resolve, reject) => {
      let parts: Buffer[] | undefined;
      const preallocate = declaredLength !== undefined && declaredLength > 0 && declaredLength <= Math.min(limit, PREALLOCATED_BODY_MAX);
      let first = true;
      let whole: Buffer | undefined;
      let size = 0;
      const settle = (err: GatewayError | undefined, body?: Buffer) => {
        if (this.#body !== "reading") return;
        this.#body = err ? "refused" : "read";
        this.#stopWatch();
        if (err) reject(err);
        else {
          this.#bodyBytes = body!;
          resolve();
        }
      };
      this.#refuseBody = settle;
      if (watch) {
        // answered while the client can still read it: uWS would drop the connection silently at ~10 s
        this.#bodyWatch = watch;
        this.bodyActiveAtMs = this.startedAtMs;
        watch.add(this);
      }
      this.res.onData((chunk, isLast) => {
        if (this.#body !== "reading") return;
        size += chunk.byteLength;
        if (size > limit) {
          settle(new GatewayError("request_too_large", `The request body is larger than ${limit} bytes.`));
          return;
        }
        // the chunk is uWS's memory only until this callback returns
        if (first) {
          first = false;
          if (preallocate && declaredLength <= PREALLOCATE_PER_FIRST_CHUNK * chunk.byteLength) {
            whole = Buffer.allocUnsafe(declaredLength);
            if (declaredLength >= OWN_ALLOCATION_MIN) noteLargeBody(declaredLength);
          }
        }
        if (whole !== undefined) {
          if (size <= whole.length) {
            whole.set(new Uint8Array(chunk), size - chunk.byteLength);
            if (isLast) settle(undefined, size === whole.length ? whole : whole.subarray(0, size));
            else if (watch) this.bodyActiveAtMs = Date.now();
            return;
          }
          // more than declared (uWS frames a body by its length, so this is not expected): read on in parts
          parts = [whole.subarray(0, size - chunk.byteLength)];
          whole = undefined;
        }
        const copy = Buffer.from(chunk.slice(0));
        noteLargeBody(copy.length);
        if (isLast && parts === undefined) {
          settle(undefined, copy);
          return;
        }
        (parts ??= []).push(copy);
        if (isLast) settle(undefined, Buffer.concat(parts, size));
        else if (watch) this.bodyActiveAtMs = Date.now();
      });
    });
  }

  /**
   * The body read by readBody, once its promise has resolved (empty before, and for a request without one), handed
   * over: the context lets go of it, so a large body lives no longer than the route keeps it, as when the promise
   * carried it.
   */
  takeBody(): Buffer {
    const bytes = this.#bodyBytes ?? EMPTY_BODY;
    this.#bodyBytes = undefined;
    return bytes;
  }

  /** The body stopped arriving (called by the idle watch). */
  bodyIdle(idleMs: number): void {
    this.#refuseBody?.(new GatewayError("request_timeout", `The request body stopped arriving (nothing for ${idleMs} ms).`));
  }

  #stopWatch(): void {
    this.#refuseBody = undefined;
    this.#bodyWatch?.delete(this);
    this.#bodyWatch = undefined;
  }

  send(status: number, body: string, headers: Record<string, string> = {}, contentType = "application/json", atEndOfTurn = false): void {
    if (this.aborted || this.responded) return;
    this.responded = true;
    this.status = status;
    if (status === 401 && this.onUnauthorized) this.unauthorizedFrom = this.onUnauthorized();
    // an answer given while the body is still arriving ends the connection, or the client would go on uploading
    if (this.#body === "reading") {
      this.#body = "refused";
      this.#stopWatch();
    }
    const close = this.#body === "refused" || headers.connection === "close";
    const write = () => {
      // the client may have gone since: uWS forbids touching its response then
      if (this.aborted) return;
      this.res.cork(() => {
        this.res.writeStatus(statusLine(status)).writeHeader("content-type", contentType).writeHeader("x-request-id", this.requestId);
        for (const k in headers) if (k !== "connection") this.res.writeHeader(k, headers[k]!);
        // a HEAD answer carries no body, or a keep-alive client would read it as the start of the next response;
        // no length either: uWS 20.30 waits for the bytes of a reported length and drops the next request
        if (this.method === "HEAD") {
          if (close) this.res.endWithoutBody(0, true);
          else this.res.endWithoutBody();
        } else this.res.end(body, close);
      });
    };
    if (atEndOfTurn) atTurnEnd(write);
    else write();
  }

  /**
   * `send` for an answer made from a provider's: it leaves at the end of the event loop's turn with the others of
   * that turn (turn-end.ts). Answers the gateway gives on its own go at once, from inside uWS's callbacks, where
   * a pipelined next request must not be answered first.
   */
  sendAfterUpstream(status: number, body: string, headers: Record<string, string> = {}): void {
    this.send(status, body, headers, "application/json", true);
  }

  sendError(err: unknown): void {
    const e = asGatewayError(err);
    this.errorCode ??= e.code;
    const body = this.dialect === "anthropic" ? e.toAnthropic() : e.toOpenAI();
    if (this.#streaming) {
      // headers are gone: the error travels as the stream's last event, so the client never sees silence
      this.endStream(this.dialect === "anthropic" ? `event: error\ndata: ${body}\n\n` : `data: ${body}\n\n`);
      return;
    }
    this.send(e.status, body, { ...e.headers });
  }

  /**
   * Starts a streamed answer. Its head and every chunk written in one turn of the event loop leave together at
   * the turn's end (turn-end.ts): a provider's events that arrive in one read go out in one write, and none waits
   * longer than the rest of the turn. The head waits for the first chunk, up to HEAD_ALONE_MS (#flushStream).
   */
  startStream(headers: Record<string, string>): void {
    if (this.aborted || this.responded) return;
    this.responded = true;
    this.#streaming = true;
    this.status = 200;
    this.#streamHead = headers;
    this.#flushSoon();
    this.res.onWritable(() => {
      const d = this.#drain;
      this.#drain = undefined;
      d?.();
      return true;
    });
  }

  /**
   * Queues a chunk for the end of the turn. Returns a promise while the socket is full (the last write could not
   * all go): the caller waits on it, so backpressure holds the upstream, not memory.
   */
  write(chunk: string | Uint8Array): Promise<void> | undefined {
    if (this.aborted || this.#ended) return undefined;
    (this.#streamOut ??= []).push(chunk);
    this.#flushSoon();
    return this.#full;
  }

  endStream(last?: string): void {
    if (this.aborted || this.#ended) return;
    this.#ended = true;
    if (last) (this.#streamOut ??= []).push(last);
    this.#flushSoon();
  }

  /** No chunk came within HEAD_ALONE_MS of the head: the head goes with an SSE comment, which clients skip. */
  #headAlone(): void {
    this.#headTimer = undefined;
    if (this.aborted || this.#streamHead === undefined) return;
    (this.#streamOut ??= []).push(HEAD_ALONE_COMMENT);
    // a flush already queued writes the head and the comment with whatever else it finds
    if (!this.#flushQueued) this.#flushStream();
  }

  #stopHeadTimer(): void {
    if (this.#headTimer === undefined) return;
    clearTimeout(this.#headTimer);
    this.#headTimer = undefined;
  }

  #flushSoon(): void {
    if (this.#flushQueued) return;
    this.#flushQueued = true;
    atTurnEnd(() => this.#flushStream());
  }

  #flushStream(): void {
    this.#flushQueued = false;
    if (this.aborted) return;
    const head = this.#streamHead;
    const out = this.#streamOut;
    if (head !== undefined && out === undefined && !this.#ended) {
      // uWS completes a head (its blank line) only with the first chunk: a head written alone reaches the client
      // cut short, and a client or proxy waiting for the status waits for the provider's first event (minutes,
      // for a model that reasons first). So the head leaves with the first chunk, or with a comment if none came.
      // (a closure made here, not a bound field on every request's context: most requests never stream)
      this.#headTimer ??= setTimeout(() => this.#headAlone(), HEAD_ALONE_MS);
      return;
    }
    // the head's timer is cleared once this turn's writes are out: clearing it (its list emptied, the loop's timer
    // handle unreferenced) was ~5 µs between a stream's first event and the client's first chunk, at one request at a
    // time; until then it finds the head gone if it fires (#headAlone)
    const headTimer = this.#headTimer;
    this.#headTimer = undefined;
    if (headTimer !== undefined) afterTurnEndWrites(() => clearTimeout(headTimer));
    this.#streamHead = undefined;
    this.#streamOut = undefined;
    let ok = true;
    this.res.cork(() => {
      if (head) {
        this.res.writeStatus("200 OK").writeHeader("x-request-id", this.requestId);
        for (const k in head) this.res.writeHeader(k, head[k]!);
      }
      // one write for the turn's chunks: uWS frames each write as a chunk of its own
      if (out) ok = this.res.write(out.length === 1 ? out[0]! : joinChunks(out));
      if (this.#ended) this.res.end();
    });
    if (!ok && !this.#ended && this.#full === undefined) {
      this.#full = new Promise((resolve) => {
        this.#drain = () => {
          this.#full = undefined;
          resolve();
        };
      });
    }
  }
}
