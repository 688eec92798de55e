// The 400s every translating adapter answers a malformed OpenAI-format request with: one wording and one way of
// naming the param, whichever provider serves the model.
import type { z } from "zod";
import { GatewayError } from "../../errors.ts";

/** The client's mistake, named by its OpenAI-style param path (e.g. `messages[2].tool_calls[0].function.arguments`). */
export function invalid(param: string, message: string): GatewayError {
  return new GatewayError("invalid_request_error", message, { param });
}

/** `["messages", 2, "content", 0]` → `messages[2].content[0]`, the way OpenAI names params in its errors. */
export function paramPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) out += typeof key === "number" ? `[${key}]` : out === "" ? String(key) : `.${String(key)}`;
  return out;
}

/**
 * The first problem zod found, as a 400 naming the param. A union failure is followed into the branch that got
 * furthest (the one whose issue path is longest), so a bad image URL is reported as that URL, not as "content".
 */
export function fromZod(error: z.ZodError, root: readonly PropertyKey[] = []): GatewayError {
  let issue: z.core.$ZodIssue | undefined = error.issues[0];
  let path: PropertyKey[] = [...root];
  while (issue) {
    path = [...path, ...issue.path];
    if (issue.code !== "invalid_union" || issue.errors.length === 0) break;
    const branches = issue.errors.filter((b) => b.length > 0);
    const best = branches.reduce<z.core.$ZodIssue[] | undefined>((a, b) => (!a || (b[0]?.path.length ?? 0) > (a[0]?.path.length ?? 0) ? b : a), undefined);
    issue = best?.[0];
    if (!issue) break;
    if (issue.path.length === 0 && branches.length > 1) {
      // every branch failed at the value itself (wrong type): the union's own message says more
      return invalid(paramPath(path), `Invalid \`${paramPath(path)}\`: not one of the accepted forms.`);
    }
  }
  const param = paramPath(path);
  return invalid(param, `Invalid \`${param}\`: ${issue?.message ?? "invalid value"}`);
}
