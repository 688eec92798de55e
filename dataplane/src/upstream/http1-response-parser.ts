/**
 * An HTTP/1.1 response parser for the upstream leg (RFC 9112): status line, header fields, and the body framed
 * by Transfer-Encoding: chunked, Content-Length, or the connection's close. Bytes go in as the socket delivers
 * them; body bytes come out as views into those same buffers (no copy), so a streamed event leaves as soon as
 * its bytes arrive. Interim 1xx answers are skipped. Trailers are read and dropped.
 */

/** Header fields by lower-cased name; a field sent more than once is an array, in order. */
export type ResponseHeaders = Record<string, string | string[]>;

export interface ResponseEvents {
  /** `head` is the status line and fields as text; `parseFields(head, fieldsFrom)` reads them when wanted. */
  onHead(status: number, head: string, fieldsFrom: number): void;
  onBody(chunk: Buffer): void;
  /** The response is complete; `reusable`: the connection may carry another request. */
  onEnd(reusable: boolean): void;
}

/** Malformed or oversized input: the connection cannot be trusted for anything more. */
export class ResponseParseError extends Error {
  override readonly name = "ResponseParseError";
}

/** A status line and its header fields may take at most this many bytes. */
export const MAX_HEAD_BYTES = 64 * 1024;

const CR = 0x0d;
const LF = 0x0a;

const enum State {
  Head,
  Fixed,
  ChunkSize,
  ChunkData,
  ChunkDataEnd,
  Trailers,
  UntilClose,
  Done,
}

export class Http1ResponseParser {
  #state = State.Head;
  #events: ResponseEvents;
  /** Head bytes seen so far that did not complete a head (rarely more than one piece). */
  #pending: Buffer | undefined;
  #remaining = 0;
  #keepAlive = true;
  /** The request was HEAD: no body whatever the fields say. */
  #noBody = false;
  /** The last response's `Keep-Alive` field, if it had one. */
  keepAliveHint: string | undefined;
  /** The reader of this response is gone: whatever else arrives is not parsed. */
  #stopped = false;

  constructor(events: ResponseEvents) {
    this.#events = events;
  }

  /** Ready for the next response on the same connection. */
  reset(events: ResponseEvents, noBody = false): void {
    this.#events = events;
    this.#state = State.Head;
    this.#pending = undefined;
    this.#remaining = 0;
    this.#keepAlive = true;
    this.#noBody = noBody;
    this.#stopped = false;
  }

  /** Parses nothing more (the exchange this response belonged to was called off). */
  stop(): void {
    this.#stopped = true;
  }

  /** Whether the body is read until the connection closes (then `end()` completes it). */
  get untilClose(): boolean {
    return this.#state === State.UntilClose;
  }

  /** Whether a response is partly read: a close now cuts it short. */
  get inProgress(): boolean {
    return this.#state !== State.Done && (this.#state !== State.Head || this.#pending !== undefined);
  }

  get done(): boolean {
    return this.#state === State.Done;
  }

