import type { SqlNumber } from "./schema.ts";

/**
 * Converts an int8/numeric value from either driver to a JS number. Money and counts stay far below 2^53; a value
 * that does not is a corrupted row, and failing loudly beats silently rounding money.
 */
export function toInt(value: SqlNumber | null | undefined): number {
  if (value === null || value === undefined) return 0;
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`database returned a non-integer or unsafe integer: ${String(value)}`);
  return n;
}

/** Like toInt, but keeps SQL NULL (for usage counts, where null means "not reported", not 0). */
export function toIntOrNull(value: SqlNumber | null | undefined): number | null {
  return value === null || value === undefined ? null : toInt(value);
}
