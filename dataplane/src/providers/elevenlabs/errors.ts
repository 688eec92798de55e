import type { GatewayError } from "../../errors.ts";
import { type ProviderErrorInfo, retryAfterHeader, upstreamErrorByPolicy } from "../shared/upstream-error.ts";

/**
 * ElevenLabs' error body: `{ detail: { status, message } }`, `{ detail: "<message>" }`, or a validation list
 * `{ detail: [{ loc, msg, type }] }` (https://elevenlabs.io/docs/api-reference/errors).
 */
export function elevenLabsUpstreamError(status: number, headers: Record<string, string | string[] | undefined>, bodyText: string, credential: string): GatewayError {
  const info: ProviderErrorInfo = { retryAfter: retryAfterHeader(headers) };
  try {
    const detail = (JSON.parse(bodyText) as { detail?: unknown }).detail;
    const first = Array.isArray(detail) ? (detail[0] as { msg?: unknown } | undefined)?.msg : undefined;
    const message = typeof detail === "string" ? detail : typeof first === "string" ? first : (detail as { message?: unknown } | undefined)?.message;
    if (typeof message === "string") info.message = message;
  } catch {
    // not JSON: the policy's generic message stands
  }
  return upstreamErrorByPolicy(status, info, credential);
}
