import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createNetServer, type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { GatewayError } from "../errors.ts";
import { UpstreamClient } from "./client.ts";

let server: Server | undefined;
let client: UpstreamClient | undefined;

afterEach(async () => {
  await client?.close();
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r) ?? r(undefined));
  server = client = undefined;
});

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<URL> {
  server = createServer(handler);
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions?x=1`);
}

/** A stream that sends one event and never ends; `upstreamClosed` settles when the gateway side hangs up. */
async function endlessStream(): Promise<{ url: URL; upstreamClosed: Promise<void> }> {
  let closed!: () => void;
  const upstreamClosed = new Promise<void>((r) => (closed = r));
  const url = await serve((_req, res) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.write("data: 1\n\n");
    res.on("close", () => closed());
  });
  return { url, upstreamClosed };
}

const newClient = (headersTimeoutMs = 5_000) => (client = new UpstreamClient({ headersTimeoutMs, bodyTimeoutMs: 5_000, connections: 4 }));
const call = (url: URL, body = "{}") => ({ url, headers: { "content-type": "application/json" }, body });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("UpstreamClient", () => {
  it("sends method, path, query, headers and body, and reads status, headers and the whole answer", async () => {
    let seen = "";
    const url = await serve((req, res) => {
      let b = "";
      req.on("data", (c: Buffer) => (b += c.toString()));
      req.on("end", () => {
        seen = `${req.method} ${req.url} ${req.headers["content-type"]} ${b}`;
        res.writeHead(201, { "x-upstream": "yes", "content-type": "application/json" });
        res.write('{"a":');
        setTimeout(() => res.end("1}"), 20);
      });
    });
    const up = await newClient().send(call(url, '{"q":true}'), new AbortController().signal);
    expect(up.status).toBe(201);
    expect(up.headers["x-upstream"]).toBe("yes");
    expect(await up.body.text()).toBe('{"a":1}');
    expect(seen).toBe('POST /v1/chat/completions?x=1 application/json {"q":true}');
  });

  it("sends a body given as pieces as their bytes in order, framed by their total length, one request after another", async () => {
    const seen: Array<{ length: string | undefined; body: Buffer }> = [];
    const url = await serve((req, res) => {
      const parts: Buffer[] = [];
      req.on("data", (c: Buffer) => parts.push(c));
      req.on("end", () => {
        seen.push({ length: req.headers["content-length"], body: Buffer.concat(parts) });
        res.end("{}");
      });
    });
    const client = newClient();
    const big = Buffer.from(`{"messages":"${"é✓".repeat(40_000)}","model":"x"}`);
    for (const pieces of [[big.subarray(0, 15), Buffer.from('"up"'), big.subarray(18)], [Buffer.alloc(0), Buffer.from("{}"), Buffer.alloc(0)]]) {
      const up = await client.send({ url, headers: { "content-type": "application/json" }, body: pieces }, new AbortController().signal);
      expect(await up.body.text()).toBe("{}");
    }
    const first = Buffer.concat([big.subarray(0, 15), Buffer.from('"up"'), big.subarray(18)]);
    expect(seen).toEqual([
      { length: String(first.length), body: first },
      { length: "2", body: Buffer.from("{}") },
    ]);
  });

  it("hands a streamed answer over chunk by chunk as it arrives", async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("data: 1\n\n");
      setTimeout(() => res.write("data: 2\n\n"), 50);
      setTimeout(() => res.end("data: [DONE]\n\n"), 100);
    });
    const up = await newClient().send(call(url), new AbortController().signal);
    const got: string[] = [];
    const started = Date.now();
    const times: number[] = [];
    for await (const chunk of up.body) {
      got.push(chunk.toString());
      times.push(Date.now() - started);
    }
    expect(got.join("")).toBe("data: 1\n\ndata: 2\n\ndata: [DONE]\n\n");
    // the first chunk was not held until the end of the answer
    expect(times[0]!).toBeLessThan(45);
  });

  /**
   * An event stream from a raw server: three HTTP chunks in one socket write `firstAfterMs` after the head, a fourth
   * 200 ms after them; read by a reader that starts `readerAfterMs` after the head. Returns the pieces it read.
   */
  async function piecesRead(firstAfterMs: number, readerAfterMs: number): Promise<string[]> {
    const raw = createNetServer((socket) => {
      socket.once("data", () => {
        socket.write("HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n");
        const three = () => socket.write("9\r\ndata: 1\n\n\r\n9\r\ndata: 2\n\n\r\n9\r\ndata: 3\n\n\r\n");
        if (firstAfterMs === 0) three();
        else setTimeout(three, firstAfterMs);
        setTimeout(() => socket.end("9\r\ndata: 4\n\n\r\n0\r\n\r\n"), firstAfterMs + 200);
      });
    });
    await new Promise<void>((r) => raw.listen(0, "127.0.0.1", r));
    const got: string[] = [];
    try {
      const url = new URL(`http://127.0.0.1:${(raw.address() as AddressInfo).port}/v1/chat/completions`);
      const up = await newClient().send(call(url), new AbortController().signal);
      if (readerAfterMs > 0) await sleep(readerAfterMs);
      for await (const chunk of up.body) got.push(chunk.toString());
    } finally {
      await client?.close();
      await new Promise((r) => raw.close(r));
    }
    return got;
  }

  it("hands the chunks that arrived together over as one piece, and the ones that arrived apart as their own", async () => {
    // the reader comes late, as a busy data plane's does: what arrived meanwhile is one piece
    expect(await piecesRead(0, 20)).toEqual(["data: 1\n\ndata: 2\n\ndata: 3\n\n", "data: 4\n\n"]);
  });

  it("hands a waiting reader the chunks of one read as one piece", async () => {
    expect(await piecesRead(50, 0)).toEqual(["data: 1\n\ndata: 2\n\ndata: 3\n\n", "data: 4\n\n"]);
  });

  it("stops the upstream call when the client's signal fires mid-answer", async () => {
    const { url, upstreamClosed } = await endlessStream();
    const abort = new AbortController();
    const up = await newClient().send(call(url), abort.signal);
    const read = (async () => {
      for await (const _ of up.body) abort.abort();
    })();
    await expect(read).rejects.toThrow();
    await upstreamClosed;
  });

  it("frees the connection when the reader stops early", async () => {
    const { url, upstreamClosed } = await endlessStream();
    const up = await newClient().send(call(url), new AbortController().signal);
    for await (const _ of up.body) break;
    await upstreamClosed;
  });

  it("pauses the upstream read while chunks wait unread, and delivers every byte once read", async () => {
    const total = 32 * 1024 * 1024;
    let written = 0;
    let writtenBeforeRead = -1;
    const url = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "application/octet-stream" });
      const piece = Buffer.alloc(64 * 1024, 1);
      const pump = () => {
        while (written < total) {
          written += piece.length;
          if (!res.write(piece)) {
            res.once("drain", pump);
            return;
          }
        }
        res.end();
      };
      pump();
    });
    const up = await newClient().send(call(url), new AbortController().signal);
    await sleep(300);
    writtenBeforeRead = written;
    let read = 0;
    for await (const chunk of up.body) read += chunk.length;
    expect(read).toBe(total);
    expect(writtenBeforeRead).toBeLessThan(total);
  });

  it("turns no answer in time into upstream_timeout and a refused connection into upstream_error", async () => {
    const url = await serve(() => undefined);
    const err = await newClient(200)
      .send(call(url), new AbortController().signal)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayError);
    expect((err as GatewayError).code).toBe("upstream_timeout");
    await client!.close();
    const port = (server!.address() as AddressInfo).port;
    server!.closeAllConnections();
    await new Promise((r) => server!.close(r));
    server = undefined;
    const refused = await newClient()
      .send(call(new URL(`http://127.0.0.1:${port}/v1/x`)), new AbortController().signal)
      .catch((e: unknown) => e);
    expect((refused as GatewayError).code).toBe("upstream_error");
  });

  it("refuses at once when the client already left", async () => {
    const url = await serve((_req, res) => res.end("{}"));
    const abort = new AbortController();
    abort.abort();
    const err = await newClient()
      .send(call(url), abort.signal)
      .catch((e: unknown) => e);
    expect((err as GatewayError).code).toBe("upstream_error");
  });

  it("dump reads the rest of an answer away rather than cutting the connection", async () => {
    let finished = false;
    const url = await serve((_req, res) => {
      res.on("finish", () => (finished = true));
      res.write("x".repeat(100_000));
      setTimeout(() => res.end("y"), 20);
    });
    const c = newClient();
    const first = await c.send(call(url), new AbortController().signal);
    await first.body.dump();
    expect(finished).toBe(true);
    const second = await c.send(call(url), new AbortController().signal);
    expect((await second.body.text()).length).toBe(100_001);
  });
});
