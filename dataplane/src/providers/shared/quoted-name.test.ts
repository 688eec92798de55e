import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { quotedNameAt } from "./quoted-name.ts";

// texts made of the pieces that can confuse a search from the name's end: the name with and without its quotes,
// a quote alone, a backslash, the name's start repeated, and the name at the very start of the text
const piece = (name: string) => fc.constantFrom(`"${name}"`, `${name}"`, `"${name}`, name, '"', '\\"', "\\", ":", "x", name.slice(0, 2), `${name}${name}"`);

describe("quotedNameAt", () => {
  it.each(["model", "usage", "content_block_delta", "message_stop"])("is indexOf('\"%s\"') for any text", (name) => {
    fc.assert(
      fc.property(fc.array(piece(name), { maxLength: 12 }), (parts) => {
        const text = parts.join("");
        expect(quotedNameAt(text, name)).toBe(text.indexOf(`"${name}"`));
      }),
      { numRuns: 3_000 },
    );
  });

  it("finds the first of several, and none in a name without its opening quote", () => {
    expect(quotedNameAt('{"model":"a","x":{"model":"b"}}', "model")).toBe(1);
    expect(quotedNameAt('model":1,"model":2', "model")).toBe(9);
    expect(quotedNameAt('model"', "model")).toBe(-1);
    expect(quotedNameAt('{"models":1}', "model")).toBe(-1);
  });
});
