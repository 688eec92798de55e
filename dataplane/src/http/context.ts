import { randomUUID } from "node:crypto";
import type { HttpRequest, HttpResponse } from "uWebSockets.js";
import { GatewayError, asGatewayError } from "../errors.ts";
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
  /** Whose error envelope this route speaks: OpenAI's, or Anthropic's on /v1/messages. */
  dialect: "openai" | "anthropic" = "openai";
  #streaming = false;
  #ended = false;
  #drain: (() => void) | undefined;

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

  /** Reads the whole body, refusing it as soon as it passes `limit` bytes. Call before the first await. */
  readBody(limit: number): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const parts: Buffer[] = [];
      let size = 0;
      let refused = false;
      this.res.onData((chunk, isLast) => {
        if (refused) return;
        size += chunk.byteLength;
        if (size > limit) {
          refused = true;
          reject(new GatewayError("request_too_large", `The request body is larger than ${limit} bytes.`));
          return;
        }
        parts.push(Buffer.from(chunk.slice(0)));
        if (isLast) resolve(parts.length === 1 ? parts[0]! : Buffer.concat(parts, size));
      });
      this.abort.signal.addEventListener("abort", () => reject(new GatewayError("invalid_request_error", "client went away")), { once: true });
    });
  }

  send(status: number, body: string, headers: Record<string, string> = {}, contentType = "application/json"): void {
    if (this.aborted || this.responded) return;
    this.responded = true;
    this.res.cork(() => {
      this.res.writeStatus(statusLine(status)).writeHeader("content-type", contentType).writeHeader("x-request-id", this.requestId);
      for (const k in headers) this.res.writeHeader(k, headers[k]!);
      this.res.end(body);
    });
  }

  sendError(err: unknown): void {
    const e = asGatewayError(err);
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
