import { z } from "zod";
import type { GatewayError } from "../../errors.ts";
import { retryAfterHeader, upstreamErrorByPolicy } from "../shared/upstream-error.ts";

/** Cohere's error body: `{"id": "<trace id>", "message": "<message>"}` (cohere/error-404.json). */
const CohereError = z.looseObject({ message: z.string() });

/** A Cohere error answer (https://docs.cohere.com/reference/errors) in the OpenAI dialect, by the shared policy. */
export function cohereUpstreamError(status: number, headers: Record<string, string | string[] | undefined>, bodyText: string, credential: string): GatewayError {
  let message: string | undefined;
  try {
    const parsed = CohereError.safeParse(JSON.parse(bodyText));
    if (parsed.success && parsed.data.message.length > 0) message = parsed.data.message;
  } catch {
    // not JSON: the policy's generic message stands
  }
  return upstreamErrorByPolicy(status, { message, retryAfter: retryAfterHeader(headers) }, credential);
}
