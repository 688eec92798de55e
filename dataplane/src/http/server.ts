import uWS from "uWebSockets.js";
import { usageBoundReached } from "../admission/usage-capacity.ts";
import type { DataPlaneDeps } from "../deps.ts";
import { AuthFailureGuard, clientAddress } from "../auth/brute-force.ts";
import { GatewayError } from "../errors.ts";
import { getCredits, getKey } from "../routes/account.ts";
import { audioTranscriptions } from "../routes/audio-transcriptions.ts";
import { chatCompletions } from "../routes/chat-completions.ts";
import { embeddings } from "../routes/embeddings.ts";
import { imageEdits, imageGenerations } from "../routes/images.ts";
import { NATIVE_HEADERS, countTokens, messages } from "../routes/messages.ts";
import { FORWARDED_HEADERS, forwardToControlPlane } from "../routes/forward.ts";
import { getModel, listModels } from "../routes/models.ts";
import { afterTurnEndWrites } from "../turn-end.ts";
import { logAccess } from "./access-log.ts";
import { BodyIdleWatch } from "./body-idle-watch.ts";
import { RequestContext } from "./context.ts";

/** `body`: the request body's read, for a route that takes one; once it resolves, `ctx.takeBody()` gives the bytes. */
type Handler = (deps: DataPlaneDeps, ctx: RequestContext, body: Promise<void> | undefined) => Promise<void> | void;
type Method = "get" | "post" | "patch" | "del" | "options";
interface Route {
  method: Method;
  pattern: string;
  handler: Handler;
  body?: boolean;
  /** The request headers (lower case) the route reads from `ctx.headers`; no other is copied there. */
  headers?: readonly string[];
  dialect?: "openai" | "anthropic";
  /** Needs no credential, so refused credentials from its caller are not judged. */
  public?: boolean;
  /** A tighter body limit than the server's. */
  maxBody?: number;
  /** Reads the query string (`ctx.query`), which is read from uWS only then (RouteReads); reading it undeclared throws. */
  query?: boolean;
  /** Reads the request's content type (`ctx.contentType`); reading it undeclared throws. */
  contentType?: boolean;
}

/** The control plane refuses larger management bodies anyway (controlplane/src/http/validation.ts); refused here first. */
const MANAGEMENT_MAX_BODY_BYTES = 64 * 1024;

const HEALTH_BODY = '{"status":"ok"}';
/**
 * A replica that has known for this long of state it cannot get (it hears the control plane but cannot load
 * from it) is taken out of rotation. Silence alone is not enough: when the control plane or the bus is down,
 * every replica is silent, and serving from the last snapshot (static stability) beats serving nothing.
 */
const READY_MAX_BEHIND_MS = 15_000;

