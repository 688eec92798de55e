import net from "node:net";
import tls from "node:tls";
import { Connection, type ConnectionOwner, type ExchangeSink, type WireRequest } from "./connection.ts";

/** Where every upstream connection's reads land; a read is parsed before the next one can arrive. */
const READ_BUFFER = Buffer.allocUnsafeSlow(64 * 1024);

/** A request waiting for a connection of its origin. */
export interface PoolJob {
  readonly wire: WireRequest;
  readonly sink: ExchangeSink;
  /** Called off while waiting (its client left, it timed out): skipped when its turn comes. */
  cancelled: boolean;
  /** The connection it went out on. */
  conn: Connection | undefined;
}

export interface PoolOptions {
  /** Connections at most, idle and busy: with one request per connection, the requests in flight at once. */
  connections: number;
  /** How long an idle connection is kept for reuse (a server's shorter `keep-alive: timeout` wins). */
  keepAliveMs: number;
  /** How long a connection may take to open. */
  connectTimeoutMs: number;
  /** Trusted certificates for https instead of the default roots. */
  ca?: string | undefined;
}

/**
 * The keep-alive connections of one upstream origin (`http:` or `https:`). A request takes the connection that
 * was idle most recently (the warmest, the least likely to have been closed by the server), else opens a new
 * one while under the limit, else waits its turn.
 */
export class OriginPool implements ConnectionOwner {
  readonly #url: URL;
  readonly #opts: PoolOptions;
  readonly #idle: Connection[] = [];
  readonly #queue: PoolJob[] = [];
  #queueHead = 0;
  /** Connections open or opening. */
  #count = 0;
  /** The last TLS session, offered to new connections so they resume instead of a full handshake. */
  #session: Buffer | undefined;
  #closed = false;

  constructor(origin: URL, opts: PoolOptions) {
    this.#url = origin;
    this.#opts = opts;
  }

  dispatch(job: PoolJob, nowMs: number): void {
    if (this.#closed) {
      job.sink.onError(new Error("the upstream client is closed"), false);
      return;
    }
    const conn = this.#takeIdle(nowMs);
    if (conn) {
      job.conn = conn;
      conn.start(job.wire, job.sink);
      return;
    }
    this.#queue.push(job);
    if (this.#count < this.#opts.connections) this.#open();
  }

  #takeIdle(nowMs: number): Connection | undefined {
    for (;;) {
      const conn = this.#idle.pop();
      if (conn === undefined) return undefined;
      if (conn.closed) continue;
      if (nowMs - conn.idleSinceMs < conn.keepAliveMs) return conn;
      conn.destroy(new Error("idle too long"));
    }
  }

  /** The next job still wanted, or undefined. */
  #nextJob(): PoolJob | undefined {
    while (this.#queueHead < this.#queue.length) {
      const job = this.#queue[this.#queueHead]!;
      this.#queue[this.#queueHead++] = undefined as unknown as PoolJob;
      if (this.#queueHead === this.#queue.length) {
        this.#queue.length = 0;
        this.#queueHead = 0;
      }
      if (!job.cancelled) return job;
    }
    return undefined;
  }

  get #waiting(): number {
    return this.#queue.length - this.#queueHead;
  }

  #open(): void {
    this.#count++;
    const u = this.#url;
    const port = Number(u.port) || (u.protocol === "https:" ? 443 : 80);
    const host = u.hostname.startsWith("[") ? u.hostname.slice(1, -1) : u.hostname;
    let socket: net.Socket;
    let ready: string;
    // reads land in one buffer shared by every connection and go to the connection's parser at once, without
    // the socket's stream machinery; what a reader keeps of them is copied out (connection.ts)
    let conn: Connection | undefined;
    const onread = {
      buffer: READ_BUFFER,
      callback: (n: number, buf: Uint8Array): boolean => {
        conn?.onRead(buf as Buffer, n);
        return true;
      },
    };
    if (u.protocol === "https:") {
      const servername = net.isIP(host) ? undefined : host;
      // `onread` is documented for tls.connect too, though Node's type definitions leave it out
      const options: tls.ConnectionOptions & { onread: typeof onread } = { host, port, servername, ALPNProtocols: ["http/1.1"], session: this.#session, onread, ...(this.#opts.ca ? { ca: this.#opts.ca } : {}) };
      const s = tls.connect(options);
      s.on("session", (session: Buffer) => (this.#session = session));
      socket = s;
      ready = "secureConnect";
    } else {
      socket = net.connect({ host, port, onread });
      ready = "connect";
    }
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 60_000);
    socket.setTimeout(this.#opts.connectTimeoutMs);
    const failed = (err: Error) => {
      socket.off(ready, onReady);
      socket.destroy();
      this.#count--;
      // the connection was for whoever waits longest; one failure to connect fails that one request
      this.#nextJob()?.sink.onError(err, false);
      if (this.#waiting > 0 && this.#count < this.#opts.connections) this.#open();
    };
    const onError = (err: Error) => failed(err);
    const onTimeout = () => failed(new Error("connecting to the upstream timed out"));
    const onReady = () => {
      socket.off("error", onError).off("timeout", onTimeout);
      socket.setTimeout(0);
      conn = new Connection(socket, this, this.#opts.keepAliveMs);
      this.released(conn);
    };
    socket.once("error", onError).once("timeout", onTimeout).once(ready, onReady);
  }

  /** A connection is free: it serves the longest waiting request, or waits idle. */
  released(conn: Connection): void {
    if (this.#closed) {
      conn.destroy(new Error("the upstream client is closed"));
      return;
    }
    const job = this.#nextJob();
    if (job) {
      job.conn = conn;
      conn.start(job.wire, job.sink);
      return;
    }
    conn.idleSinceMs = Date.now();
    this.#idle.push(conn);
  }

  gone(conn: Connection): void {
    this.#count--;
    const at = this.#idle.lastIndexOf(conn);
    if (at >= 0) this.#idle.splice(at, 1);
    if (this.#waiting > 0 && this.#count < this.#opts.connections && !this.#closed) this.#open();
  }

  /** Closes idle connections kept past their keep-alive. */
  sweep(nowMs: number): void {
    // oldest first: the stack's bottom
    while (this.#idle.length > 0) {
      const conn = this.#idle[0]!;
      if (!conn.closed && nowMs - conn.idleSinceMs < conn.keepAliveMs) return;
      this.#idle.shift();
      conn.destroy(new Error("idle too long"));
    }
  }

  /** Closes idle connections now and busy ones as their responses end; waiting requests fail. */
  close(): void {
    this.#closed = true;
    for (let job = this.#nextJob(); job; job = this.#nextJob()) job.sink.onError(new Error("the upstream client is closed"), false);
    for (const conn of this.#idle.splice(0)) conn.destroy(new Error("the upstream client is closed"));
  }
}
