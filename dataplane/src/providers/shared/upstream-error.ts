// The one policy for a provider's non-2xx answer in the OpenAI dialect, shared by every chat adapter: the client's
// own mistakes keep the provider's status and message (redacted); the provider's failures and its refusal of the
// gateway's credential become the gateway's own. Each adapter only reads its provider's error envelope.
import { GatewayError } from "../../errors.ts";
import { redact } from "../redact.ts";

/** What an adapter read of the provider's error body; a field left undefined was not there (or not readable). */
export interface ProviderErrorInfo {
  message?: string;
  param?: string;
  /** The retry-after value to pass on to the client for a 429. */
  retryAfter?: string;
}

/** The provider refused the gateway's credential: the client's key was fine, so this is the gateway's error. */
export function upstreamAuthFailed(): GatewayError {
  return new GatewayError("upstream_auth_failed", "The provider refused the gateway's credential for this model. The operator has been told; try again later.");
}

/**
 * 401/403 → upstream_auth_failed; 429 → upstream_rate_limited with the retry-after; 5xx → upstream_error; any
 * other status is the client's mistake: invalid_request_error with that status and the provider's message, redacted.
 */
export function upstreamErrorByPolicy(status: number, info: ProviderErrorInfo, credential: string): GatewayError {
  if (status === 401 || status === 403) return upstreamAuthFailed();
  if (status === 429) {
    return new GatewayError("upstream_rate_limited", "The provider is rate limiting this model; retry after a short wait.", {
      headers: info.retryAfter !== undefined ? { "retry-after": info.retryAfter } : {},
    });
  }
  if (status >= 500) {
    return new GatewayError("upstream_error", `The provider failed to answer (HTTP ${status}).`);
  }
  const message = info.message !== undefined ? redact(info.message, credential) : `The provider rejected the request (HTTP ${status}).`;
  return new GatewayError("invalid_request_error", message, { status, param: info.param ?? null });
}

/** The retry-after header of the provider's answer, when it has exactly one. */
export function retryAfterHeader(headers: Record<string, string | string[] | undefined>): string | undefined {
  const retry = headers["retry-after"];
  return typeof retry === "string" ? retry : undefined;
}
