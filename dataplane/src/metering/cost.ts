import type { Model } from "../../../catalog/src/index.ts";
import type { Usage } from "../providers/types.ts";

const PER_MTOK = 1_000_000;

/**
 * The one rounding rule: a request's cost is the exact sum of its parts in micro-USD × 10^-6 (rates are integer
 * micro-USD per million tokens), rounded UP once to a whole micro-USD. Never rounded per part, never down, so the
 * ledger is never short of the provider's bill by more than one micro-USD per request.
 * Cached reads and cache writes are billed at their own rates where the model has them, else at the input rate.
 * Duration-priced models bill audio seconds at their per-minute rate plus the surcharge of each surcharged
 * parameter the call enabled; credit-priced ones the provider's credits.
 */
export function costMicros(model: Model, usage: Usage): number {
  const r = model.rates;
  // per minute of audio: whole milliseconds × (rate + surcharges) per minute, in integers, rounded up once
  if (r.unit === "minute") return Math.ceil((Math.round((usage.audioSeconds ?? 0) * 1000) * perMinuteMicros(model, usage)) / 60_000);
  // per provider credit (may be fractional as the provider reports it): millionths of a credit, in integers
  if (r.unit === "credit") return Math.ceil((Math.round((usage.credits ?? 0) * 1e6) * r.input_micros) / 1e6);
  const input = usage.inputTokens ?? 0;
  const cached = Math.min(usage.cachedInputTokens ?? 0, input);
  const written = Math.min(usage.cacheWriteTokens ?? 0, input - cached);
  const plain = input - cached - written;
  const scaled =
    plain * r.input_micros +
    cached * (r.cached_input_micros ?? r.input_micros) +
    written * (r.cache_write_micros ?? r.input_micros) +
    (usage.outputTokens ?? 0) * (r.output_micros ?? 0);
  return Math.ceil(scaled / PER_MTOK);
}

/** The minute rate with the surcharges of the parameters the call enabled, each counted once. */
function perMinuteMicros(model: Model, usage: Usage): number {
  let rate = model.rates.input_micros;
  for (const p of new Set(usage.surcharges ?? [])) rate += model.rates.surcharge_micros[p] ?? 0;
  return rate;
}

/**
 * Worst case for admission: every prompt byte a token at worst would over-reserve wildly; a token is at least
 * ~3 bytes of JSON-wrapped text in practice, so prompt bytes / 3 bounds the prompt from above for text, and
 * the output is the client's cap or the model's maximum output.
 */
export function worstCaseMicros(model: Model, promptBytes: number, maxOutputTokens: number): number {
  return costMicros(model, { inputTokens: Math.ceil(promptBytes / 3), outputTokens: maxOutputTokens });
}
