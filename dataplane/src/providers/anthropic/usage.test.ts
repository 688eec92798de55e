import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Usage } from "../types.ts";
import { AnthropicUsage, mergeUsage, parseAnthropicUsage } from "./usage.ts";

/** What the schema itself makes of a value: the reference the hand-written reader must match. */
function bySchema(raw: unknown): Usage | undefined {
  const parsed = AnthropicUsage.safeParse(raw);
  if (!parsed.success) return undefined;
  const u = parsed.data;
  const usage: Usage = {};
  const read = u.cache_read_input_tokens ?? undefined;
  const written = u.cache_creation_input_tokens ?? undefined;
  if (u.input_tokens !== undefined) usage.inputTokens = u.input_tokens + (read ?? 0) + (written ?? 0);
  if (u.output_tokens !== undefined) usage.outputTokens = u.output_tokens;
  if (read !== undefined) usage.cachedInputTokens = read;
  if (written !== undefined) usage.cacheWriteTokens = written;
  return usage;
}

const count = fc.oneof(
  fc.nat(),
  fc.integer({ min: -5, max: -1 }),
  fc.double(),
  fc.constant(2 ** 60),
  fc.constant(Number.NaN),
  fc.constant(Infinity),
  fc.string(),
  fc.constant(null),
  fc.constant(undefined),
  fc.boolean(),
);
const usageLike = fc.record(
  {
    input_tokens: count,
    output_tokens: count,
    cache_read_input_tokens: count,
    cache_creation_input_tokens: count,
    cache_creation: fc.oneof(fc.constant({ ephemeral_5m_input_tokens: 0 }), fc.constant(null)),
    service_tier: fc.constantFrom("standard", "priority"),
  },
  { requiredKeys: [] },
);

describe("parseAnthropicUsage", () => {
  it("reads the recorded shapes, cache reads and writes counted into the prompt", () => {
    // message_start of fixtures/anthropic/stream-text.sse.txt
    expect(
      parseAnthropicUsage({
        input_tokens: 20,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
        output_tokens: 1,
        service_tier: "standard",
      }),
    ).toEqual({ inputTokens: 20, outputTokens: 1, cachedInputTokens: 0, cacheWriteTokens: 0 });
    expect(parseAnthropicUsage({ input_tokens: 10, cache_read_input_tokens: 100, cache_creation_input_tokens: 5, output_tokens: 3 })).toEqual({
      inputTokens: 115,
      outputTokens: 3,
      cachedInputTokens: 100,
      cacheWriteTokens: 5,
    });
    expect(parseAnthropicUsage({ output_tokens: 9, cache_read_input_tokens: null })).toEqual({ outputTokens: 9 });
    for (const notUsage of [null, undefined, 7, "x", [], [1]]) expect(parseAnthropicUsage(notUsage)).toBeUndefined();
  });

  it("gives what the AnthropicUsage schema gives, for any usage-like value", () => {
    fc.assert(
      fc.property(fc.oneof(usageLike, fc.anything()), (raw) => {
        expect(parseAnthropicUsage(raw)).toEqual(bySchema(raw));
      }),
      { numRuns: 2_000 },
    );
  });
});

describe("mergeUsage", () => {
  it("keeps the prompt of message_start and takes message_delta's cumulative output", () => {
    const start = parseAnthropicUsage({ input_tokens: 20, cache_read_input_tokens: 4, output_tokens: 1 });
    const delta = parseAnthropicUsage({ output_tokens: 9 });
    expect(mergeUsage(start, delta)).toEqual({ inputTokens: 24, cachedInputTokens: 4, outputTokens: 9 });
    expect(mergeUsage(undefined, delta)).toEqual({ outputTokens: 9 });
    expect(mergeUsage(start, undefined)).toBe(start);
  });

  it("lets a later report's counts replace the earlier ones, never with undefined", () => {
    const earlier: Usage = { inputTokens: 5, outputTokens: 1 };
    expect(mergeUsage(earlier, { inputTokens: 7, outputTokens: undefined })).toEqual({ inputTokens: 7, outputTokens: 1 });
    expect(earlier).toEqual({ inputTokens: 5, outputTokens: 1 });
  });
});