  /** Feeds bytes. Throws ResponseParseError; bytes after a complete response are an error (nothing was asked). */
  push(data: Buffer): void {
    let at = 0;
    while (at < data.length && !this.#stopped) {
      switch (this.#state) {
        case State.Head:
          at = this.#head(data, at);
          break;
        case State.Fixed: {
          const n = Math.min(this.#remaining, data.length - at);
          this.#remaining -= n;
          const piece = at === 0 && n === data.length ? data : data.subarray(at, at + n);
          at += n;
          this.#events.onBody(piece);
          if (this.#remaining === 0) this.#finish();
          break;
        }
        case State.ChunkSize:
          at = this.#chunkSize(data, at);
          break;
        case State.ChunkData: {
          const n = Math.min(this.#remaining, data.length - at);
          this.#remaining -= n;
          const piece = data.subarray(at, at + n);
          at += n;
          if (this.#remaining === 0) this.#state = State.ChunkDataEnd;
          this.#events.onBody(piece);
          break;
        }
        case State.ChunkDataEnd:
          at = this.#chunkDataEnd(data, at);
          break;
        case State.Trailers:
          at = this.#trailers(data, at);
          break;
        case State.UntilClose:
          this.#events.onBody(at === 0 ? data : data.subarray(at));
          at = data.length;
          break;
        case State.Done:
          throw new ResponseParseError("bytes after the end of the response");
      }
    }
  }

  /** The connection closed: completes a body read until close, else throws when a response was cut short. */
  end(): void {
    if (this.#stopped) return;
    if (this.#state === State.UntilClose) {
      this.#state = State.Done;
      this.#events.onEnd(false);
      return;
    }
    if (this.inProgress) throw new ResponseParseError("the connection closed before the response was complete");
  }

  #finish(): void {
    this.#state = State.Done;
    this.#events.onEnd(this.#keepAlive);
  }

  /** Gathers a whole head (status line to the blank line) and acts on it; returns where its bytes end in `data`. */
  #head(data: Buffer, at: number): number {
    const { buf, from, prior } = this.#joinPending(data, at);
    // a head ends at the first empty line; look from a little before the new bytes, in case it straddles them
    const end = buf.indexOf("\r\n\r\n", Math.max(from, prior - 3), "latin1");
    if (end < 0) {
      if (buf.length - from > MAX_HEAD_BYTES) throw new ResponseParseError(`the response head is over ${MAX_HEAD_BYTES} bytes`);
      this.#pending = Buffer.from(buf.subarray(from));
      return data.length;
    }
    if (end - from > MAX_HEAD_BYTES) throw new ResponseParseError(`the response head is over ${MAX_HEAD_BYTES} bytes`);
    this.#parseHead(buf.toString("latin1", from, end));
    // where the head's last byte sits in `data`
    return at + (end + 4 - from - prior);
  }

  #parseHead(text: string): void {
    const lineEnd = text.indexOf("\r\n");
    const statusLine = lineEnd < 0 ? text : text.slice(0, lineEnd);
    // HTTP-version SP status-code SP [reason-phrase]
    if (!/^HTTP\/1\.[01] \d{3}(?: |$)/.test(statusLine)) throw new ResponseParseError("not an HTTP/1.x status line");
    const http10 = statusLine.charCodeAt(7) === 0x30;
    const status = Number(statusLine.slice(9, 12));
    const fieldsFrom = lineEnd < 0 ? text.length : lineEnd + 2;
    // every line is checked here; only the fields that frame the body are read now, the rest when asked for
    let contentLength: string | undefined;
    let lengthConflict = false;
    let transferEncoding = "";
    let connection = "";
    let keepAlive: string | undefined;
    let pos = fieldsFrom;
    while (pos < text.length) {
      let next = text.indexOf("\r\n", pos);
      if (next < 0) next = text.length;
      FIELD_NAME.lastIndex = pos;
      if (!FIELD_NAME.test(text) || FIELD_NAME.lastIndex > next) {
        const first = text.charCodeAt(pos);
        if (first === 0x20 || first === 0x09) throw new ResponseParseError("obsolete line folding in a header");
        throw new ResponseParseError("a header line that is not a field name, a colon and a value");
      }
      const colon = FIELD_NAME.lastIndex - 1;
      const nameLength = colon - pos;
      // the framing fields' names are 10, 14 and 17 characters long: only those lines are looked at closer
      if (nameLength === 10 || nameLength === 14 || nameLength === 17) {
        const name = text.slice(pos, colon).toLowerCase();
        const value = text.slice(colon + 1, next).trim();
        if (name === "content-length") {
          if (contentLength !== undefined && contentLength !== value) lengthConflict = true;
          contentLength = value;
        } else if (name === "transfer-encoding") transferEncoding += `${transferEncoding ? "," : ""}${value}`;
        else if (name === "connection") connection += `${connection ? "," : ""}${value}`;
        else if (name === "keep-alive") keepAlive = value;
      }
      pos = next + 2;
    }
    if (status < 200) {
      // an interim answer (100 Continue, 103 Early Hints): the final one follows on the same connection
      if (status === 101) throw new ResponseParseError("the upstream switched protocols");
      return;
    }
    this.#keepAlive = !http10 && !hasToken(connection, "close");
    this.keepAliveHint = keepAlive;
    this.#events.onHead(status, text, fieldsFrom);
    if (this.#stopped) return; // the head's handler called the exchange off
    if (this.#noBody || status === 204 || status === 304) {
      this.#finish();
      return;
    }
    if (transferEncoding !== "") {
      const codings = transferEncoding.toLowerCase().split(",");
      if (codings[codings.length - 1]!.trim() === "chunked") {
        this.#state = State.ChunkSize;
        return;
      }
      // a transfer coding other than chunked last: the body runs to the close (RFC 9112 6.3)
      this.#keepAlive = false;
      this.#state = State.UntilClose;
      return;
    }
    if (contentLength !== undefined) {
      if (lengthConflict || !/^\d{1,15}$/.test(contentLength)) throw new ResponseParseError("an invalid Content-Length");
      this.#remaining = Number(contentLength);
      if (this.#remaining === 0) this.#finish();
      else this.#state = State.Fixed;
      return;
    }
    this.#keepAlive = false;
    this.#state = State.UntilClose;
  }

  /** A chunk-size line: hex digits, optional extensions, CRLF. */
  #chunkSize(data: Buffer, at: number): number {
    const line = this.#line(data, at);
    if (line === undefined) return data.length;
    const semi = line.text.indexOf(";");
    const hex = (semi < 0 ? line.text : line.text.slice(0, semi)).trim();
    const size = hexSize(hex);
    if (size < 0) throw new ResponseParseError("an invalid chunk size");
    if (size === 0) this.#state = State.Trailers;
    else {
      this.#remaining = size;
      this.#state = State.ChunkData;
    }
    return line.next;
  }

  #chunkDataEnd(data: Buffer, at: number): number {
    const line = this.#line(data, at);
    if (line === undefined) return data.length;
    if (line.text !== "") throw new ResponseParseError("chunk data longer than its size");
    this.#state = State.ChunkSize;
    return line.next;
  }

  /** Trailer fields after the last chunk, up to the empty line; their values are not used. */
  #trailers(data: Buffer, at: number): number {
    const line = this.#line(data, at);
    if (line === undefined) return data.length;
    if (line.text === "") this.#finish();
    return line.next;
  }

  /**
   * `data` from `at`, behind the bytes held from earlier reads (`prior` of them) when a head or line straddles
   * reads: `from` is where the unread part starts in `buf`. An index i of `buf` is `at + i - prior` of `data`.
   */
  #joinPending(data: Buffer, at: number): { buf: Buffer; from: number; prior: number } {
    const pending = this.#pending;
    if (pending === undefined) return { buf: data, from: at, prior: 0 };
    this.#pending = undefined;
    return { buf: Buffer.concat([pending, data.subarray(at)]), from: 0, prior: pending.length };
  }

