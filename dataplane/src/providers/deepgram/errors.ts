import type { GatewayError } from "../../errors.ts";
import { type ProviderErrorInfo, retryAfterHeader, upstreamErrorByPolicy } from "../shared/upstream-error.ts";

/**
 * Deepgram's error body: `{ err_code, err_msg, request_id }`, or in newer answers `{ category, message, details }`
 * (https://developers.deepgram.com/docs/errors).
 */
export function deepgramUpstreamError(status: number, headers: Record<string, string | string[] | undefined>, bodyText: string, credential: string): GatewayError {
  const info: ProviderErrorInfo = { retryAfter: retryAfterHeader(headers) };
  try {
    const body = JSON.parse(bodyText) as { err_msg?: unknown; message?: unknown };
    const message = typeof body.err_msg === "string" ? body.err_msg : body.message;
    if (typeof message === "string") info.message = message;
  } catch {
    // not JSON: the policy's generic message stands
  }
  return upstreamErrorByPolicy(status, info, credential);
}