/** Every public route, registered explicitly. Methods a path does not serve get 405 with Allow. */
const ROUTES: readonly Route[] = [
  { method: "get", pattern: "/v1/models", handler: listModels },
  { method: "get", pattern: "/v1/models/*", handler: getModel },
  { method: "post", pattern: "/v1/chat/completions", handler: chatCompletions, body: true },
  { method: "post", pattern: "/v1/messages", handler: messages, body: true, headers: NATIVE_HEADERS, dialect: "anthropic", query: true },
  { method: "post", pattern: "/v1/messages/count_tokens", handler: countTokens, body: true, headers: NATIVE_HEADERS, dialect: "anthropic", query: true },
  { method: "post", pattern: "/v1/embeddings", handler: embeddings, body: true },
  { method: "post", pattern: "/v1/images/generations", handler: imageGenerations, body: true, contentType: true },
  { method: "post", pattern: "/v1/images/edits", handler: imageEdits, body: true, contentType: true },
  // the upload is read by the route itself, part by part, so its size is judged while it arrives
  { method: "post", pattern: "/v1/audio/transcriptions", handler: audioTranscriptions, contentType: true },
  { method: "get", pattern: "/v1/credits", handler: getCredits },
  { method: "get", pattern: "/v1/key", handler: getKey },
  { method: "del", pattern: "/v1/key", handler: forwardToControlPlane, headers: FORWARDED_HEADERS, query: true },
  { method: "get", pattern: "/v1/management/keys", handler: forwardToControlPlane, headers: FORWARDED_HEADERS, query: true },
  { method: "post", pattern: "/v1/management/keys", handler: forwardToControlPlane, body: true, headers: FORWARDED_HEADERS, maxBody: MANAGEMENT_MAX_BODY_BYTES, query: true },
  { method: "get", pattern: "/v1/management/keys/*", handler: forwardToControlPlane, headers: FORWARDED_HEADERS, query: true },
  { method: "patch", pattern: "/v1/management/keys/*", handler: forwardToControlPlane, body: true, headers: FORWARDED_HEADERS, maxBody: MANAGEMENT_MAX_BODY_BYTES, query: true },
  { method: "del", pattern: "/v1/management/keys/*", handler: forwardToControlPlane, headers: FORWARDED_HEADERS, query: true },
  { method: "get", pattern: "/status", handler: forwardToControlPlane, headers: FORWARDED_HEADERS, public: true, query: true },
  { method: "options", pattern: "/status", handler: forwardToControlPlane, headers: FORWARDED_HEADERS, public: true, query: true },
];

const METHOD_NAME: Record<Method, string> = { get: "GET", post: "POST", patch: "PATCH", del: "DELETE", options: "OPTIONS" };

