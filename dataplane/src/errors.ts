import { redact } from "./providers/redact.ts";

/**
 * Every error a client of the data plane can see. Stable codes, one status each, messages written here or
 * passed in by the caller from allow-listed text; never a credential, never a stack trace.
 */
export const ErrorCodes = {
  invalid_api_key: { status: 401, type: "authentication_error" },
  missing_api_key: { status: 401, type: "authentication_error" },
  inference_key_required: { status: 403, type: "permission_error" },
  model_not_allowed: { status: 403, type: "permission_error" },
  invalid_request_error: { status: 400, type: "invalid_request_error" },
  invalid_json: { status: 400, type: "invalid_request_error" },
  wrong_endpoint_for_model: { status: 400, type: "invalid_request_error" },
  model_not_found: { status: 404, type: "invalid_request_error" },
  not_found: { status: 404, type: "invalid_request_error" },
  method_not_allowed: { status: 405, type: "invalid_request_error" },
  request_timeout: { status: 408, type: "invalid_request_error" },
  request_too_large: { status: 413, type: "invalid_request_error" },
  unsupported_media_type: { status: 415, type: "invalid_request_error" },
  organization_credit_exhausted: { status: 402, type: "insufficient_quota" },
  key_monthly_budget_exhausted: { status: 402, type: "insufficient_quota" },
  key_total_budget_exhausted: { status: 402, type: "insufficient_quota" },
  no_usable_credential: { status: 503, type: "service_unavailable" },
  gateway_starting: { status: 503, type: "service_unavailable" },
  gateway_stopping: { status: 503, type: "service_unavailable" },
  control_plane_unavailable: { status: 503, type: "service_unavailable" },
  usage_backlog_full: { status: 503, type: "service_unavailable" },
  upstream_error: { status: 502, type: "upstream_error" },
  upstream_timeout: { status: 504, type: "upstream_error" },
  upstream_auth_failed: { status: 502, type: "upstream_error" },
  upstream_rate_limited: { status: 429, type: "rate_limit_error" },
  rate_limit_exceeded: { status: 429, type: "rate_limit_error" },
  too_many_auth_failures: { status: 429, type: "rate_limit_error" },
  internal_error: { status: 500, type: "server_error" },
} as const;

export type ErrorCode = keyof typeof ErrorCodes;

export class GatewayError extends Error {
  override readonly name = "GatewayError";
  readonly code: ErrorCode;
  readonly param: string | null;
  /** Overrides the code's status where the provider's own status is the truth (e.g. an upstream 400). */
  readonly statusOverride: number | undefined;
  readonly headers: Readonly<Record<string, string>>;

  constructor(code: ErrorCode, message: string, opts?: { param?: string | null; status?: number; headers?: Record<string, string> }) {
    super(message);
    this.code = code;
    this.param = opts?.param ?? null;
    this.statusOverride = opts?.status;
    this.headers = opts?.headers ?? {};
  }

  get status(): number {
    return this.statusOverride ?? ErrorCodes[this.code].status;
  }

  /**
   * The native dialect of /v1/messages: `{ type: "error", error: { type, message } }` with Anthropic's type names
   * (https://docs.anthropic.com/en/api/errors). `code` is added so the three 402 scopes stay distinguishable.
   */
  toAnthropic(): string {
    return JSON.stringify({ type: "error", error: { type: anthropicType(this.status), message: redact(this.message), code: this.code } });
  }

  /**
   * The OpenAI dialect: `{ error: { message, type, param, code } }`. Message and param may quote client input (a
   * model id, a field name) that holds a key; anything shaped like one is withheld, in both dialects.
   */
  toOpenAI(): string {
    return JSON.stringify({ error: { message: redact(this.message), type: ErrorCodes[this.code].type, param: this.param === null ? null : redact(this.param), code: this.code } });
  }
}

export function asGatewayError(err: unknown): GatewayError {
  return err instanceof GatewayError ? err : new GatewayError("internal_error", "The gateway failed to handle this request.");
}

function anthropicType(status: number): string {
  switch (status) {
    case 400:
    case 405:
    case 408:
    case 415:
      return "invalid_request_error";
    case 401:
      return "authentication_error";
    case 402:
      return "billing_error";
    case 403:
      return "permission_error";
    case 404:
      return "not_found_error";
    case 413:
      return "request_too_large";
    case 429:
      return "rate_limit_error";
    case 529:
      return "overloaded_error";
    default:
      return "api_error";
  }
}
