import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { startsAt } from "./starts-at.ts";

describe("startsAt", () => {
  it("is startsWith's answer, at any position, for any texts", () => {
    const text = fc.string({ unit: fc.constantFrom("a", "b", "é", "😀", "\\", '"'), maxLength: 12 });
    fc.assert(
      fc.property(text, text, fc.integer({ min: -2, max: 14 }), (t, w, at) => {
        expect(startsAt(t, w, at)).toBe(t.startsWith(w, at));
      }),
      { numRuns: 20_000 },
    );
    expect(startsAt('{"type":"content_block_delta","index":0}', '{"type":"content_block_delta","index":')).toBe(true);
  });
});
