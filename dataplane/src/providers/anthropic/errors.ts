import { GatewayError } from "../../errors.ts";
import { redact } from "../redact.ts";
import { ErrorEnvelope } from "./anthropic-wire.ts";

/**
 * An Anthropic error answer (https://docs.anthropic.com/en/api/errors) in the OpenAI dialect, by the policy of
 * openai-compat/errors.ts: the client's own mistakes keep the provider's status and message (redacted); the
 * provider's failures and its refusal of the gateway's credential become the gateway's own. 529 is Anthropic's
 * "overloaded_error", a failure of the provider, not of the request.
 */
export function anthropicUpstreamError(status: number, headers: Record<string, string | string[] | undefined>, bodyText: string, credential: string): GatewayError {
  if (status === 401 || status === 403) {
    return new GatewayError("upstream_auth_failed", "The provider refused the gateway's credential for this model. The operator has been told; try again later.");
  }
  if (status === 429) {
    const retry = headers["retry-after"];
    return new GatewayError("upstream_rate_limited", "The provider is rate limiting this model; retry after a short wait.", {
      headers: typeof retry === "string" ? { "retry-after": retry } : {},
    });
  }
  if (status === 529) {
    return new GatewayError("upstream_error", "The provider is overloaded (HTTP 529); retry after a short wait.");
  }
  if (status >= 500) {
    return new GatewayError("upstream_error", `The provider failed to answer (HTTP ${status}).`);
  }
  let message = `The provider rejected the request (HTTP ${status}).`;
  try {
    const parsed = ErrorEnvelope.safeParse(JSON.parse(bodyText));
    if (parsed.success && parsed.data.error.message) message = redact(parsed.data.error.message, credential);
  } catch {
    // not JSON: keep the generic message
  }
  return new GatewayError("invalid_request_error", message, { status });
}
