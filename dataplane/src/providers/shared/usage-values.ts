// What a provider's usage schema (zod) accepts, applied by hand where a usage object is read on every answer:
// the readers in openai-compat/usage.ts and anthropic/usage.ts, each held to its schema by a property test.

/** `z.number().int().nonnegative()` with `.catch(undefined)`: a token count, or undefined. */
export function tokenCount(v: unknown): number | undefined {
  return typeof v === "number" && Number.isSafeInteger(v) && v >= 0 ? v : undefined;
}

/** What z.object accepts as an object: not null, not an array. */
export function usageObject(v: unknown): Record<string, unknown> | undefined {
  return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}
