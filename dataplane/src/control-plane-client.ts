import { Agent, request } from "undici";
import type { ControlPlaneClient } from "./deps.ts";

/** Relays to the control plane over HTTP (split mode). */
export function httpControlPlaneClient(baseUrl: string): ControlPlaneClient {
  const agent = new Agent({ connections: 16, headersTimeout: 10_000, bodyTimeout: 10_000 });
  const base = baseUrl.replace(/\/+$/, "");
  return async (req) => {
    const res = await request(`${base}${req.path}${req.query ? `?${req.query}` : ""}`, {
      method: req.method as "GET",
      headers: req.headers,
      body: req.body.length > 0 ? Buffer.from(req.body) : undefined,
      dispatcher: agent,
    });
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers)) {
      if (typeof v === "string" && !HOP_BY_HOP.has(k)) headers[k] = v;
    }
    return { status: res.statusCode, headers, body: await res.body.text() };
  };
}

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "date", "upgrade", "te", "trailer", "proxy-authenticate", "proxy-authorization"]);
