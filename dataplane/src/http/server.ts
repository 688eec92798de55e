import uWS from "uWebSockets.js";
import type { DataPlaneDeps } from "../deps.ts";
import { GatewayError } from "../errors.ts";
import { getCredits, getKey } from "../routes/account.ts";
import { chatCompletions } from "../routes/chat-completions.ts";
import { countTokens, messages } from "../routes/messages.ts";
import { forwardToControlPlane } from "../routes/forward.ts";
import { getModel, listModels } from "../routes/models.ts";
import { RequestContext } from "./context.ts";

type Handler = (deps: DataPlaneDeps, ctx: RequestContext, body: Promise<Buffer> | undefined) => Promise<void> | void;
type Method = "get" | "post" | "patch" | "del" | "options";
interface Route {
  method: Method;
  pattern: string;
  handler: Handler;
  body?: boolean;
  /** Keep every request header (only relays and the native route need them). */
  headers?: boolean;
  dialect?: "openai" | "anthropic";
}

const HEALTH_BODY = '{"status":"ok"}';
/** Heartbeats come every second; this much silence means the replica's state may be going stale. */
const READY_MAX_SILENCE_MS = 15_000;

/** Every public route, registered explicitly. Methods a path does not serve get 405 with Allow. */
const ROUTES: readonly Route[] = [
  { method: "get", pattern: "/v1/models", handler: listModels },
  { method: "get", pattern: "/v1/models/*", handler: getModel },
  { method: "post", pattern: "/v1/chat/completions", handler: chatCompletions, body: true },
  { method: "post", pattern: "/v1/messages", handler: messages, body: true, headers: true, dialect: "anthropic" },
  { method: "post", pattern: "/v1/messages/count_tokens", handler: countTokens, body: true, headers: true, dialect: "anthropic" },
  { method: "get", pattern: "/v1/credits", handler: getCredits },
  { method: "get", pattern: "/v1/key", handler: getKey },
  { method: "del", pattern: "/v1/key", handler: forwardToControlPlane, headers: true },
  { method: "get", pattern: "/v1/management/keys", handler: forwardToControlPlane, headers: true },
  { method: "post", pattern: "/v1/management/keys", handler: forwardToControlPlane, body: true, headers: true },
  { method: "get", pattern: "/v1/management/keys/*", handler: forwardToControlPlane, headers: true },
  { method: "patch", pattern: "/v1/management/keys/*", handler: forwardToControlPlane, body: true, headers: true },
  { method: "del", pattern: "/v1/management/keys/*", handler: forwardToControlPlane, headers: true },
  { method: "get", pattern: "/status", handler: forwardToControlPlane, headers: true },
  { method: "options", pattern: "/status", handler: forwardToControlPlane, headers: true },
];

const METHOD_NAME: Record<Method, string> = { get: "GET", post: "POST", patch: "PATCH", del: "DELETE", options: "OPTIONS" };

function allowedFor(path: string): string[] {
  const out = new Set<string>();
  for (const r of ROUTES) {
    const match = r.pattern.endsWith("/*") ? path.startsWith(r.pattern.slice(0, -1)) && path.length > r.pattern.length - 1 : path === r.pattern;
    if (match) out.add(METHOD_NAME[r.method]);
  }
  return [...out];
}

/**
 * The app and its count of requests whose handler has not finished (streams included): what a graceful stop
 * waits for.
 */
export function buildApp(deps: DataPlaneDeps): { app: uWS.TemplatedApp; inFlight: { count: number; stopping: boolean } } {
  const app = uWS.App();
  const inFlight = { count: 0, stopping: false };
  app.get("/health", (res) => {
    res.cork(() => res.writeHeader("content-type", "application/json").end(HEALTH_BODY));
  });
  // readiness: a snapshot is loaded and the control plane was heard from recently (liveness stays /health)
  app.get("/ready", (res) => {
    const s = deps.store;
    const ageMs = Date.now() - s.lastHeardAtMs;
    const ready = s.loaded && ageMs < READY_MAX_SILENCE_MS;
    const body = JSON.stringify({ status: ready ? "ready" : "not_ready", snapshot_loaded: s.loaded, snapshot_sequence: s.sequence, control_plane_silent_ms: s.loaded ? ageMs : null });
    res.cork(() => res.writeStatus(ready ? "200 OK" : "503 Service Unavailable").writeHeader("content-type", "application/json").end(body));
  });
  for (const r of ROUTES) {
    app[r.method](r.pattern, (res, req) => {
      const ctx = new RequestContext(res, req, r.headers === true);
      if (r.dialect) ctx.dialect = r.dialect;
      if (inFlight.stopping) {
        // a keep-alive connection asking after the stop began: another replica will take it
        ctx.sendError(new GatewayError("gateway_stopping", "This gateway replica is shutting down; retry the request.", { headers: { connection: "close", "retry-after": "1" } }));
        return;
      }
      const body = r.body ? ctx.readBody(deps.config.maxBodyBytes) : undefined;
      body?.catch(() => undefined);
      try {
        const p = r.handler(deps, ctx, body);
        if (p) {
          inFlight.count++;
          p.catch((err: unknown) => ctx.sendError(err)).finally(() => inFlight.count--);
        }
      } catch (err) {
        ctx.sendError(err);
      }
    });
  }
  app.any("/*", (res, req) => {
    const ctx = new RequestContext(res, req, false);
    const allow = allowedFor(ctx.url);
    if (allow.length > 0) {
      ctx.sendError(new GatewayError("method_not_allowed", `${ctx.method} is not allowed on ${ctx.url}; use ${allow.join(", ")}.`, { headers: { allow: allow.join(", ") } }));
    } else {
      ctx.sendError(new GatewayError("not_found", `There is no route ${ctx.method} ${ctx.url.slice(0, 200)}.`));
    }
  });
  return { app, inFlight };
}

/** Listens and resolves with the bound port (PORT=0 picks a free one). */
export function listen(app: uWS.TemplatedApp, host: string, port: number): Promise<{ port: number; close(): void }> {
  return new Promise((resolve, reject) => {
    app.listen(host, port, (socket) => {
      if (!socket) {
        reject(new Error(`cannot listen on ${host}:${port}`));
        return;
      }
      resolve({ port: uWS.us_socket_local_port(socket), close: () => uWS.us_listen_socket_close(socket) });
    });
  });
}

/** The native binding, not the slow JavaScript fallback the package drops to when the binary does not load. */
export function uwsIsNative(): boolean {
  return typeof (uWS as unknown as { getParts?: unknown }).getParts === "function";
}
