import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mayBeJsonString, mayBeJsonText } from "./json-start.ts";

/** `written` is a JSON string (quotes included): the verdict read off its bytes, and the one of the text it holds. */
const fromBytes = (written: string) => mayBeJsonString(Buffer.from(written), { valueStart: 0, valueEnd: Buffer.byteLength(written) });
const fromText = (written: string) => mayBeJsonText(JSON.parse(written) as string);
const parses = (written: string) => {
  try {
    JSON.parse(JSON.parse(written) as string);
    return true;
  } catch {
    return false;
  }
};

// whitespace and the starts of JSON values and of texts that are not, in the ways a JSON string may write them
const piece = fc.constantFrom(" ", "\\n", "\\t", "\\r", "\\u0020", "\\u000A", "\\u000d", "\\u0009", "\\u00a0", "\\u2192", "→", "1", "0", "-", "+", ".", "e", "E", "9", "{}", "[1]", '\\"x\\"', "\\u007b}", "true", "fals", "null", "nul", "x", "\\/", "\\\\", "\\b", "\\f", "\ufeff");

describe("mayBeJsonText and mayBeJsonString: whether a text may be JSON, from its first characters", () => {
  it("never say a text cannot be JSON when JSON.parse reads it, for any generated text, and agree on what they refuse", () => {
    let parsed = 0;
    let refused = 0;
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const written = `"${pieces.join("")}"`;
        const bytes = fromBytes(written);
        const text = fromText(written);
        if (parses(written)) {
          parsed++;
          expect([bytes, text]).toEqual([true, true]);
        } else if (!text) refused++;
        // the bytes' verdict is the text's, but that an escape it cannot read as whitespace may start a JSON text
        if (!bytes) expect(text).toBe(false);
      }),
      { numRuns: 20_000 },
    );
    // both sides of the verdict were met
    expect(parsed).toBeGreaterThan(500);
    expect(refused).toBeGreaterThan(5_000);
  });

  it("say a file read with line numbers, a sentence or whitespace alone cannot be JSON, and a JSON text may be", () => {
    for (const no of ['"     1→import"', '"  12  x"', '"Error: not found"', '"\\u0020\\n  "', '""', '"1\\u2192"', '"0 1"']) {
      expect([no, fromBytes(no), fromText(no)]).toEqual([no, false, false]);
    }
    for (const yes of ['"{\\"a\\":1}"', '" \\n [1]"', '"\\u0020 42 \\u000A"', '"-1e5"', '"true"', '"\\"x\\""', '"\\u007b}"']) {
      expect([yes, fromBytes(yes), fromText(yes)]).toEqual([yes, true, true]);
    }
    // an escape other than whitespace's is not decoded: it may be a quote or a brace
    expect([fromBytes('"\\u00a0[]"'), fromText('"\\u00a0[]"')]).toEqual([true, false]);
  });
});
