import type { GatewayError } from "../../errors.ts";
import { type ProviderErrorInfo, retryAfterHeader, upstreamErrorByPolicy } from "../shared/upstream-error.ts";

/** An OpenAI-format error answer (`{error: {message, param}}`), by the shared policy of shared/upstream-error.ts. */
export function openAIUpstreamError(status: number, headers: Record<string, string | string[] | undefined>, bodyText: string, credential: string): GatewayError {
  const info: ProviderErrorInfo = { retryAfter: retryAfterHeader(headers) };
  try {
    const err = (JSON.parse(bodyText) as { error?: { message?: unknown; param?: unknown } }).error;
    if (typeof err?.message === "string") info.message = err.message;
    if (typeof err?.param === "string") info.param = err.param;
  } catch {
    // not JSON: the policy's generic message stands
  }
  return upstreamErrorByPolicy(status, info, credential);
}
