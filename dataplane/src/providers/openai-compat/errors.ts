import { GatewayError } from "../../errors.ts";
import { redact } from "../redact.ts";

/**
 * An upstream error in the OpenAI dialect. The client's own mistakes keep the provider's status and message
 * (redacted); the provider's failures and its refusal of the gateway's credential become the gateway's own.
 */
export function openAIUpstreamError(status: number, headers: Record<string, string | string[] | undefined>, bodyText: string, credential: string): GatewayError {
  if (status === 401 || status === 403) {
    return new GatewayError("upstream_auth_failed", "The provider refused the gateway's credential for this model. The operator has been told; try again later.");
  }
  if (status === 429) {
    const retry = headers["retry-after"];
    return new GatewayError("upstream_rate_limited", "The provider is rate limiting this model; retry after a short wait.", {
      headers: typeof retry === "string" ? { "retry-after": retry } : {},
    });
  }
  if (status >= 500) {
    return new GatewayError("upstream_error", `The provider failed to answer (HTTP ${status}).`);
  }
  let message = `The provider rejected the request (HTTP ${status}).`;
  let param: string | null = null;
  try {
    const err = (JSON.parse(bodyText) as { error?: { message?: unknown; param?: unknown } }).error;
    if (typeof err?.message === "string") message = redact(err.message, credential);
    if (typeof err?.param === "string") param = err.param;
  } catch {
    // not JSON: keep the generic message
  }
  return new GatewayError("invalid_request_error", message, { status, param });
}
