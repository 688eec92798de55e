import { z } from "zod";
import { parseDecimalMicros, tryParseDecimalMicros } from "./decimal.ts";
import { RATE_UNITS, SURCHARGED_PARAMETERS, type SurchargedParameter } from "./vocab.ts";

function decimalString(missing: string) {
  return z
    .string({
      error: (iss) =>
        iss.input === undefined
          ? missing
          : typeof iss.input === "number"
            ? `must be a quoted decimal string such as "2.50", not the YAML number ${iss.input} (a number loses trailing zeros and is rounded in binary)`
            : `must be a quoted decimal string such as "2.50"`,
    })
    .superRefine((s, ctx) => {
      const r = tryParseDecimalMicros(s);
      if (!r.ok) ctx.addIssue({ code: "custom", message: r.reason });
    });
}

const TOKEN_ONLY = ["cached_input", "cache_write"] as const;

/**
 * Rates as written (USD decimal strings per unit) → integer micro-USD per unit, keeping the written
 * string for display so the rate table prints exactly what the data says.
 */
export const ratesSchema = z
  .strictObject({
    unit: z.enum(RATE_UNITS),
    input: decimalString("is required"),
    output: decimalString("is required (write null where output is not billed)").nullable(),
    cached_input: decimalString("is required").optional(),
    cache_write: decimalString("is required").optional(),
    /**
     * What each surcharged parameter adds per unit (per minute of audio) when a request enables it. Billed, never
     * published (SPEC 8); which models may carry them is a rule of consistency.ts.
     */
    surcharges: z.partialRecord(z.enum(SURCHARGED_PARAMETERS), decimalString("is required")).optional(),
  })
  .superRefine((r, ctx) => {
    for (const field of TOKEN_ONLY) {
      if (r[field] !== undefined && r.unit !== "mtok") {
        ctx.addIssue({ code: "custom", path: [field], message: `applies only to token rates (unit mtok), not unit ${r.unit}` });
      }
    }
  })
  .transform((r) => ({
    unit: r.unit,
    input_micros: parseDecimalMicros(r.input),
    output_micros: r.output === null ? null : parseDecimalMicros(r.output),
    cached_input_micros: r.cached_input === undefined ? null : parseDecimalMicros(r.cached_input),
    cache_write_micros: r.cache_write === undefined ? null : parseDecimalMicros(r.cache_write),
    surcharge_micros: surchargeMicros(r.surcharges ?? {}),
    input_display: r.input,
    output_display: r.output,
    cached_input_display: r.cached_input ?? null,
    cache_write_display: r.cache_write ?? null,
  }));

export type Rates = z.output<typeof ratesSchema>;

function surchargeMicros(written: Partial<Record<SurchargedParameter, string>>): Partial<Record<SurchargedParameter, number>> {
  const out: Partial<Record<SurchargedParameter, number>> = {};
  for (const p of SURCHARGED_PARAMETERS) {
    const rate = written[p];
    if (rate !== undefined) out[p] = parseDecimalMicros(rate);
  }
  return out;
}
