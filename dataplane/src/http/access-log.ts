import { jsonNumber, jsonString } from "../../../proto/json-text.ts";
import { writeAccessLine, type Logger } from "../../../proto/log.ts";
import { PerKeyMemo } from "../../../proto/per-key-memo.ts";
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
 * The methods an access line names as they are; any other becomes OTHER. The method is the one value on the line a
 * client chooses (uWS passes any token), and the line skips the log's secret scrubber (see writeAccessLine).
 */
const METHODS: ReadonlyMap<string, string> = new Map(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"].map((m) => [m, `"${m}"`]));
const OTHER_METHOD = '"OTHER"';

/**
 * The one line a finished request leaves. Built field by field from values the gateway produced itself (ids,
 * the route's pattern, outcome, timings), never from the request, so its body, headers and query cannot reach
 * the log. `route` is the pattern that matched, `*` when none did: a path can carry anything a client pastes.
 * Written as text straight to the log's destination (no object, no pino pass): it is on every request's path.
 */
export function logAccess(log: Logger, ctx: RequestContext, route: string): void {
  const status = ctx.status === 0 ? CLIENT_CLOSED : ctx.status;
  const b = ctx.billing;
  const error = ctx.errorCode ?? b?.errorCode ?? (ctx.aborted ? "client_disconnected" : undefined);
  // the fields in the order the object-built line had them, undefined ones left out as pino leaves them out
  let line = `,"request_id":${jsonString(ctx.requestId)},"method":${METHODS.get(ctx.method) ?? OTHER_METHOD},"route":${jsonString(route)},"status":${jsonNumber(status)},"duration_ms":${jsonNumber(Date.now() - ctx.startedAtMs)}`;
  if (b) {
    if (b.upstreamMs !== undefined) line += `,"upstream_ms":${jsonNumber(b.upstreamMs)}`;
    line += `${billingFields(b)},"cost_micros":${jsonNumber(b.costMicros)}`;
  }
  if (error !== undefined) line += `,"error":${jsonString(error)}`;
  writeAccessLine(log, status >= 500 ? "warn" : "info", line, "request");
}

/**
 * `,"model":…,"provider":…,"key_id":…,"org_id":…` of a line, by key: the same for every request of a key to a model,
 * and four JSON texts, each a regex test and a concatenation, made for every request before (~2 % of a short
 * request's instructions, docs/performance.md).
 */
const billingTexts = new PerKeyMemo<string>(4_096);

function billingFields(b: Billing): string {
  const known = billingTexts.get(b.keyId, b.orgId, b.modelSlug, b.provider, "");
  if (known !== undefined) return known;
  const text = `,"model":${jsonString(b.modelSlug)},"provider":${jsonString(b.provider)},"key_id":${jsonString(b.keyId)},"org_id":${jsonString(b.orgId)}`;
  billingTexts.set(b.keyId, b.orgId, b.modelSlug, b.provider, "", text);
  return text;
}
