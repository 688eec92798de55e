import type { Logger } from "../../../proto/log.ts";
import type { RequestContext } from "./context.ts";

/** What a metered request adds to its access line; the RequestMeter fills it in as the books close. */
export interface Billing {
  readonly keyId: string;
  readonly orgId: string;
  readonly modelSlug: string;
  readonly provider: string;
  /** 0 until the books close. */
  readonly costMicros: number;
  readonly upstreamMs: number | undefined;
  readonly errorCode: string | undefined;
}

/** nginx's "client closed request": the client left before any response was written. */
export const CLIENT_CLOSED = 499;

/**
 * The one line a finished request leaves. Built field by field from values the gateway produced itself (ids,
 * the route's pattern, outcome, timings), never from the request, so its body, headers and query cannot reach
 * the log. `route` is the pattern that matched, `*` when none did: a path can carry anything a client pastes.
 */
export function logAccess(log: Logger, ctx: RequestContext, route: string): void {
  const status = ctx.status === 0 ? CLIENT_CLOSED : ctx.status;
  const b = ctx.billing;
  const line = {
    request_id: ctx.requestId,
    method: ctx.method,
    route,
    status,
    duration_ms: Date.now() - ctx.startedAtMs,
    upstream_ms: b?.upstreamMs,
    model: b?.modelSlug,
    provider: b?.provider,
    key_id: b?.keyId,
    org_id: b?.orgId,
    cost_micros: b?.costMicros,
    error: ctx.errorCode ?? b?.errorCode ?? (ctx.aborted ? "client_disconnected" : undefined),
  };
  if (status >= 500) log.warn(line, "request");
  else log.info(line, "request");
}
