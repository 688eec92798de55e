import { GatewayError } from "../../errors.ts";
import { redact } from "../redact.ts";
import { GeminiErrorEnvelope } from "./gemini-wire.ts";

const AUTH_FAILED = "The provider refused the gateway's credential for this model. The operator has been told; try again later.";

/**
 * A Gemini error answer (https://ai.google.dev/gemini-api/docs/troubleshooting), Google's
 * `{error: {code, message, status, details}}`, in the OpenAI dialect, by the policy of openai-compat/errors.ts: the
 * client's own mistakes keep the provider's status and message (redacted); the provider's failures and its refusal
 * of the gateway's credential become the gateway's own.
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
  if (status === 401 || status === 403 || details.some((d) => d.reason?.startsWith("API_KEY_"))) {
    return new GatewayError("upstream_auth_failed", AUTH_FAILED);
  }
  if (status === 429) {
    const retry = retrySeconds(details.find((d) => d.retryDelay !== undefined)?.retryDelay) ?? header(headers["retry-after"]);
    return new GatewayError("upstream_rate_limited", "The provider is rate limiting this model; retry after a short wait.", {
      headers: retry !== undefined ? { "retry-after": retry } : {},
    });
  }
  if (status >= 500) {
    return new GatewayError("upstream_error", `The provider failed to answer (HTTP ${status}).`);
  }
  const message = env?.error.message ? redact(env.error.message, credential) : `The provider rejected the request (HTTP ${status}).`;
  return new GatewayError("invalid_request_error", message, { status });
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
