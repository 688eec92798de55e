// The upstream client's connections: reuse, limits, a keep-alive connection the server dropped, request bodies
// streamed from disk, TLS, and what it does with an upstream that breaks the protocol or stalls.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import net, { type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GatewayError } from "../errors.ts";
import { UpstreamClient } from "./client.ts";

const servers: (Server | net.Server)[] = [];
let client: UpstreamClient | undefined;

afterEach(async () => {
  await client?.close();
  client = undefined;
  for (const s of servers.splice(0)) {
    if ("closeAllConnections" in s) s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

/** An HTTP server; counts the connections it accepted. */
async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void, keepAliveTimeout = 5_000): Promise<{ url: (path?: string) => URL; connections: () => number; server: Server }> {
  const server = createServer(handler);
  server.keepAliveTimeout = keepAliveTimeout;
  let connections = 0;
  server.on("connection", () => connections++);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return { url: (path = "/v1/x") => new URL(`http://127.0.0.1:${port}${path}`), connections: () => connections, server };
}

/** A TCP server speaking whatever `onData` writes back. */
async function rawServer(onConnection: (socket: net.Socket, index: number) => void): Promise<URL> {
  let n = 0;
  const server = net.createServer((s) => onConnection(s, n++));
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/x`);
}

const echo = (req: IncomingMessage, res: ServerResponse) => {
  const parts: Buffer[] = [];
  req.on("data", (c: Buffer) => parts.push(c));
  req.on("end", () => res.end(JSON.stringify({ body: Buffer.concat(parts).toString(), te: req.headers["transfer-encoding"] ?? null, cl: req.headers["content-length"] ?? null })));
};

const newClient = (opts: Partial<ConstructorParameters<typeof UpstreamClient>[0]> = {}) => (client = new UpstreamClient({ headersTimeoutMs: 5_000, bodyTimeoutMs: 5_000, ...opts }));
const post = (url: URL, body: string | Uint8Array | Readable = "{}", headers: Record<string, string> = { "content-type": "application/json" }) => ({ url, headers, body });
const text = async (c: UpstreamClient, req: ReturnType<typeof post>) => (await c.send(req)).body.text();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("upstream connections", () => {
  it("reuses one keep-alive connection for requests one after another", async () => {
    const s = await serve(echo);
    const c = newClient();
    for (let i = 0; i < 5; i++) expect(JSON.parse(await text(c, post(s.url(), `{"i":${i}}`))).body).toBe(`{"i":${i}}`);
    expect(s.connections()).toBe(1);
  });

  it("opens at most `connections` per origin and serves the rest in turn", async () => {
    let open = 0;
    let most = 0;
    const s = await serve((req, res) => {
      open++;
      most = Math.max(most, open);
      setTimeout(() => {
        open--;
        echo(req, res);
      }, 20);
    });
    const c = newClient({ connections: 3 });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => text(c, post(s.url(), `{"i":${i}}`))));
    expect(answers.map((a) => JSON.parse(a).body)).toEqual(Array.from({ length: 12 }, (_, i) => `{"i":${i}}`));
    expect(most).toBe(3);
    expect(s.connections()).toBe(3);
  });

  it("sends a request again on a new connection when a reused one was closed by the server as it went out", async () => {
    // the first connection answers once, then drops the next request unanswered, as a server closing an idle
    // keep-alive connection does when the request crosses its close
    const url = await rawServer((socket, index) => {
      let n = 0;
      socket.on("data", () => {
        if (index === 0 && n++ === 1) {
          socket.destroy();
          return;
        }
        socket.write(`HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n${index}${index === 0 ? n : 0}`);
      });
    });
    const c = newClient();
    expect(await text(c, post(url))).toBe("01");
    expect(await text(c, post(url))).toBe("10");
  });

  it("does not send a streamed body twice: a dropped reused connection fails that request", async () => {
    const url = await rawServer((socket) => {
      let n = 0;
      socket.on("data", () => {
        if (n++ === 1) socket.destroy();
        else socket.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
      });
    });
    const c = newClient();
    expect(await text(c, post(url))).toBe("ok");
    const err = await c.send(post(url, Readable.from([Buffer.from("abc")]), { "content-length": "3" })).catch((e: unknown) => e);
    expect((err as GatewayError).code).toBe("upstream_error");
  });

  it("keeps an idle connection no longer than the server's keep-alive timeout allows", async () => {
    let hinted = 0;
    const url = await rawServer((socket) => {
      hinted++;
      socket.on("data", () => socket.write("HTTP/1.1 200 OK\r\nKeep-Alive: timeout=1\r\nContent-Length: 2\r\n\r\nok"));
    });
    let accepted = 0;
    const counting = await rawServer((socket) => {
      accepted++;
      socket.on("data", () => socket.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"));
    });
    const c = newClient();
    // timeout=1 less the one-second margin: never reused
    expect(await text(c, post(url))).toBe("ok");
    expect(await text(c, post(url))).toBe("ok");
    expect(hinted).toBe(2);
    const c2 = newClient({ keepAliveMs: 50 });
    expect(await text(c2, post(counting))).toBe("ok");
    await sleep(120);
    expect(await text(c2, post(counting))).toBe("ok");
    expect(accepted).toBe(2);
    await c2.close();
  });

  it("streams a body of unknown length with chunked coding, and one of known length as it is", async () => {
    const s = await serve(echo);
    const c = newClient();
    const chunked = JSON.parse(await text(c, post(s.url(), Readable.from([Buffer.from("ab"), Buffer.from(""), Buffer.from("cd")]), {})));
    expect(chunked).toEqual({ body: "abcd", te: "chunked", cl: null });
    const sized = JSON.parse(await text(c, post(s.url(), Readable.from([Buffer.from("ab"), Buffer.from("cd")]), { "content-length": "4" })));
    expect(sized).toEqual({ body: "abcd", te: null, cl: "4" });
    // bytes and text bodies get their exact byte length
    expect(JSON.parse(await text(c, post(s.url(), "héllo")))).toMatchObject({ body: "héllo", cl: "6" });
    expect(JSON.parse(await text(c, post(s.url(), new Uint8Array([104, 105]))))).toMatchObject({ body: "hi", cl: "2" });
    expect(s.connections()).toBe(1);
  });

  it("closes a connection answered before its streamed body was all sent, and uses a new one next", async () => {
    const s = await serve((req, res) => {
      if (req.url === "/early") {
        res.writeHead(413, { "content-type": "application/json" });
        res.end("{}");
        return;
      }
      echo(req, res);
    });
    const c = newClient();
    let pushed = 0;
    const slow = new Readable({
      read() {
        if (pushed++ < 50) setTimeout(() => this.push(Buffer.alloc(64 * 1024, 97)), 5);
        else this.push(null);
      },
    });
    const early = await c.send(post(s.url("/early"), slow, { "content-length": String(50 * 64 * 1024) }));
    expect(early.status).toBe(413);
    await early.body.text();
    expect(JSON.parse(await text(c, post(s.url(), "{}"))).body).toBe("{}");
    expect(s.connections()).toBe(2);
  });

  it("reads a body that runs to the close, and opens a new connection for the next request", async () => {
    let accepted = 0;
    const url = await rawServer((socket) => {
      accepted++;
      socket.on("data", () => {
        socket.write("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nuntil ");
        setTimeout(() => socket.end("the close"), 20);
      });
    });
    const c = newClient();
    expect(await text(c, post(url))).toBe("until the close");
    expect(await text(c, post(url))).toBe("until the close");
    expect(accepted).toBe(2);
  });

  it("refuses header values that would split the request", async () => {
    const s = await serve(echo);
    const c = newClient();
    for (const value of ["1\r\nx-b: 2", "1\rx-b: 2", "1\nx-b: 2", "1\0", "\n"]) {
      const err = await c.send(post(s.url(), "{}", { "x-a": value })).catch((e: unknown) => e);
      expect((err as GatewayError).code).toBe("invalid_request_error");
    }
    expect(s.connections()).toBe(0);
    // a tab and any other character are a value's own
    expect(await text(c, post(s.url(), "{}", { "x-a": "1\t2 é" }))).toBeDefined();
  });

  it("refuses header names that are not tokens, after valid ones were sent as before", async () => {
    const s = await serve(echo);
    const c = newClient();
    expect(await text(c, post(s.url(), "{}", { "x-a": "1" }))).toBeDefined();
    for (const name of ["x a", "x-a:", "x-a\r\nx-b", "", "é"]) {
      const err = await c.send(post(s.url(), "{}", { [name]: "1" })).catch((e: unknown) => e);
      expect((err as GatewayError).code).toBe("invalid_request_error");
    }
    expect(await text(c, post(s.url(), "{}", { "x-a": "2" }))).toBeDefined();
    expect(s.connections()).toBe(1);
  });

  it("turns an answer that is not HTTP into upstream_error", async () => {
    const url = await rawServer((socket) => socket.on("data", () => socket.end("garbage\r\n\r\n")));
    const err = await newClient()
      .send(post(url))
      .catch((e: unknown) => e);
    expect((err as GatewayError).code).toBe("upstream_error");
  });

  it("fails a body that stalls past the body timeout, but not one its own reader holds back", async () => {
    const url = await rawServer((socket) =>
      socket.on("data", () => {
        socket.write("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc");
      }),
    );
    const c = newClient({ bodyTimeoutMs: 100 });
    const up = await c.send(post(url));
    await expect(up.body.text()).rejects.toThrow(/stalled/);

    const big = await serve((_req, res) => {
      res.writeHead(200);
      res.end(Buffer.alloc(4 * 1024 * 1024, 98));
    });
    const held = await c.send(post(big.url()));
    await sleep(400); // unread past 64 KiB: paused by the reader, not stalled by the upstream
    let n = 0;
    for await (const chunk of held.body) n += chunk.length;
    expect(n).toBe(4 * 1024 * 1024);
  });

  it("drops a waiting request its client called off, without sending it", async () => {
    const seen: string[] = [];
    const s = await serve((req, res) => {
      seen.push(req.url ?? "");
      setTimeout(() => res.end("{}"), 100);
    });
    const c = newClient({ connections: 1 });
    const first = c.send(post(s.url("/first")));
    const abort = new AbortController();
    const second = c.send(post(s.url("/second")), abort.signal);
    abort.abort();
    expect(((await second.catch((e: unknown) => e)) as GatewayError).code).toBe("upstream_error");
    await (await first).body.text();
    expect(await text(c, post(s.url("/third")))).toBe("{}");
    expect(seen).toEqual(["/first", "/third"]);
  });

  it("answers a GET without a body and a POST without a body with a zero length", async () => {
    const s = await serve(echo);
    const c = newClient();
    expect(JSON.parse(await (await c.send({ url: s.url(), method: "GET", headers: {} })).body.text())).toEqual({ body: "", te: null, cl: null });
    expect(JSON.parse(await (await c.send({ url: s.url(), headers: {} })).body.text())).toEqual({ body: "", te: null, cl: "0" });
  });
});

describe("upstream connections over TLS", () => {
  let dir: string;
  let cert: string;
  let key: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "svc-tls-"));
    execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost", "-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem")], { stdio: "ignore" });
    cert = readFileSync(join(dir, "cert.pem"), "utf8");
    key = readFileSync(join(dir, "key.pem"), "utf8");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("speaks HTTP/1.1 over TLS, checks the certificate against the host name and reuses the connection", async () => {
    const server = createHttpsServer({ cert, key }, echo);
    let connections = 0;
    server.on("secureConnection", () => connections++);
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as AddressInfo).port;
    const c = newClient({ ca: cert });
    for (let i = 0; i < 3; i++) expect(JSON.parse(await text(c, post(new URL(`https://localhost:${port}/v1/x`), `{"i":${i}}`))).body).toBe(`{"i":${i}}`);
    expect(connections).toBe(1);
    // an untrusted certificate is a failure to reach the provider, not an answer
    const untrusted = await newClient()
      .send(post(new URL(`https://localhost:${port}/v1/x`)))
      .catch((e: unknown) => e);
    expect((untrusted as GatewayError).code).toBe("upstream_error");
  });
});
