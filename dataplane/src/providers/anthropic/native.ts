import { GatewayError } from "../../errors.ts";
import { redact } from "../redact.ts";
import { upstreamAuthFailed } from "../shared/upstream-error.ts";
import { withTopLevelValues, type JsonSource } from "../shared/json-top-level.ts";
import { upstreamUrl } from "../shared/upstream-url.ts";
import type { PassThroughRequest } from "../types.ts";

/** Default when the client sends none: the version every Anthropic SDK pins. */
export const ANTHROPIC_VERSION = "2023-06-01";

/**
 * The native route's upstream call: the client's body with only `model` replaced, the client's anthropic-version
 * and anthropic-beta headers kept, and the gateway's credential in x-api-key. Nothing else of the client's
 * headers goes upstream (no authorization, no x-api-key, no hop-by-hop).
 */
export function buildNativeRequest(
  path: "/v1/messages" | "/v1/messages/count_tokens",
  body: Record<string, unknown>,
  opts: { baseUrl: string; credential: string; upstreamModel: string; clientHeaders: Readonly<Record<string, string>>; beta: boolean },
  /** The body as the client sent it. */
  source?: JsonSource,
): PassThroughRequest {
  const url = upstreamUrl(opts.baseUrl, opts.beta ? `${path}?beta=true` : path);
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "x-api-key": opts.credential,
    "anthropic-version": opts.clientHeaders["anthropic-version"] || ANTHROPIC_VERSION,
  };
  const beta = opts.clientHeaders["anthropic-beta"];
  if (beta) headers["anthropic-beta"] = beta;
  if (body.stream === true) headers.accept = "text/event-stream";
  return { url, headers, body: withTopLevelValues(body, source, { model: opts.upstreamModel }) };
}

/**
 * A provider error on the native route keeps the provider's own envelope and status (it is already the
 * dialect the client speaks), redacted; the provider refusing the gateway's credential becomes the gateway's
 * own error, since the client's key was fine.
 */
export function nativeUpstreamError(status: number, headers: Record<string, string | string[] | undefined>, bodyText: string, credential: string): GatewayError | { status: number; body: string; headers: Record<string, string> } {
  if (status === 401 || status === 403) {
    return upstreamAuthFailed();
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(bodyText);
  } catch {
    return new GatewayError("upstream_error", `The provider failed to answer (HTTP ${status}).`);
  }
  const retry = headers["retry-after"];
  return { status, body: redact(JSON.stringify(parsed), credential), headers: typeof retry === "string" ? { "retry-after": retry } : {} };
}
