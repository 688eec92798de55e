// What a provider's usage schema (zod) accepts, applied by hand where a usage object is read on every answer:
// the readers in openai-compat/usage.ts, anthropic/usage.ts and google/usage.ts, each held to its schema by a
// property test.
import { isObject } from "./provider-json.ts";

/** `z.number().int().nonnegative()` with `.catch(undefined)`: a token count, or undefined. */
export function tokenCount(v: unknown): number | undefined {
  return typeof v === "number" && Number.isSafeInteger(v) && v >= 0 ? v : undefined;
}

/** What z.object accepts as an object (isObject), or undefined. */
export function usageObject(v: unknown): Record<string, unknown> | undefined {
  return isObject(v) ? (v as Record<string, unknown>) : undefined;
}
