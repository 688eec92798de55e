import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ChatContext, Usage } from "../types.ts";
import { deltaEvent, openAIUsage, openAIUsageJson, usageEvent, type FinishReason } from "./openai-wire.ts";

/** The chunk as an object, serialised whole: what deltaEvent must write, byte for byte. */
function expected(ctx: ChatContext, delta: Record<string, unknown>, finish: FinishReason | null): string {
  const chunk = { id: `chatcmpl-${ctx.requestId}`, object: "chat.completion.chunk", created: ctx.createdSec, model: ctx.model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] };
  return `data: ${JSON.stringify(chunk)}`;
}

const finish = fc.constantFrom<FinishReason | null>(null, "stop", "length", "tool_calls", "content_filter");
const delta = fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 });

describe("deltaEvent", () => {
  it("writes JSON.stringify of the whole chunk, for any delta, finish reason and context", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }), fc.integer({ min: 0, max: 2 ** 40 }), fc.array(fc.tuple(delta, finish), { maxLength: 4 }), (model, requestId, createdSec, events) => {
        const ctx: ChatContext = { model, requestId, createdSec, clientWantsUsage: false, priceMicros: () => 0 };
        // the same context again and again, as a stream uses it
        for (const [d, f] of events) expect(deltaEvent(ctx, d, f)).toBe(expected(ctx, d, f));
      }),
      { numRuns: 2_000 },
    );
  });

  it("names each stream by its own context", () => {
    const a: ChatContext = { model: "m/a", requestId: "r1", createdSec: 1, clientWantsUsage: false, priceMicros: () => 0 };
    const b: ChatContext = { ...a, model: 'm/"b"', requestId: "r2" };
    expect(JSON.parse(deltaEvent(a, {}).slice(6))).toMatchObject({ id: "chatcmpl-r1", model: "m/a" });
    expect(JSON.parse(deltaEvent(b, { content: "x" }, "stop").slice(6))).toMatchObject({ id: "chatcmpl-r2", model: 'm/"b"', choices: [{ delta: { content: "x" }, finish_reason: "stop" }] });
  });
});

// any number a usage could hold, and the ones JSON writes otherwise than `${n}` would (null, -0)
const count = fc.oneof(fc.nat(), fc.integer({ min: -5, max: 2 ** 53 }), fc.double(), fc.constantFrom(Number.NaN, Infinity, -0, 1e21, 1.5e-7));
const usage: fc.Arbitrary<Usage> = fc.record(
  { inputTokens: count, outputTokens: count, cachedInputTokens: count, cacheWriteTokens: count, reasoningTokens: count, audioSeconds: count },
  { requiredKeys: [] },
);

describe("the usage as JSON", () => {
  it("openAIUsageJson writes JSON.stringify of openAIUsage, with cost_micros last when given", () => {
    fc.assert(
      fc.property(usage, fc.option(count, { nil: undefined }), (u, cost) => {
        expect(openAIUsageJson(u)).toBe(JSON.stringify(openAIUsage(u)));
        expect(openAIUsageJson(u, cost)).toBe(JSON.stringify(cost === undefined ? openAIUsage(u) : { ...openAIUsage(u), cost_micros: cost }));
      }),
      { numRuns: 5_000 },
    );
  });

  it("usageEvent writes JSON.stringify of the whole usage chunk, priced by the context", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }), fc.integer({ min: 0, max: 2 ** 40 }), usage, count, (model, requestId, createdSec, u, cost) => {
        const ctx: ChatContext = { model, requestId, createdSec, clientWantsUsage: true, priceMicros: (v) => (v === u ? cost : Number.NaN) };
        const chunk = { id: `chatcmpl-${requestId}`, object: "chat.completion.chunk", created: createdSec, model, choices: [], usage: { ...openAIUsage(u), cost_micros: cost } };
        // after a delta, as in a stream (the chunk head is kept per context)
        deltaEvent(ctx, {});
        expect(usageEvent(ctx, u)).toBe(`data: ${JSON.stringify(chunk)}`);
      }),
      { numRuns: 2_000 },
    );
  });
});
