// A minimal HTTP/1.1 client on one keep-alive socket, for timing streams: it hands over each piece of the body
// with the time its socket read happened, which fetch and undici's body streams do not expose (they add their
// own queueing between the read and the consumer). Enough HTTP for the servers measured here: content-length
// or chunked bodies, no 1xx, no pipelining.
import net from "node:net";
import { StringDecoder } from "node:string_decoder";

/** Microseconds since the epoch on the clock every process of this machine shares (compared with mock stamps). */
export const nowUs = (): number => (performance.timeOrigin + performance.now()) * 1000;

export interface RawResponse {
  status: number;
}

type OnBody = (text: string, atUs: number) => void;

interface Pending {
  onBody: OnBody;
  resolve(r: RawResponse): void;
  reject(err: Error): void;
  status?: number;
  /** "head": reading headers; "length": `remaining` body bytes left; "chunked": in a chunked body. */
  state: "head" | "length" | "chunked";
  remaining: number;
  /** A multi-byte character may straddle two reads. */
  decoder: StringDecoder;
}

export class RawHttpConnection {
  readonly #socket: net.Socket;
  readonly #host: string;
  #buffer: Buffer = Buffer.alloc(0);
  #pending: Pending | undefined;
  #error: Error | undefined;

  private constructor(socket: net.Socket, host: string) {
    this.#socket = socket;
    this.#host = host;
    socket.setNoDelay(true);
    socket.on("data", (data: Buffer) => this.#onData(data, nowUs()));
    const fail = (err: Error): void => {
      this.#error = err;
      this.#pending?.reject(err);
      this.#pending = undefined;
    };
    socket.on("error", fail);
    socket.on("close", () => fail(new Error("connection closed")));
  }

  static connect(origin: string): Promise<RawHttpConnection> {
    const url = new URL(origin);
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(url.port || 80), url.hostname, () => resolve(new RawHttpConnection(socket, url.host)));
      socket.once("error", reject);
    });
  }

  request(path: string, headers: Record<string, string>, body: string, onBody: OnBody): Promise<RawResponse> {
    if (this.#error) return Promise.reject(this.#error);
    if (this.#pending) return Promise.reject(new Error("one request at a time"));
    const payload = Buffer.from(body);
    const lines = [`POST ${path} HTTP/1.1`, `host: ${this.#host}`, `content-length: ${payload.length}`];
    for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
    const head = Buffer.from(`${lines.join("\r\n")}\r\n\r\n`);
    return new Promise((resolve, reject) => {
      this.#pending = { onBody, resolve, reject, state: "head", remaining: 0, decoder: new StringDecoder("utf8") };
      this.#socket.write(Buffer.concat([head, payload]));
    });
  }

  close(): void {
    this.#socket.destroy();
  }

  #onData(data: Buffer, atUs: number): void {
    this.#buffer = this.#buffer.length === 0 ? data : Buffer.concat([this.#buffer, data]);
    const p = this.#pending;
    if (!p) return;
    try {
      this.#parse(p, atUs);
    } catch (err) {
      p.reject(err instanceof Error ? err : new Error(String(err)));
      this.#pending = undefined;
      this.#socket.destroy();
    }
  }

  #finish(p: Pending): void {
    this.#pending = undefined;
    p.resolve({ status: p.status ?? 0 });
  }

  #parse(p: Pending, atUs: number): void {
    for (;;) {
      if (p.state === "head") {
        const end = this.#buffer.indexOf("\r\n\r\n");
        if (end === -1) return;
        const head = this.#buffer.subarray(0, end).toString("latin1").split("\r\n");
        this.#buffer = this.#buffer.subarray(end + 4);
        p.status = Number(head[0]?.split(" ")[1]);
        const fields = new Map(head.slice(1).map((l) => [l.slice(0, l.indexOf(":")).trim().toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]));
        if (/chunked/i.test(fields.get("transfer-encoding") ?? "")) p.state = "chunked";
        else if (fields.has("content-length")) {
          p.state = "length";
          p.remaining = Number(fields.get("content-length"));
        } else throw new Error("a response with neither content-length nor chunked encoding cannot be timed on a kept-alive socket");
        continue;
      }
      if (p.state === "length") {
        const take = Math.min(p.remaining, this.#buffer.length);
        if (take > 0) p.onBody(p.decoder.write(this.#buffer.subarray(0, take)), atUs);
        this.#buffer = this.#buffer.subarray(take);
        p.remaining -= take;
        if (p.remaining === 0) this.#finish(p);
        return;
      }
      // chunked: size line, data, CRLF; a zero size ends the body (trailers, if any, end with a blank line)
      if (p.remaining > 0) {
        const take = Math.min(p.remaining, this.#buffer.length);
        if (take > 0) p.onBody(p.decoder.write(this.#buffer.subarray(0, take)), atUs);
        this.#buffer = this.#buffer.subarray(take);
        p.remaining -= take;
        if (p.remaining > 0) return;
        p.remaining = -1;
      }
      if (p.remaining === -1) {
        if (this.#buffer.length < 2) return;
        this.#buffer = this.#buffer.subarray(2);
        p.remaining = 0;
      }
      const eol = this.#buffer.indexOf("\r\n");
      if (eol === -1) return;
      const size = Number.parseInt(this.#buffer.subarray(0, eol).toString("latin1"), 16);
      if (Number.isNaN(size)) throw new Error("bad chunk size");
      if (size === 0) {
        const end = this.#buffer.indexOf("\r\n\r\n", eol);
        if (end === -1) return;
        this.#buffer = this.#buffer.subarray(end + 4);
        this.#finish(p);
        return;
      }
      this.#buffer = this.#buffer.subarray(eol + 2);
      p.remaining = size;
    }
  }
}
