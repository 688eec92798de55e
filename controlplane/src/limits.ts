import { z } from "zod";

/**
 * A key's plan. Stored (jsonb) and on the wire in snake_case; an absent or null field means unlimited. Budgets are
 * micro-USD, rates are counts per minute.
 */
export const LIMIT_FIELDS = [
  "monthly_budget_micros",
  "total_budget_micros",
  "requests_per_minute",
  "tokens_per_minute",
] as const;
export type LimitField = (typeof LIMIT_FIELDS)[number];

/** Only the limits that are set; stored this way so that "absent" is the single spelling of unlimited. */
export type Limits = Partial<Record<LimitField, number>>;
/** Every field present, null = unlimited: what clients see. */
export type WireLimits = Record<LimitField, number | null>;

const limitValue = z.int().nonnegative().nullable().optional();

/** Client input: any subset of the fields; unknown fields are refused so that a typo does not silently mean "unlimited". */
export const limitsInputSchema = z.strictObject({
  monthly_budget_micros: limitValue,
  total_budget_micros: limitValue,
  requests_per_minute: limitValue,
  tokens_per_minute: limitValue,
});
export type LimitsInput = z.infer<typeof limitsInputSchema>;

/** Reads the stored document leniently: a bad or unknown field is dropped (unlimited) rather than failing a snapshot. */
export function parseStoredLimits(value: unknown): Limits {
  const out: Limits = {};
  if (typeof value !== "object" || value === null) return out;
  for (const field of LIMIT_FIELDS) {
    const v: unknown = (value as Record<string, unknown>)[field];
    if (typeof v === "number" && Number.isSafeInteger(v) && v >= 0) out[field] = v;
  }
  return out;
}

/** Applies a patch: a given number sets, null removes (unlimited), absent keeps (JSON merge-patch semantics). */
export function mergeLimits(current: Limits, patch: LimitsInput): Limits {
  const out: Limits = { ...current };
  for (const field of LIMIT_FIELDS) {
    const v = patch[field];
    if (v === null) delete out[field];
    else if (v !== undefined) out[field] = v;
  }
  return out;
}

export function wireLimits(limits: Limits): WireLimits {
  return {
    monthly_budget_micros: limits.monthly_budget_micros ?? null,
    total_budget_micros: limits.total_budget_micros ?? null,
    requests_per_minute: limits.requests_per_minute ?? null,
    tokens_per_minute: limits.tokens_per_minute ?? null,
  };
}
