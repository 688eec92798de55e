import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Usage } from "../types.ts";
import { OpenAIUsage, parseOpenAIUsage } from "./usage.ts";

/** What the schema itself makes of a value: the reference the hand-written reader must match. */
function bySchema(raw: unknown): Usage | undefined {
  const parsed = OpenAIUsage.safeParse(raw);
  if (!parsed.success) return undefined;
  const u = parsed.data;
  const usage: Usage = {};
  if (u.prompt_tokens !== undefined) usage.inputTokens = u.prompt_tokens;
  if (u.completion_tokens !== undefined) usage.outputTokens = u.completion_tokens;
  if (u.prompt_tokens_details?.cached_tokens !== undefined) usage.cachedInputTokens = u.prompt_tokens_details.cached_tokens;
  if (u.prompt_tokens_details?.cache_write_tokens !== undefined) usage.cacheWriteTokens = u.prompt_tokens_details.cache_write_tokens;
  if (u.completion_tokens_details?.reasoning_tokens !== undefined) usage.reasoningTokens = u.completion_tokens_details.reasoning_tokens;
  return usage;
}

const count = fc.oneof(fc.nat(), fc.integer({ min: -5, max: -1 }), fc.double(), fc.constant(Number.NaN), fc.constant(Infinity), fc.string(), fc.constant(null), fc.constant(undefined), fc.boolean());
const details = (keys: string[]) => fc.oneof(fc.dictionary(fc.constantFrom(...keys, "other"), count), fc.constant(null), fc.constant(undefined), fc.string(), fc.array(count), fc.nat());
const usageLike = fc.record(
  {
    prompt_tokens: count,
    completion_tokens: count,
    total_tokens: count,
    prompt_tokens_details: details(["cached_tokens", "cache_write_tokens"]),
    completion_tokens_details: details(["reasoning_tokens"]),
  },
  { requiredKeys: [] },
);

describe("parseOpenAIUsage", () => {
  it("reads the recorded shapes", () => {
    expect(parseOpenAIUsage({ prompt_tokens: 78, completion_tokens: 9, total_tokens: 87, prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 }, completion_tokens_details: { reasoning_tokens: 0 } })).toEqual({
      inputTokens: 78,
      outputTokens: 9,
      cachedInputTokens: 0,
      reasoningTokens: 0,
    });
    expect(parseOpenAIUsage({ prompt_tokens: 5, completion_tokens: 2 })).toEqual({ inputTokens: 5, outputTokens: 2 });
    expect(parseOpenAIUsage({ prompt_tokens: 5, prompt_tokens_details: { cached_tokens: 3, cache_write_tokens: 2 } })).toEqual({ inputTokens: 5, cachedInputTokens: 3, cacheWriteTokens: 2 });
    for (const notUsage of [null, undefined, 7, "x", [], [1]]) expect(parseOpenAIUsage(notUsage)).toBeUndefined();
  });

  it("gives what the OpenAIUsage schema gives, for any usage-like value", () => {
    fc.assert(
      fc.property(fc.oneof(usageLike, fc.anything()), (raw) => {
        expect(parseOpenAIUsage(raw)).toEqual(bySchema(raw));
      }),
      { numRuns: 2_000 },
    );
  });
});
