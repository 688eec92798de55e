/**
 * The control plane's one error module. Every failure a client can see has a stable `code` from this closed list;
 * the status and OpenAI-style `type` derive from the code in one switch. Messages are written by this codebase
 * (never copied from an exception), so nothing internal, no stack trace and no credential reaches a client.
 */
export const ERROR_CODES = [
  "invalid_request_error",
  "model_not_found",
  "invalid_api_key",
  "management_key_required",
  "inference_key_required",
  "key_not_found",
  "organization_not_found",
  "key_already_exists",
  "not_found",
  "method_not_allowed",
  "request_too_large",
  "invalid_usage_event",
  "internal_error",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export type ErrorType =
  | "invalid_request_error"
  | "authentication_error"
  | "permission_error"
  | "not_found_error"
  | "server_error";

export function errorStatus(code: ErrorCode): { status: number; type: ErrorType } {
  switch (code) {
    case "invalid_request_error":
    case "model_not_found":
    case "invalid_usage_event":
      return { status: 400, type: "invalid_request_error" };
    case "invalid_api_key":
      return { status: 401, type: "authentication_error" };
    case "management_key_required":
    case "inference_key_required":
      return { status: 403, type: "permission_error" };
    case "key_not_found":
    case "organization_not_found":
    case "not_found":
      return { status: 404, type: "not_found_error" };
    case "method_not_allowed":
      return { status: 405, type: "invalid_request_error" };
    case "key_already_exists":
      return { status: 409, type: "invalid_request_error" };
    case "request_too_large":
      return { status: 413, type: "invalid_request_error" };
    case "internal_error":
      return { status: 500, type: "server_error" };
  }
}

/** A failure meant for the caller. `message` must be composed by our code; pass user input only through safeEcho. */
export class ControlError extends Error {
  override readonly name = "ControlError";
  readonly code: ErrorCode;
  readonly param: string | null;

  constructor(code: ErrorCode, message: string, opts: { param?: string | null; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.code = code;
    this.param = opts.param ?? null;
  }
}

export interface ErrorBody {
  error: { message: string; type: ErrorType; param: string | null; code: ErrorCode };
}

/** Any thrown value → status and OpenAI-dialect body. Unknown errors become a generic 500. */
export function toErrorBody(err: unknown): { status: number; body: ErrorBody } {
  const e =
    err instanceof ControlError ? err : new ControlError("internal_error", "The server had an error processing the request.");
  const { status, type } = errorStatus(e.code);
  return { status, body: { error: { message: e.message, type, param: e.param, code: e.code } } };
}

/**
 * Makes a client-supplied string safe to quote in a message: anything that could be a credential is withheld,
 * the rest is truncated to printable ASCII.
 */
export function safeEcho(value: string): string {
  if (/^(svc_|sk-|sk_)/i.test(value) || /[A-Za-z0-9_-]{40,}/.test(value)) return "[redacted]";
  const printable = value.replace(/[^\x20-\x7e]/g, "?");
  return printable.length > 80 ? `${printable.slice(0, 77)}...` : printable;
}
