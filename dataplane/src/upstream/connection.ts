import type { Socket } from "node:net";
import type { Readable } from "node:stream";
import { atTurnEnd } from "../turn-end.ts";
import { Http1ResponseParser, type ResponseEvents } from "./http1-response-parser.ts";

/** What one request on a connection reports to: its response, and how it failed if it did. */
/**
 * The body chunks it gets are views into a buffer the next read reuses: what it keeps past the call, it copies.
 */
export interface ExchangeSink extends ResponseEvents {
  /**
   * The connection failed or closed before the response was complete. `retryable`: it was a reused
   * connection that delivered no byte of this response, the way a keep-alive connection the server had just
   * closed fails; the request can go again on a new connection.
   */
  onError(err: Error, retryable: boolean): void;
}

/**
 * The request as it goes on the wire: the head (request line and fields, ending in the empty line) and a body (an
 * array: consecutive pieces of one body).
 */
export interface WireRequest {
  head: string;
  body: string | Uint8Array | readonly Uint8Array[] | Readable | undefined;
  /** Chunked transfer coding for a stream of unknown length. */
  chunked: boolean;
  /** HEAD: the response has no body. */
  noBody: boolean;
}

export function isPieces(body: WireRequest["body"]): body is readonly Uint8Array[] {
  return Array.isArray(body);
}

/** Tells the owning pool what became of a connection. */
export interface ConnectionOwner {
  /** The response ended and the connection can carry another request. */
  released(conn: Connection): void;
  /** The connection is closed or closing and must not be used again. */
  gone(conn: Connection): void;
}

/** Server hint `keep-alive: timeout=N` (seconds), less this margin, bounds how long an idle connection is reused. */
const KEEP_ALIVE_MARGIN_MS = 1_000;

/**
 * One keep-alive HTTP/1.1 connection to an upstream origin, carrying one request at a time. Its socket's
 * listeners are set once for its whole life, not per request.
 */
export class Connection {
  readonly socket: Socket;
  readonly #owner: ConnectionOwner;
  readonly #parser: Http1ResponseParser;
  #sink: ExchangeSink | undefined;
  /** Bytes of the current response have arrived. */
  #heard = false;
  #closed = false;
  #paused = false;
  /** Set by the parser when the response ended; acted on after the parse. */
  #ended: "reusable" | "close" | undefined;
  /**
   * A streamed request body is still being written. An answer that ends before it (a refusal) leaves the rest of
   * the request owed on the wire, so the connection is closed rather than reused.
   */
  #writing = false;
  /** Requests this connection has carried (the current one included). */
  uses = 0;
  /** When it last became idle (epoch ms). */
  idleSinceMs = 0;
  /** How long it may sit idle and still be reused: the pool's setting, or less when the server says so. */
  keepAliveMs: number;

