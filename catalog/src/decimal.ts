/**
 * Exact decimal-string → integer micro-units. Rates are written in the catalog as decimal strings
 * because a float cannot hold 0.003625 exactly, and billing must never depend on binary rounding.
 */

const MICRO_DIGITS = 6;
// Plain non-negative decimal: no sign, no exponent, no leading zeros, at least one digit each side of a dot.
const DECIMAL = /^(0|[1-9][0-9]*)(?:\.([0-9]+))?$/;

/** Returns the integer micro-units of `s`, or the reason `s` is not an acceptable rate. Never throws. */
export function tryParseDecimalMicros(s: string): { ok: true; micros: number } | { ok: false; reason: string } {
  const m = DECIMAL.exec(s);
  if (m === null) {
    return { ok: false, reason: `"${s}" is not a plain non-negative decimal such as "2.50" (no sign, exponent, spaces or leading zeros)` };
  }
  const whole = m[1] ?? "0";
  const fraction = m[2] ?? "";
  if (fraction.length > MICRO_DIGITS) {
    return { ok: false, reason: `"${s}" has ${fraction.length} decimal places; at most ${MICRO_DIGITS} fit in integer micro-units` };
  }
  // BigInt keeps the arithmetic exact until the final range check.
  const micros = BigInt(whole) * 10n ** BigInt(MICRO_DIGITS) + BigInt(fraction.padEnd(MICRO_DIGITS, "0"));
  if (micros > BigInt(Number.MAX_SAFE_INTEGER)) {
    return { ok: false, reason: `"${s}" is too large to be held exactly in micro-units` };
  }
  return { ok: true, micros: Number(micros) };
}

/** `"2.50"` → 2_500_000, `"0.003625"` → 3625. Throws RangeError on anything else. */
export function parseDecimalMicros(s: string): number {
  const r = tryParseDecimalMicros(s);
  if (!r.ok) throw new RangeError(r.reason);
  return r.micros;
}
