import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { topLevelMembersOfBytes } from "./json-bytes.ts";
import { mangled, objectCase, objectText } from "./json-cases.test-helper.ts";
import { topLevelMembers, type MemberSpan } from "./json-top-level.ts";

const DEEP = 1_000;

/** The text scan's members, their offsets turned into the UTF-8 bytes' offsets. */
function textScanInBytes(text: string): Map<string, MemberSpan> | undefined {
  const found = topLevelMembers(text, { unique: true });
  if (found === undefined) return undefined;
  const bytesBefore = (i: number) => Buffer.byteLength(text.slice(0, i));
  return new Map([...found].map(([k, s]) => [k, { valueStart: bytesBefore(s.valueStart), valueEnd: bytesBefore(s.valueEnd) }]));
}

describe("topLevelMembersOfBytes", () => {
  it("gives each member's byte offsets, non-ASCII text and escapes on either side", () => {
    const text = '{"système":"é✓😀","model" : "claude",\n"n":-1.5e3, "t":true,"m":[{"a":"]\\"}"}],"k\\u00e9":null}';
    const bytes = Buffer.from(text);
    const found = topLevelMembersOfBytes(bytes, DEEP);
    const values = Object.fromEntries([...(found ?? [])].map(([k, s]) => [k, bytes.toString("utf8", s.valueStart, s.valueEnd)]));
    expect(values).toEqual({ système: '"é✓😀"', model: '"claude"', n: "-1.5e3", t: "true", m: '[{"a":"]\\"}"}]', ké: "null" });
  });

  it.each([
    ["an empty object", "{}", 0],
    ["an empty object in whitespace", " \n{ }\t", 0],
  ])("reads %s", (_, text, size) => {
    expect(topLevelMembersOfBytes(Buffer.from(text), DEEP)?.size).toBe(size);
  });

  it.each([
    ["a repeated key", '{"a":1,"a":2}'],
    ["a repeated key, once escaped", '{"a":1,"\\u0061":2}'],
    ["an array", "[1]"],
    ["a trailing comma", '{"a":1,}'],
    ["a bad number", '{"a":01}'],
    ["a bad literal", '{"a":tru}'],
    ["an unclosed string", '{"a":"x}'],
    ["brackets that do not pair", '{"a":[}'],
    ["a second value", '{"a":1} {}'],
    ["a key that does not decode", '{"\\x":1}'],
    ["nothing", ""],
  ])("refuses %s", (_, text) => {
    expect(topLevelMembersOfBytes(Buffer.from(text), DEEP)).toBeUndefined();
  });

  it("refuses values nested deeper than asked, the object counting as one level", () => {
    const nested = (levels: number) => Buffer.from(`{"a":${"[".repeat(levels - 1)}${"]".repeat(levels - 1)}}`);
    expect(topLevelMembersOfBytes(nested(128), 128)?.size).toBe(1);
    expect(topLevelMembersOfBytes(nested(129), 128)).toBeUndefined();
    expect(topLevelMembersOfBytes(nested(5000), 5000)?.size).toBe(1);
  });

  it("finds what the text scan finds, at the same places in the bytes, for any generated object", () => {
    fc.assert(
      fc.property(objectCase, ({ members, space, outer }) => {
        const bytes = Buffer.from(objectText(members, space, outer));
        expect(topLevelMembersOfBytes(bytes, DEEP)).toEqual(textScanInBytes(bytes.toString("utf8")));
      }),
      { numRuns: 500 },
    );
  });

  it("accepts and refuses what the text scan does, near-valid and arbitrary texts", () => {
    fc.assert(
      fc.property(mangled, (text) => {
        const bytes = Buffer.from(text);
        expect(topLevelMembersOfBytes(bytes, DEEP)).toEqual(textScanInBytes(bytes.toString("utf8")));
      }),
      { numRuns: 2000 },
    );
  });
});
