import { z } from "zod";
import type { GatewayError } from "../../errors.ts";
import { retryAfterHeader, upstreamErrorByPolicy } from "../shared/upstream-error.ts";

/** Voyage answers errors as FastAPI does: `{"detail": "<message>"}` (voyage/error-400.json). */
const VoyageError = z.looseObject({ detail: z.string() });

/** A Voyage error answer in the OpenAI dialect, by the shared policy of shared/upstream-error.ts. */
export function voyageUpstreamError(status: number, headers: Record<string, string | string[] | undefined>, bodyText: string, credential: string): GatewayError {
  let message: string | undefined;
  try {
    const parsed = VoyageError.safeParse(JSON.parse(bodyText));
    if (parsed.success && parsed.data.detail.length > 0) message = parsed.data.detail;
  } catch {
    // not JSON: the policy's generic message stands
  }
  return upstreamErrorByPolicy(status, { message, retryAfter: retryAfterHeader(headers) }, credential);
}
