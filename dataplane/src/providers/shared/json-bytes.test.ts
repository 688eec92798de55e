import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arrayEndFrom, skipValue, topLevelMembersOfBytes, visitElements, visitMembers } from "./json-bytes.ts";
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

describe("reading inside a top-level value (MemberReader, visitMembers, visitElements, skipValue)", () => {
  /** Each element's and member's text as a visit sees it, or -1 where the walk refuses. */
  function walk(text: string): unknown {
    const bytes = Buffer.from(text);
    const seen: string[] = [];
    const skip = (start: number) => {
      const end = skipValue(bytes, start, DEEP);
      if (end >= 0) seen.push(bytes.toString("utf8", start, end));
      return end;
    };
    const end = bytes[0] === 0x5b ? visitElements(bytes, 0, skip) : visitMembers(bytes, 0, (key, start) => (seen.push(key), skip(start)));
    return end === bytes.length ? seen : end;
  }

  it("visits each element and member in order, a repeated key each time, and finds values it does not check", () => {
    expect(walk('[ 1 ,"a\\"]",{"b":[2]} , tru,[]]')).toEqual(["1", '"a\\"]"', '{"b":[2]}', "tru", "[]"]);
    expect(walk('{"k":1,"k" : "é✓","\\u006b":nope}')).toEqual(["k", "1", "k", '"é✓"', "k", "nope"]);
    expect(walk("[]")).toEqual([]);
    expect(walk("{ }")).toEqual([]);
  });

  it.each([["[1 2]"], ["[1,]"], ["[,1]"], ['{"a" 1}'], ['{"a":1,}'], ['{a:1}'], ['["x]'], ["[[}]"]])("refuses %s", (text) => {
    expect(walk(text)).toBe(-1);
  });

  it("skips a value no deeper than asked", () => {
    const bytes = Buffer.from("[[[]]]");
    expect(skipValue(bytes, 0, 3)).toBe(6);
    expect(skipValue(bytes, 0, 2)).toBe(-1);
  });

  it("lets a reader find a member's value, once, and refuse the body", () => {
    const bytes = Buffer.from('{"a":[1,2],"b":"x","c":3}');
    const calls: Array<[number, number]> = [];
    const reader = (start: number, depth: number) => {
      calls.push([start, depth]);
      return visitElements(bytes, start, (at) => skipValue(bytes, at, depth - 1));
    };
    expect(topLevelMembersOfBytes(bytes, 7, new Map([["a", reader]]))?.get("a")).toEqual({ valueStart: 5, valueEnd: 10 });
    expect(calls).toEqual([[5, 6]]);
    expect(topLevelMembersOfBytes(bytes, 7, new Map([["b", () => -1]]))).toBeUndefined();
    calls.length = 0;
    expect(topLevelMembersOfBytes(Buffer.from('{"a":[1],"a":[2]}'), 7, new Map([["a", (start: number) => (calls.push([start, 0]), start + 3)]]))).toBeUndefined();
    expect(calls).toHaveLength(1);
  });
});

describe("arrayEndFrom", () => {
  // arrays of the kind a conversation is, and broken ones: elements that are objects, arrays, strings with brackets
  // and escapes, non-ASCII, missing commas (which the nested scan does not look for), unclosed strings, stray closers
  const element = fc.oneof(
    fc.constantFrom('{"role":"user","content":"é✓ [x] {y} \\" \\\\"}', '{"a":[1,{"b":"]"}]}', "[[],[{}]]", '"]}"', "12", "{}", "[]"),
    fc.constantFrom('{"a":"x', "]", "}", "{", '{"a":1]', "[[[[[[[[", '"\\"'),
  );
  const arrayText = fc.record({ elements: fc.array(element, { maxLength: 8 }), sep: fc.constantFrom(",", ", ", "\n ", " "), close: fc.constantFrom("]", " ]", "", "}") }).map(({ elements, sep, close }) => `[${elements.join(sep)}${close}`);

  it("ends where a scan of the whole ends, resumed from any element's end it recorded, at any depth allowed", () => {
    fc.assert(
      fc.property(arrayText, fc.string({ unit: fc.constantFrom(" ", ",", '"x"') , maxLength: 2 }), fc.integer({ min: 1, max: 6 }), (text, after, maxDepth) => {
        const bytes = Buffer.from(`  ${text}${after}`);
        const whole = skipValue(bytes, 2, maxDepth);
        const points: number[] = [];
        expect(arrayEndFrom(bytes, 2, 2, maxDepth, points)).toBe(whole);
        for (const p of points) {
          const again: number[] = [];
          expect(arrayEndFrom(bytes, 2, 2 + p, maxDepth, again)).toBe(whole);
          // what a resumed scan records after its start is what the whole one recorded there
          expect(again).toEqual(points.filter((q) => q > p));
        }
      }),
      { numRuns: 3_000 },
    );
  });

  it("records the ends of the objects and arrays one level in, and refuses what is not an array", () => {
    const points: number[] = [];
    expect(arrayEndFrom(Buffer.from('[{"a":"}"},"s",[1],2]'), 0, 0, 4, points)).toBe(21);
    expect(points).toEqual([10, 18]);
    expect(arrayEndFrom(Buffer.from('{"a":1}'), 0, 0, 4)).toBe(-1);
    expect(arrayEndFrom(Buffer.from("[[1]]"), 0, 0, 1)).toBe(-1);
  });
});
