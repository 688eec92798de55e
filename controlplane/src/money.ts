/** Micro-USD per USD. */
export const MICROS_PER_USD = 1_000_000;

/**
 * Parses a decimal USD amount ("25", "12.50", "$0.000001", "-3") to integer micro-USD without floating point.
 * More than six decimals is refused unless the extra digits are zeros (it could not be represented exactly).
 * Throws RangeError with a message fit for an operator.
 */
export function parseUsdToMicros(text: string): number {
  const m = /^\s*(-)?\$?(\d*)(?:\.(\d*))?\s*$/.exec(text);
  const whole = m?.[2] ?? "";
  const frac = m?.[3] ?? "";
  if (!m || (whole === "" && frac === "")) throw new RangeError(`not an amount: ${JSON.stringify(text)} (write it like 25 or 12.50)`);
  if (frac.length > 6 && !/^0+$/.test(frac.slice(6))) {
    throw new RangeError(`${text.trim()} has more than 6 decimals; the smallest unit is 0.000001`);
  }
  const micros = BigInt(whole || "0") * 1_000_000n + BigInt((frac.slice(0, 6) || "0").padEnd(6, "0"));
  const signed = m[1] ? -micros : micros;
  if (signed > BigInt(Number.MAX_SAFE_INTEGER) || signed < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`${text.trim()} is too large`);
  }
  // Number(-0n) is 0, so "-0" comes out as plain 0.
  return Number(signed);
}

/** Formats micro-USD as "$12.50" / "-$0.000001": at least 2 decimals, at most 6, exact. */
export function formatMicrosAsUsd(micros: number): string {
  const sign = micros < 0 ? "-" : "";
  const abs = BigInt(Math.abs(micros));
  const whole = abs / 1_000_000n;
  const frac = (abs % 1_000_000n).toString().padStart(6, "0").replace(/0{1,4}$/, "");
  return `${sign}$${whole}.${frac.padEnd(2, "0")}`;
}
