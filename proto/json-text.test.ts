import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonNumber, jsonString } from "./json-text.ts";

describe("jsonString and jsonNumber", () => {
  it("give JSON text that reads back as the value, for any string", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: "grapheme" }), fc.string({ unit: "binary" })), (s) => {
        const text = jsonString(s);
        // JSON.stringify's own text: lone surrogates escaped, so the line stays well-formed UTF-8
        return JSON.parse(text) === s && text === JSON.stringify(s);
      }),
      { numRuns: 500 },
    );
  });

  it("write a number as pino does, null when it is not finite", () => {
    for (const n of [0, -0, 1, -7, 0.1, 1e21, 1e-7, Number.MAX_SAFE_INTEGER]) expect(jsonNumber(n)).toBe(JSON.stringify(n));
    for (const n of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) expect(jsonNumber(n)).toBe("null");
  });
});
