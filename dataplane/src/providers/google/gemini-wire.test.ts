import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GeminiErrorEnvelope, GeminiResponse, mayBeErrorEnvelope, readGeminiResponse } from "./gemini-wire.ts";
import { UsageMetadata, parseGeminiUsage } from "./usage.ts";

describe("mayBeErrorEnvelope", () => {
  it("is true for every value GeminiErrorEnvelope accepts", () => {
    const member = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant(undefined), fc.record({ code: fc.jsonValue(), message: fc.jsonValue(), status: fc.jsonValue() }, { requiredKeys: [] }));
    const value = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.record({ error: member, candidates: fc.jsonValue({ maxDepth: 1 }) }, { requiredKeys: [] }), fc.constant(Object.assign([], { error: { message: "x" } })));
    let accepted = 0;
    fc.assert(
      fc.property(value, (v) => {
        if (GeminiErrorEnvelope.safeParse(v).success) {
          accepted++;
          expect(mayBeErrorEnvelope(v)).toBe(true);
        }
      }),
      { numRuns: 5_000 },
    );
    // the property was tried on envelopes, not only on what the schema refuses
    expect(accepted).toBeGreaterThan(100);
  });

  it("is false for an ordinary stream event", () => {
    expect(mayBeErrorEnvelope({ candidates: [{ content: { parts: [{ text: "Hi" }] } }] })).toBe(false);
    expect(mayBeErrorEnvelope({ error: { code: 429, message: "quota", status: "RESOURCE_EXHAUSTED" } })).toBe(true);
  });
});

// values at each edge the schemas draw: strings and not, booleans and not, numbers finite and not, integers and
// not, undefined against null, objects against arrays and null
const scalar = fc.oneof(fc.constantFrom<unknown>(0, -1, 3, 1.5, -0, 2 ** 53, Number.NaN, Infinity, "", "STOP", "a", true, false, null, undefined), fc.string({ maxLength: 3 }));
const arrayLike = (fields: Record<string, unknown>): unknown[] => Object.assign([], fields);
const anything = fc.oneof(scalar, fc.constant({}), fc.constant([]), fc.constant(arrayLike({ text: "a" })));
// mostly what Gemini sends, each member sometimes at an edge, so that most responses reach the deepest checks
const edge = fc.oneof(fc.constantFrom<unknown>(null, undefined), anything);
const mostly = <T,>(valid: fc.Arbitrary<T>, other: fc.Arbitrary<unknown> = edge): fc.Arbitrary<unknown> => fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: other });
const str = mostly(fc.constantFrom("STOP", "read", "a"));
const call = mostly(fc.record({ name: str, args: mostly(fc.constant({ a: 1 }), fc.oneof(edge, fc.constant(arrayLike({ a: 1 })))), id: scalar }, { requiredKeys: [] }));
const part = mostly(fc.record({ text: str, thought: mostly(fc.boolean()), thoughtSignature: str, functionCall: call, inlineData: anything }, { requiredKeys: [] }));
const content = mostly(fc.record({ parts: mostly(fc.array(part, { maxLength: 3 })), role: str }, { requiredKeys: [] }));
const candidate = mostly(fc.record({ content, finishReason: str, index: mostly(fc.nat()), safetyRatings: anything }, { requiredKeys: [] }));
const response = mostly(
  fc.record(
    {
      candidates: mostly(fc.array(candidate, { maxLength: 2 })),
      promptFeedback: mostly(fc.record({ blockReason: str, blockReasonMessage: str }, { requiredKeys: [] })),
      usageMetadata: anything,
      modelVersion: str,
      responseId: str,
    },
    { requiredKeys: [] },
  ),
);

/** JSON.parse makes no array with named members: zod's copy drops them, the reader (which copies nothing) keeps them. */
const byIndex = (v: unknown): unknown =>
  Array.isArray(v) ? Array.from(v, byIndex) : typeof v === "object" && v !== null ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, byIndex(x)])) : v;

describe("the hand-read Gemini responses agree with their schemas", () => {
  it("readGeminiResponse is GeminiResponse's verdict and fields", () => {
    let accepted = 0;
    fc.assert(
      fc.property(response, (json) => {
        const z = GeminiResponse.safeParse(json);
        const mine = readGeminiResponse(json);
        expect(mine !== undefined).toBe(z.success);
        if (z.success) {
          accepted++;
          expect(byIndex(mine)).toEqual(byIndex(z.data));
        }
      }),
      { numRuns: 20_000 },
    );
    // the property ran on responses the schema takes, not only on refusals
    expect(accepted).toBeGreaterThan(1_000);
  });

  it("parseGeminiUsage reads what UsageMetadata reads", () => {
    const tokens = fc.oneof(fc.nat(), scalar);
    const usage = fc.oneof(anything, fc.record({ promptTokenCount: tokens, cachedContentTokenCount: tokens, candidatesTokenCount: tokens, toolUsePromptTokenCount: tokens, thoughtsTokenCount: tokens, totalTokenCount: tokens, trafficType: scalar }, { requiredKeys: [] }));
    let reported = 0;
    fc.assert(
      fc.property(usage, (raw) => {
        const z = UsageMetadata.safeParse(raw);
        const u = z.success ? z.data : undefined;
        const expected =
          u?.promptTokenCount === undefined
            ? undefined
            : {
                inputTokens: u.promptTokenCount + (u.toolUsePromptTokenCount ?? 0),
                outputTokens: (u.candidatesTokenCount ?? 0) + (u.thoughtsTokenCount ?? 0),
                cachedInputTokens: u.cachedContentTokenCount ?? 0,
                reasoningTokens: u.thoughtsTokenCount ?? 0,
              };
        if (expected !== undefined) reported++;
        expect(parseGeminiUsage(raw)).toEqual(expected);
      }),
      { numRuns: 10_000 },
    );
    expect(reported).toBeGreaterThan(500);
  });
});
