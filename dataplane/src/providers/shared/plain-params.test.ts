import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Params as AnthropicParams } from "../anthropic/request.ts";
import { Params as GeminiParams } from "../google/generation.ts";
import { GatewayError } from "../../errors.ts";
import { paramShape, paramsPlainlyValid, refuseUnsupported, type ParamKind, type RefusedParam } from "./plain-params.ts";

const KINDS = { a: "positiveInt", b: "int", c: "number", d: "string", e: "stop", f: "effort" } as const satisfies Record<string, ParamKind>;
const Schema = z.looseObject(paramShape(KINDS));

// values at each edge the schemas draw: integers and not (unsafe, fractional, zero, negative), numbers JSON cannot
// carry, strings and not, arrays of strings and not, the enum's members and near misses, null against undefined
const value = fc.oneof(
  fc.constantFrom(0, 1, -1, 7, 1.5, -0, 2 ** 53, 2 ** 53 - 1, -(2 ** 53), 1e300, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
  fc.constantFrom("", "1", "low", "xhigh", "LOW", "none", "maximal", null, undefined, true, false),
  fc.constantFrom([], ["a"], ["a", ""], ["a", 1], [null], {}, { low: 1 }),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 3 }),
  fc.array(fc.oneof(fc.string({ maxLength: 2 }), fc.integer()), { maxLength: 3 }),
);
const body = fc.record({ a: value, b: value, c: value, d: value, e: value, f: value, other: value }, { requiredKeys: [] });

describe("the parameters' hand check", () => {
  it("passes only bodies the schema accepts, reading the same values", () => {
    fc.assert(
      fc.property(body, (b) => {
        if (!paramsPlainlyValid(b, KINDS)) return;
        const parsed = Schema.safeParse(b);
        expect(parsed.success).toBe(true);
        for (const k of Object.keys(KINDS)) expect(parsed.data?.[k as keyof typeof KINDS]).toEqual(b[k as keyof typeof b]);
      }),
      { numRuns: 5000 },
    );
  });

  it("passes the values real clients send, so the schema is left for the rest", () => {
    const plain = { a: 1024, b: -3, c: 0.7, d: "user-1", e: ["\n\n", "END"], f: "high", other: { anything: true } };
    expect(paramsPlainlyValid(plain, KINDS)).toBe(true);
    expect(paramsPlainlyValid({ a: null, b: null, c: null, d: null, e: "stop", f: null }, KINDS)).toBe(true);
    expect(paramsPlainlyValid({}, KINDS)).toBe(true);
    for (const bad of [{ a: 0 }, { a: 1.5 }, { b: "1" }, { c: "0.5" }, { d: 1 }, { e: ["a", 1] }, { f: "maximal" }]) {
      expect(paramsPlainlyValid(bad, KINDS)).toBe(false);
      expect(Schema.safeParse(bad).success).toBe(false);
    }
  });

  it("gives each adapter's parameters the kinds OpenAI documents for them", () => {
    const anthropic = { model: "m", messages: [], max_completion_tokens: 256, temperature: 0.2, top_p: 1, stop: "x", user: "u", safety_identifier: "s", reasoning_effort: "low" };
    const gemini = { model: "m", messages: [], max_tokens: 256, temperature: 1, presence_penalty: -0.5, frequency_penalty: 0, stop: ["a"], n: 1, seed: -7, reasoning_effort: "none" };
    expect(AnthropicParams.safeParse(anthropic).data).toEqual(anthropic);
    expect(GeminiParams.safeParse(gemini).data).toEqual(gemini);
    // one value of the wrong kind for each field of each table
    const wrong = { max_tokens: 0, max_completion_tokens: 2.5, temperature: "1", top_p: true, stop: [1], user: 1, safety_identifier: [], reasoning_effort: "maximal", presence_penalty: "0", frequency_penalty: null, n: 0, seed: 1.5 };
    for (const [schema, body] of [[AnthropicParams, anthropic], [GeminiParams, gemini]] as const) {
      for (const field of Object.keys(body)) {
        if (field === "model" || field === "messages") continue;
        const value = wrong[field as keyof typeof wrong];
        expect(schema.safeParse({ ...body, [field]: value }).success, `${field}: ${JSON.stringify(value)}`).toBe(value === null);
      }
    }
  });
});

describe("refuseUnsupported", () => {
  const calls: unknown[] = [];
  const REFUSED: RefusedParam[] = [
    ["n", (v) => (calls.push(v), typeof v === "number" && v > 1), "One choice only."],
    ["audio", (v) => (calls.push(v), true), "No audio."],
  ];

  it("does not ask about a field the body leaves absent or null", () => {
    calls.length = 0;
    refuseUnsupported({ n: null, model: "m" }, REFUSED);
    expect(calls).toEqual([]);
  });

  it("refuses the first field set to a value that changes the answer, naming it", () => {
    calls.length = 0;
    refuseUnsupported({ n: 1 }, REFUSED);
    expect(calls).toEqual([1]);
    let err: unknown;
    try {
      refuseUnsupported({ n: 2, audio: {} }, REFUSED);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(GatewayError);
    expect((err as GatewayError).message).toBe("`n` is not supported for this model. One choice only.");
    expect((err as GatewayError).param).toBe("n");
  });
});
