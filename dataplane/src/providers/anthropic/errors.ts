import { GatewayError } from "../../errors.ts";
import { type ProviderErrorInfo, retryAfterHeader, upstreamErrorByPolicy } from "../shared/upstream-error.ts";
import { ErrorEnvelope } from "./anthropic-wire.ts";

/**
 * An Anthropic error answer (https://docs.anthropic.com/en/api/errors) in the OpenAI dialect, by the shared policy
 * of shared/upstream-error.ts. 529 is Anthropic's "overloaded_error", a failure of the provider, not of the
 * request, and gets its own wording.
 */
export function anthropicUpstreamError(status: number, headers: Record<string, string | string[] | undefined>, bodyText: string, credential: string): GatewayError {
  if (status === 529) {
    return new GatewayError("upstream_error", "The provider is overloaded (HTTP 529); retry after a short wait.");
  }
  const info: ProviderErrorInfo = { retryAfter: retryAfterHeader(headers) };
  try {
    const parsed = ErrorEnvelope.safeParse(JSON.parse(bodyText));
    // an empty message says nothing: the policy's generic one does
    if (parsed.success && parsed.data.error.message) info.message = parsed.data.error.message;
  } catch {
    // not JSON: the policy's generic message stands
  }
  return upstreamErrorByPolicy(status, info, credential);
}