  /** The next CRLF-ended line from `at` (joined with bytes held from earlier reads), or undefined for more. */
  #line(data: Buffer, at: number): { text: string; next: number } | undefined {
    const { buf, from, prior } = this.#joinPending(data, at);
    const lf = buf.indexOf(LF, Math.max(from, prior - 1));
    if (lf < 0) {
      if (buf.length - from > MAX_HEAD_BYTES) throw new ResponseParseError("a chunk line is too long");
      this.#pending = Buffer.from(buf.subarray(from));
      return undefined;
    }
    if (lf === from || buf[lf - 1] !== CR) throw new ResponseParseError("a chunk line not ended by CRLF");
    return { text: buf.toString("latin1", from, lf - 1), next: at + (lf + 1 - from - prior) };
  }
}

/** A field line's start: a token and its colon (RFC 9110 5.1), matched in place. */
const FIELD_NAME = /[!#$%&'*+\-.^_`|~0-9A-Za-z]+:/y;

function hasToken(value: string, token: string): boolean {
  if (value === "") return false;
  const lower = value.toLowerCase();
  // one token (a provider's `keep-alive` on every answer) without the list's array and closure
  if (!lower.includes(",")) return lower.trim() === token;
  return lower.split(",").some((t) => t.trim() === token);
}

/**
 * A head's fields by lower-cased name (values trimmed; a field sent more than once is an array, in order). The
 * head was checked line by line when it was parsed.
 */
export function parseFields(head: string, from: number): ResponseHeaders {
  const headers: ResponseHeaders = {};
  let pos = from;
  while (pos < head.length) {
    let next = head.indexOf("\r\n", pos);
    if (next < 0) next = head.length;
    const colon = head.indexOf(":", pos);
    const name = head.slice(pos, colon).toLowerCase();
    const value = head.slice(colon + 1, next).trim();
    const had = headers[name];
    if (had === undefined) headers[name] = value;
    else if (typeof had === "string") headers[name] = [had, value];
    else had.push(value);
    pos = next + 2;
  }
  return headers;
}

/**
 * A chunk size of 1 to 12 hex digits as a number, or -1. Read by hand: `parseInt(hex, 16)` is a call into V8's
 * runtime, made for every chunk of every stream (~0.3 % of a streaming data plane's CPU, docs/performance.md).
 */
function hexSize(hex: string): number {
  if (hex.length === 0 || hex.length > 12) return -1;
  let n = 0;
  for (let i = 0; i < hex.length; i++) {
    const c = hex.charCodeAt(i);
    const digit = c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x61 && c <= 0x66 ? c - 0x57 : c >= 0x41 && c <= 0x46 ? c - 0x37 : -1;
    if (digit < 0) return -1;
    n = n * 16 + digit;
  }
  return n;
}
