import type { GatewayError } from "../../errors.ts";
import { type ProviderErrorInfo, retryAfterHeader, upstreamErrorByPolicy } from "../shared/upstream-error.ts";

/** AssemblyAI's error body: `{ "error": "<message>" }` (https://www.assemblyai.com/docs/api-reference/overview#errors). */
export function assemblyAIUpstreamError(status: number, headers: Record<string, string | string[] | undefined>, bodyText: string, credential: string): GatewayError {
  const info: ProviderErrorInfo = { retryAfter: retryAfterHeader(headers) };
  try {
    const message = (JSON.parse(bodyText) as { error?: unknown }).error;
    if (typeof message === "string") info.message = message;
  } catch {
    // not JSON: the policy's generic message stands
  }
  return upstreamErrorByPolicy(status, info, credential);
}