function allowedFor(path: string): { allow: string[]; dialect: "openai" | "anthropic" } {
  const out = new Set<string>();
  let dialect: "openai" | "anthropic" = "openai";
  for (const r of ROUTES) {
    const match = r.pattern.endsWith("/*") ? path.startsWith(r.pattern.slice(0, -1)) && path.length > r.pattern.length - 1 : path === r.pattern;
    if (match) out.add(METHOD_NAME[r.method]);
    // a wrong method on a native route is still answered in that route's dialect
    if (match && r.dialect) dialect = r.dialect;
  }
  return { allow: [...out], dialect };
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
  app.head("/health", (res) => {
    // uWS 20.30 aborts the process when a handler that ends without a body has no abort handler
    res.onAborted(() => undefined);
    res.cork(() => res.writeHeader("content-type", "application/json").endWithoutBody());
  });
  const guard = new AuthFailureGuard({ burst: deps.config.authFailureBurst, perMinute: deps.config.authFailuresPerMinute });
  const proxyHeader = deps.config.clientIpHeader;
  // readiness: a snapshot is loaded, this replica is not stuck behind state it knows of, and usage can still be
  // recorded (liveness stays /health)
  app.get("/ready", (res) => {
    const s = deps.store;
    const now = Date.now();
    const behindMs = s.behindSinceMs === undefined ? 0 : now - s.behindSinceMs;
    const usageBound = usageBoundReached(deps) ?? null;
    const ready = s.loaded && behindMs < READY_MAX_BEHIND_MS && usageBound === null;
    const body = JSON.stringify({
      status: ready ? "ready" : "not_ready",
      snapshot_loaded: s.loaded,
      snapshot_sequence: s.sequence,
      behind_ms: behindMs,
      control_plane_silent_ms: s.loaded ? now - s.lastHeardAtMs : null,
      usage_bound_reached: usageBound,
    });
    res.cork(() => res.writeStatus(ready ? "200 OK" : "503 Service Unavailable").writeHeader("content-type", "application/json").end(body));
  });
  const bodyWatch = deps.config.bodyIdleTimeoutMs > 0 ? new BodyIdleWatch(deps.config.bodyIdleTimeoutMs) : undefined;
  for (const r of ROUTES) {
    const guarded = !r.public && guard.enabled;
    const maxBody = Math.min(r.maxBody ?? Infinity, deps.config.maxBodyBytes);
    const reads = { method: METHOD_NAME[r.method], query: r.query === true, contentType: r.contentType === true };
    app[r.method](r.pattern, (res, req) => {
      const ctx = new RequestContext(res, req, r.headers, reads);
      if (r.dialect) ctx.dialect = r.dialect;
      if (inFlight.stopping) {
        // a keep-alive connection asking after the stop began: another replica will take it
        ctx.sendError(new GatewayError("gateway_stopping", "This gateway replica is shutting down; retry the request.", { headers: { connection: "close", "retry-after": "1" } }));
        logAccess(deps.log, ctx, r.pattern);
        return;
      }
      // judged before the credential is looked at: refusing only bad keys would still tell a guesser which is
      // good. The address is worked out only while some address has failures on record, or for a 401.
      if (guarded) {
        const forwardedFor = proxyHeader ? req.getHeader(proxyHeader) : "";
        ctx.onUnauthorized = () => clientAddress(Buffer.from(res.getRemoteAddressAsText()).toString("latin1"), forwardedFor);
        if (guard.trackedAddresses > 0) {
          const wait = guard.retryAfterSeconds(ctx.onUnauthorized(), Date.now());
          if (wait !== undefined) {
            // closed as well: whatever body follows is not read, and each further guess costs a new connection
            ctx.sendError(new GatewayError("too_many_auth_failures", `Too many requests from this address presented an invalid API key; retry in ${wait} s.`, { headers: { "retry-after": String(wait), connection: "close" } }));
            logAccess(deps.log, ctx, r.pattern);
            return;
          }
        }
      }
      // a declared length over the limit is refused before a byte of the body is read
      const declared = r.body ? Number(req.getHeader("content-length")) : 0;
      if (declared > maxBody) {
        ctx.sendError(new GatewayError("request_too_large", `The request body is larger than ${maxBody} bytes.`, { headers: { connection: "close" } }));
        logAccess(deps.log, ctx, r.pattern);
        return;
      }
      const body = r.body ? ctx.readBody(maxBody, bodyWatch, Number.isSafeInteger(declared) ? declared : undefined) : undefined;
      body?.catch(() => undefined);
      const done = () => {
        if (ctx.unauthorizedFrom !== undefined && ctx.authorization !== "") guard.recordFailure(ctx.unauthorizedFrom, Date.now());
        // after the answers of this turn have left (an answer from a provider leaves at the turn's end): the line
        // is bookkeeping, and its duration then covers the write
        afterTurnEndWrites(() => logAccess(deps.log, ctx, r.pattern));
      };
      try {
        const p = r.handler(deps, ctx, body);
        if (p) {
          inFlight.count++;
          p.then(
            () => {
              inFlight.count--;
              done();
            },
            (err: unknown) => {
              failed(deps, ctx, err);
              inFlight.count--;
              done();
            },
          );
        } else done();
      } catch (err) {
        failed(deps, ctx, err);
        done();
      }
    });
  }
  app.any("/*", (res, req) => {
    const ctx = new RequestContext(res, req);
    const { allow, dialect } = allowedFor(ctx.url);
    ctx.dialect = dialect;
    if (allow.length > 0) {
      ctx.sendError(new GatewayError("method_not_allowed", `${ctx.method} is not allowed on ${ctx.url.slice(0, 200)}; use ${allow.join(", ")}.`, { headers: { allow: allow.join(", ") } }));
    } else {
      ctx.sendError(new GatewayError("not_found", `There is no route ${ctx.method} ${ctx.url.slice(0, 200)}.`));
    }
    logAccess(deps.log, ctx, "*");
  });
  return { app, inFlight };
}

/** A handler's failure: the client gets its error; one the gateway did not expect is also logged, with its stack. */
function failed(deps: DataPlaneDeps, ctx: RequestContext, err: unknown): void {
  if (!(err instanceof GatewayError)) deps.log.error({ request_id: ctx.requestId, err }, "request failed unexpectedly");
  ctx.sendError(err);
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
