import { createServer, type Server } from "node:http";
import type { ControlRequest, ControlResponse } from "./types.ts";

const MAX_BODY = 1024 * 1024;

/** Serves the control plane's handler over HTTP (split mode); the data planes relay to it. */
export function serveControlHandler(handler: (req: ControlRequest) => Promise<ControlResponse>, host: string, port: number): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        res.writeHead(413, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "The request body is too large.", type: "invalid_request_error", param: null, code: "request_too_large" } }));
        req.destroy();
        return;
      }
      parts.push(c);
    });
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://control-plane");
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers[k] = v;
      handler({ method: req.method ?? "GET", path: url.pathname, query: url.search.slice(1), headers, body: Buffer.concat(parts) }).then(
        (out) => res.writeHead(out.status, out.headers).end(out.body),
        () => res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "The control plane failed to handle this request.", type: "server_error", param: null, code: "internal_error" } })),
      );
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const addr = server.address();
      resolve({ server, port: typeof addr === "object" && addr ? addr.port : port });
    });
  });
}
