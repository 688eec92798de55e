import type { z } from "zod";
import { ControlError, safeEcho } from "../errors.ts";

/** Largest management request body accepted. */
export const MAX_BODY_BYTES = 64 * 1024;

/** A route's own wording for a field's rule (path segments as strings), when it says more than the generic one. */
export type FieldHint = (path: readonly string[]) => string | undefined;

/** Parses a JSON body against `schema`; an empty body reads as {}. Throws ControlError naming the field. */
export function parseJsonBody<T>(body: Uint8Array, schema: z.ZodType<T>, hint?: FieldHint): T {
  if (body.byteLength > MAX_BODY_BYTES) {
    throw new ControlError("request_too_large", `The request body must be at most ${MAX_BODY_BYTES} bytes.`);
  }
  let value: unknown = {};
  if (body.byteLength > 0) {
    try {
      const text = new TextDecoder("utf-8", { fatal: true }).decode(body);
      value = text.trim() === "" ? {} : JSON.parse(text);
    } catch {
      throw new ControlError("invalid_request_error", "We could not parse the JSON body of your request. Send a JSON object.");
    }
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  if (!issue) throw new ControlError("invalid_request_error", "The request body is invalid.");
  throw describeIssue(issue, hint);
}

/** Renders a zod issue from our own templates: only schema facts (field, type, bound) appear, never the input. */
function describeIssue(issue: z.core.$ZodIssue, hint: FieldHint | undefined): ControlError {
  const base = issue.path.map(String);
  if (issue.code === "unrecognized_keys") {
    const first = safeEcho(issue.keys[0] ?? "");
    const param = [...base, first].join(".");
    return new ControlError("invalid_request_error", `Unrecognized request argument supplied: '${param}'.`, { param });
  }
  const param = base.length === 0 ? null : formatPath(issue.path);
  const where = param === null ? "The request body" : `'${param}'`;
  return new ControlError("invalid_request_error", `${where} ${hint?.(base) ?? reason(issue)}.`, { param });
}

function reason(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case "invalid_type":
      return issue.expected === "int" ? "must be an integer" : `must be ${article(issue.expected)}`;
    case "too_small":
      return issue.origin === "string" || issue.origin === "array"
        ? `must have at least ${String(issue.minimum)} ${issue.origin === "string" ? "characters" : "items"}`
        : `must be at least ${String(issue.minimum)}`;
    case "too_big":
      return issue.origin === "string" || issue.origin === "array"
        ? `must have at most ${String(issue.maximum)} ${issue.origin === "string" ? "characters" : "items"}`
        : `must be at most ${String(issue.maximum)}`;
    case "invalid_format":
      return "has an invalid format";
    case "invalid_value":
      return "has an invalid value";
    default:
      return "is invalid";
  }
}

function article(expected: string): string {
  const names: Record<string, string> = {
    object: "a JSON object",
    array: "an array",
    string: "a string",
    number: "a number",
    boolean: "a boolean",
    null: "null",
  };
  return names[expected] ?? "of another type";
}

/** OpenAI style: limits.monthly_budget_micros, models[2] */
function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const seg of path) out += typeof seg === "number" ? `[${seg}]` : `${out === "" ? "" : "."}${safeEcho(String(seg))}`;
  return out;
}
