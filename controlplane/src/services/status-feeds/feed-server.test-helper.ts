import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A local stand-in for providers' status pages: each path answers however the test currently says. */
export type Route = (req: IncomingMessage, res: ServerResponse) => void;

export const statusBody = (indicator: string) => JSON.stringify({ page: { id: "p", name: "Acme" }, status: { indicator, description: "-" } });

export const route = {
  json: (body: string, status = 200): Route => (_req, res) => {
    res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) }).end(body);
  },
  indicator: (indicator: string): Route => route.json(statusBody(indicator)),
  status: (status: number): Route => route.json(JSON.stringify({ error: "nope" }), status),
  html: (): Route => (_req, res) => {
    res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>Status</title><p>All Systems Operational</p>");
  },
  /** Headers but never a body, or nothing at all: the request only ends when the client gives up. */
  hang: (): Route => () => {},
  /** Valid JSON over `bytes` long; declared up front, or streamed in chunks with no length. */
  big: (bytes: number, declared: boolean): Route => (_req, res) => {
    const body = JSON.stringify({ status: { indicator: "none" }, padding: "x".repeat(bytes) });
    if (declared) {
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) }).end(body);
      return;
    }
    res.writeHead(200, { "content-type": "application/json" });
    for (let i = 0; i < body.length; i += 16 * 1024) res.write(body.slice(i, i + 16 * 1024));
    res.end();
  },
  redirect: (location: string, status = 302): Route => (_req, res) => {
    res.writeHead(status, { location }).end();
  },
  /** Answers after `ms`, counting how many requests to it are open at once. */
  slow: (ms: number, body: string, seen: { open: number; maxOpen: number; total: number }): Route => (_req, res) => {
    seen.total++;
    seen.open++;
    seen.maxOpen = Math.max(seen.maxOpen, seen.open);
    setTimeout(() => {
      seen.open--;
      route.json(body)(_req, res);
    }, ms);
  },
};

export interface FeedServer {
  url(path: string): string;
  set(path: string, r: Route): void;
  /** requests received per path */
  hits(path: string): number;
  /** resolves when the client side of a request to `path` has gone away */
  closed(path: string): Promise<void>;
  close(): Promise<void>;
}

export async function startFeedServer(routes: Record<string, Route> = {}): Promise<FeedServer> {
  const table = new Map(Object.entries(routes));
  const hits = new Map<string, number>();
  const closeWaiters = new Map<string, (() => void)[]>();
  const server = createServer((req, res) => {
    const path = req.url ?? "/";
    hits.set(path, (hits.get(path) ?? 0) + 1);
    res.on("close", () => {
      for (const w of closeWaiters.get(path) ?? []) w();
      closeWaiters.delete(path);
    });
    const r = table.get(path);
    if (r) r(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    set: (path, r) => void table.set(path, r),
    hits: (path) => hits.get(path) ?? 0,
    closed: (path) => new Promise((resolve) => closeWaiters.set(path, [...(closeWaiters.get(path) ?? []), resolve])),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
