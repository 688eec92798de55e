import { randomUUID } from "node:crypto";
import type { HttpRequest, HttpResponse } from "uWebSockets.js";
import { GatewayError, asGatewayError } from "../errors.ts";
import type { Billing } from "./access-log.ts";
import { statusLine } from "./status-line.ts";

/**
 * One HTTP exchange on uWebSockets.js. uWS forbids touching `req` after the handler returns and `res` after the
 * client went away, so everything needed is copied here at once and every write checks `aborted`.
 */
export class RequestContext {
  readonly res: HttpResponse;
  readonly method: string;
  readonly url: string;
  readonly query: string;
  readonly authorization: string;
  readonly contentType: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly requestId = `req_${randomUUID().replaceAll("-", "")}`;
  readonly startedAtMs = Date.now();
  /** Fires when the client disconnects: pending upstream work must stop. */
  readonly abort = new AbortController();
  aborted = false;
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
  /** "refused": the body was turned away or answered before it was all in; the connection must not be reused. */
  #body: "none" | "reading" | "read" | "refused" = "none";
  #bodyTimer: NodeJS.Timeout | undefined;

  constructor(res: HttpResponse, req: HttpRequest, keepHeaders: boolean) {
    this.res = res;
    this.method = req.getMethod().toUpperCase();
    this.url = req.getUrl();
    this.query = req.getQuery() ?? "";
    this.authorization = req.getHeader("authorization");
    this.contentType = req.getHeader("content-type");
    const headers: Record<string, string> = {};
    if (keepHeaders) req.forEach((k, v) => (headers[k] = v));
    this.headers = headers;
    res.onAborted(() => {
      this.aborted = true;
      this.abort.abort();
      this.#drain?.();
    });
  }

  /**
   * Reads the whole body, refusing it as soon as it passes `limit` bytes or stops arriving for `idleMs` (0: no
   * idle limit). Call before the first await.
   */
  readBody(limit: number, idleMs = 0): Promise<Buffer> {
    this.#body = "reading";
    return new Promise((resolve, reject) => {
      const parts: Buffer[] = [];
      let size = 0;
      const settle = (err: GatewayError | undefined, body?: Buffer) => {
        if (this.#body !== "reading") return;
        this.#body = err ? "refused" : "read";
        clearTimeout(this.#bodyTimer);
        if (err) reject(err);
        else resolve(body!);
      };
      if (idleMs > 0) {
        // answered while the client can still read it: uWS would drop the connection silently at ~10 s
        this.#bodyTimer = setTimeout(() => settle(new GatewayError("request_timeout", `The request body stopped arriving (nothing for ${idleMs} ms).`)), idleMs);
      }
      this.res.onData((chunk, isLast) => {
        if (this.#body !== "reading") return;
        this.#bodyTimer?.refresh();
        size += chunk.byteLength;
        if (size > limit) {
          settle(new GatewayError("request_too_large", `The request body is larger than ${limit} bytes.`));
          return;
        }
        parts.push(Buffer.from(chunk.slice(0)));
        if (isLast) settle(undefined, parts.length === 1 ? parts[0]! : Buffer.concat(parts, size));
      });
      this.abort.signal.addEventListener("abort", () => settle(new GatewayError("invalid_request_error", "client went away")), { once: true });
    });
  }

  send(status: number, body: string, headers: Record<string, string> = {}, contentType = "application/json"): void {
    if (this.aborted || this.responded) return;
    this.responded = true;
    this.status = status;
    // an answer given while the body is still arriving ends the connection, or the client would go on uploading
    if (this.#body === "reading") {
      this.#body = "refused";
      clearTimeout(this.#bodyTimer);
    }
    const close = this.#body === "refused" || headers.connection === "close";
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

  startStream(headers: Record<string, string>): void {
    if (this.aborted || this.responded) return;
    this.responded = true;
    this.#streaming = true;
    this.status = 200;
    this.res.cork(() => {
      this.res.writeStatus("200 OK").writeHeader("x-request-id", this.requestId);
      for (const k in headers) this.res.writeHeader(k, headers[k]!);
    });
    this.res.onWritable(() => {
      const d = this.#drain;
      this.#drain = undefined;
      d?.();
      return true;
    });
  }

  /** Writes at once; resolves when the socket can take more (backpressure holds the upstream, not memory). */
  write(chunk: string | Uint8Array): Promise<void> | undefined {
    if (this.aborted || this.#ended) return undefined;
    let ok = true;
    this.res.cork(() => {
      ok = this.res.write(chunk);
    });
    if (ok) return undefined;
    return new Promise((resolve) => {
      this.#drain = resolve;
    });
  }

  endStream(last?: string): void {
    if (this.aborted || this.#ended) return;
    this.#ended = true;
    this.res.cork(() => this.res.end(last));
  }
}