  constructor(socket: Socket, owner: ConnectionOwner, keepAliveMs: number) {
    this.socket = socket;
    this.#owner = owner;
    this.keepAliveMs = keepAliveMs;
    this.#parser = new Http1ResponseParser(NO_EVENTS);
    socket.on("end", () => this.#onEnd());
    socket.on("error", (err: Error) => this.#fail(err));
    socket.on("close", () => this.#fail(new Error("the upstream connection closed")));
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Sends a request; its response and failure go to `sink`. */
  start(req: WireRequest, sink: ExchangeSink): void {
    this.uses++;
    this.#sink = sink;
    this.#heard = false;
    this.#ended = undefined;
    this.#parser.reset(this.#events, req.noBody);
    if (this.#paused) this.resume();
    const body = req.body;
    if (body === undefined || typeof body === "string" || body instanceof Uint8Array || isPieces(body)) {
      atTurnEnd(() => this.writeNow(req));
      return;
    }
    // a body streamed from disk goes now, as the socket takes it
    this.socket.write(req.head, "latin1");
    this.#writing = true;
    void this.#pipe(body, req.chunked, sink);
  }

  /** Writes a request whose body is in memory (put off to the end of the turn by `start`). */
  writeNow(req: WireRequest): void {
    if (this.#closed) return;
    const s = this.socket;
    const body = req.body;
    if (body === undefined) s.write(req.head, "latin1");
    else if (typeof body === "string") {
      // one write, one syscall: the head is ASCII, so the whole request is valid UTF-8 text
      s.write(req.head + body);
    } else if (body instanceof Uint8Array || isPieces(body)) {
      // the head and the bytes (or each piece as it is) in one writev: nothing of a large body is copied
      s.cork();
      s.write(req.head, "latin1");
      for (const piece of isPieces(body) ? body : [body]) if (piece.length > 0) s.write(piece);
      s.uncork();
    }
  }

  /** Streams a body with the socket's backpressure; a body that fails ends the exchange. */
  async #pipe(body: Readable, chunked: boolean, sink: ExchangeSink): Promise<void> {
    try {
      for await (const piece of body as AsyncIterable<Buffer | string>) {
        if (this.#sink !== sink || this.#closed) return;
        const chunk = typeof piece === "string" ? Buffer.from(piece) : piece;
        if (chunk.length === 0) continue;
        let ok: boolean;
        if (chunked) {
          this.socket.cork();
          this.socket.write(`${chunk.length.toString(16)}\r\n`, "latin1");
          this.socket.write(chunk);
          ok = this.socket.write("\r\n", "latin1");
          this.socket.uncork();
        } else ok = this.socket.write(chunk);
        if (!ok) await drained(this.socket);
      }
      if (chunked && this.#sink === sink && !this.#closed) this.socket.write("0\r\n\r\n", "latin1");
    } catch (err) {
      body.destroy();
      if (this.#sink === sink) this.destroy(err instanceof Error ? err : new Error("the request body failed"));
    } finally {
      this.#writing = false;
    }
  }

  pause(): void {
    if (this.#paused) return;
    this.#paused = true;
    this.socket.pause();
  }

  resume(): void {
    if (!this.#paused) return;
    this.#paused = false;
    this.socket.resume();
  }

  /** Ends the connection; a request on it fails with `err`. */
  destroy(err: Error): void {
    this.#fail(err);
  }

  readonly #events: ResponseEvents = {
    onHead: (status: number, head: string, fieldsFrom: number) => {
      const hint = this.#parser.keepAliveHint;
      if (hint !== undefined) {
        const m = /timeout\s*=\s*(\d+)/i.exec(hint);
        if (m) this.keepAliveMs = Math.min(this.keepAliveMs, Math.max(0, Number(m[1]) * 1000 - KEEP_ALIVE_MARGIN_MS));
      }
      this.#sink?.onHead(status, head, fieldsFrom);
    },
    onBody: (chunk: Buffer) => this.#sink?.onBody(chunk),
    // acted on once the parser has returned (#complete), so the next request never starts inside its parse
    onEnd: (reusable: boolean) => {
      this.#ended = reusable ? "reusable" : "close";
    },
  };

  /** The response ended: report it, then free or close the connection. */
  #complete(): void {
    const sink = this.#sink;
    const reusable = this.#ended === "reusable" && this.keepAliveMs > 0 && !this.#writing;
    this.#ended = undefined;
    this.#sink = undefined;
    sink?.onEnd(reusable);
    if (reusable && !this.#closed) this.#owner.released(this);
    else this.#close();
  }

  /**
   * Bytes read (the socket's `onread`): `buf` is shared by every connection and reused by the next read, so the
   * parser's consumers copy what they keep.
   */
  onRead(buf: Buffer, n: number): void {
    this.#onData(buf.subarray(0, n));
  }

  #onData(d: Buffer): void {
    if (this.#sink === undefined) {
      // nothing was asked: an upstream that talks out of turn cannot be trusted with the next request
      this.#fail(new Error("the upstream sent bytes nobody asked for"));
      return;
    }
    this.#heard = true;
    try {
      this.#parser.push(d);
    } catch (err) {
      this.#ended = undefined;
      this.#fail(err as Error);
      return;
    }
    if (this.#ended !== undefined) this.#complete();
  }

  #onEnd(): void {
    if (this.#sink !== undefined) {
      try {
        this.#parser.end(); // completes a body that runs to the close
      } catch (err) {
        this.#fail(err as Error);
        return;
      }
      if (this.#ended !== undefined) {
        this.#complete();
        return;
      }
    }
    this.#fail(new Error("the upstream closed the connection"));
  }

  /** Closes the connection for good; a request in flight on it fails. */
  #fail(err: Error): void {
    const sink = this.#sink;
    this.#sink = undefined;
    this.#parser.stop();
    this.#close();
    sink?.onError(err, !this.#heard && this.uses > 1);
  }

  #close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.socket.destroy();
    this.#owner.gone(this);
  }

  /** Hands the exchange back to nobody, so the connection can be reused or closed without reporting to it. */
  detach(sink: ExchangeSink): void {
    if (this.#sink === sink) this.#sink = undefined;
  }
}

function drained(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      socket.off("drain", done).off("close", done);
      resolve();
    };
    socket.on("drain", done).on("close", done);
  });
}

const NO_EVENTS: ResponseEvents = { onHead() {}, onBody() {}, onEnd() {} };
