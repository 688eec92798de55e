import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GeminiErrorEnvelope, mayBeErrorEnvelope } from "./gemini-wire.ts";

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
