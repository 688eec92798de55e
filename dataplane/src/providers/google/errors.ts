import type { GatewayError } from "../../errors.ts";
import { upstreamAuthFailed, upstreamErrorByPolicy } from "../shared/upstream-error.ts";
import { GeminiErrorEnvelope } from "./gemini-wire.ts";

/**
 * A Gemini error answer (https://ai.google.dev/gemini-api/docs/troubleshooting), Google's
 * `{error: {code, message, status, details}}`, in the OpenAI dialect, by the shared policy of
 * shared/upstream-error.ts, with what Google says beyond the status:
 * - 401/403, and the 400 INVALID_ARGUMENT Google answers a bad, expired or restricted key with (an ErrorInfo
 *   detail whose reason is API_KEY_INVALID and kin) → upstream_auth_failed;
 * - 429 RESOURCE_EXHAUSTED → upstream_rate_limited; Google says when to retry in a RetryInfo detail
 *   (`retryDelay`, a protobuf Duration such as "34.4s"), sent to the client as retry-after, rounded up to whole
 *   seconds, else a retry-after header of the answer if any;
 * - 5xx (500 INTERNAL, 503 UNAVAILABLE "the model is overloaded", 504 DEADLINE_EXCEEDED) → upstream_error.
 */
export function geminiUpstreamError(status: number, headers: Record<string, string | string[] | undefined>, bodyText: string, credential: string): GatewayError {
  const env = parseEnvelope(bodyText);
  const details = env?.error.details ?? [];
  if (details.some((d) => d.reason?.startsWith("API_KEY_"))) return upstreamAuthFailed();
  const retryAfter = status === 429 ? (retrySeconds(details.find((d) => d.retryDelay !== undefined)?.retryDelay) ?? header(headers["retry-after"])) : undefined;
  // an empty message says nothing: the policy's generic one does
  return upstreamErrorByPolicy(status, { message: env?.error.message || undefined, retryAfter }, credential);
}

function parseEnvelope(bodyText: string): GeminiErrorEnvelope | undefined {
  try {
    const parsed = GeminiErrorEnvelope.safeParse(JSON.parse(bodyText));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined; // not JSON (a proxy's HTML page): the generic message stands
  }
}

/** A protobuf Duration in JSON ("34.4s", "1s", "0.5s") → whole seconds, rounded up, as retry-after wants. */
function retrySeconds(duration: string | undefined): string | undefined {
  const m = duration === undefined ? null : /^(\d+(?:\.\d+)?)s$/.exec(duration);
  return m ? String(Math.max(1, Math.ceil(Number(m[1])))) : undefined;
}

function header(value: string | string[] | undefined): string | undefined {
  return typeof value === "string" && /^\d+$/.test(value) ? value : undefined;
}
