import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { topLevelMembersOfBytes } from "./json-bytes.ts";
import { indent, key, mangled, objectCase, objectText } from "./json-cases.test-helper.ts";
import { bodyText } from "./json-pieces.test-helper.ts";
import { JsonText, SPLICED_BYTES_MIN, setTopLevelValues, topLevelMembers, twoTopLevelSpans, withTopLevelValues } from "./json-top-level.ts";

/** The source a route gives for a body whose bytes it scanned (http/json-body.ts). */
const scanned = (text: string, bytes = Buffer.from(text)) => ({ text, bytes, byteMembers: topLevelMembersOfBytes(bytes, 1_000) });

/** A member long enough that a body holding it goes upstream as bytes (SPLICED_BYTES_MIN). */
const PAD = `"pad":"${"p".repeat(SPLICED_BYTES_MIN)}"`;

/** Each member's value text, by key, as the scan sees them. */
function valueTexts(text: string): Record<string, string> | undefined {
  const members = topLevelMembers(text);
  if (members === undefined) return undefined;
  // fromEntries, not assignment, so that "__proto__" becomes a key
  return Object.fromEntries([...members].map(([key, span]) => [key, text.slice(span.valueStart, span.valueEnd)]));
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** What a value is after a trip through JSON text, which is all a splice can give (-0 comes back as 0). */
function roundTrip(v: unknown): unknown {
  return JSON.parse(JSON.stringify(v)) as unknown;
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

describe("topLevelMembers finds each top-level value", () => {
  it.each<[string, string, Record<string, string>]>([
    ["empty object", "{}", {}],
    ["empty object, spaced", " \t\r\n{ \n } \n", {}],
    ["scalars", '{"n":-1.5e+3,"t":true,"f":false,"z":null,"zero":0}', { n: "-1.5e+3", t: "true", f: "false", z: "null", zero: "0" }],
    ["whitespace everywhere", ' {\n\t"a" \r:\n 1 ,\n  "b"\t:\t"x" \n}\t', { a: "1", b: '"x"' }],
    ["escaped quote in a value", String.raw`{"a":"say \"hi\"","b":2}`, { a: String.raw`"say \"hi\""`, b: "2" }],
    ["backslash before the closing quote", String.raw`{"a":"c:\\","b":"\\\\"}`, { a: String.raw`"c:\\"`, b: String.raw`"\\\\"` }],
    ["escaped backslash then escaped quote", String.raw`{"a":"\\\"}","b":1}`, { a: String.raw`"\\\"}"`, b: "1" }],
    ["brackets inside strings", '{"a":"}{][","b":["]", "{"],"c":{"d":"}"}}', { a: '"}{]["', b: '["]", "{"]', c: '{"d":"}"}' }],
    ["nested objects with the same key names", '{"model":{"model":"inner","usage":[{"model":1}]},"usage":{"model":2}}', { model: '{"model":"inner","usage":[{"model":1}]}', usage: '{"model":2}' }],
    ["deep nesting", '{"a":[[[{"b":[{}]}]]],"c":1}', { a: '[[[{"b":[{}]}]]]', c: "1" }],
    ["unicode escapes in keys", String.raw`{"\u006dodel":"x","k\u00e9y":1,"\ud83d\ude00":2}`, { model: '"x"', "kéy": "1", "😀": "2" }],
    ["escaped quote and backslash in a key", String.raw`{"a\"b\\":1}`, { 'a"b\\': "1" }],
    ["raw non-ASCII key", '{"é😀":1}', { "é😀": "1" }],
    ["a key that repeats: the last one wins", '{"model":"a","x":1,"model":"b"}', { model: '"b"', x: "1" }],
    ["a key spelt two ways repeats", String.raw`{"model":"a","\u006dodel":"b"}`, { model: '"b"' }],
    ["__proto__ is an ordinary key", '{"__proto__":{"a":1}}', { ["__proto__"]: '{"a":1}' }],
    ["empty key and values", '{"":"","a":[],"b":{}}', { "": '""', a: "[]", b: "{}" }],
  ])("%s", (_name, text, expected) => {
    const found = valueTexts(text);
    expect(found).toEqual(expected);
    // the reference: what JSON.parse makes of the same text
    const parsed = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(found ?? {}).sort()).toEqual(Object.keys(parsed).sort());
    for (const [key, value] of Object.entries(found ?? {})) expect(JSON.parse(value)).toEqual(parsed[key]);
  });

  it("gives each value's span, whitespace around it left out", () => {
    const text = '{ "a" : 1 , "b":2}';
    const members = topLevelMembers(text);
    expect(members?.get("a")).toEqual({ valueStart: 8, valueEnd: 9 });
    expect(members?.get("b")).toEqual({ valueStart: 16, valueEnd: 17 });
  });

  it("pairs brackets nested deeper than the stack it keeps", () => {
    const deep = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
    const members = topLevelMembers(`{"a":${deep},"b":1}`)!;
    expect(members.get("a")).toEqual({ valueStart: 5, valueEnd: 5 + deep.length });
    expect(topLevelMembers(`{"a":${"[".repeat(10_000)}${"]".repeat(9_999)}}}`)).toBeUndefined();
  });

  it("pairs brackets nested deeper than 64", () => {
    const deep = `${"[{\"b\":".repeat(70)}1${"}]".repeat(70)}`;
    const text = `{"a":${deep},"z":-0.5e+3}`;
    expect(JSON.parse(text)).toBeDefined();
    const members = topLevelMembers(text)!;
    expect(text.slice(members.get("a")!.valueStart, members.get("a")!.valueEnd)).toBe(deep);
    expect(text.slice(members.get("z")!.valueStart, members.get("z")!.valueEnd)).toBe("-0.5e+3");
  });

  it("skips long strings full of escapes and brackets", () => {
    const content = String.raw`\"{[\\` .repeat(100_000) + "x".repeat(500_000);
    const text = JSON.stringify({ messages: [{ role: "user", content }, { content: '"]}' }], model: "m" }, null, 2);
    const members = topLevelMembers(text);
    const model = members?.get("model");
    expect(model && text.slice(model.valueStart, model.valueEnd)).toBe('"m"');
    const messages = members?.get("messages");
    expect(messages && JSON.parse(text.slice(messages.valueStart, messages.valueEnd))).toEqual([{ role: "user", content }, { content: '"]}' }]);
  });
});

describe("topLevelMembers refuses what is not a JSON object", () => {
  it.each([
    ["empty text", ""],
    ["whitespace", "  \n"],
    ["an array", "[1]"],
    ["a string", '"{}"'],
    ["a number", "1"],
    ["null", "null"],
    ["a byte-order mark", "\ufeff{}"],
    ["unclosed object", '{"a":1'],
    ["unclosed empty object", "{"],
    ["trailing comma", '{"a":1,}'],
    ["leading comma", '{,"a":1}'],
    ["missing comma", '{"a":1 "b":2}'],
    ["missing colon", '{"a" 1}'],
    ["another character for the colon", '{"a"=1}'],
    ["another character for the comma", '{"a":1;"b":2}'],
    ["colon for the comma", '{"a":1:"b":2}'],
    ["missing value", '{"a":}'],
    ["unquoted key", "{a:1}"],
    ["single-quoted key", "{'a':1}"],
    ["number key", "{1:1}"],
    ["text after the object", '{"a":1} x'],
    ["a second object", "{}{}"],
    ["unclosed string value", '{"a":"x}'],
    ["string closed only by an escaped quote", String.raw`{"a":"x\"}`],
    ["unclosed key", '{"a'],
    ["bad escape in a key", String.raw`{"\x":1}`],
    ["short unicode escape in a key", String.raw`{"\u12":1}`],
    ["unclosed array", '{"a":[1,2}'],
    ["mismatched brackets", '{"a":[}'],
    ["mismatched nested brackets", '{"a":{"b":[1}]}'],
    ["extra closing bracket", '{"a":[1]]}'],
    ["misspelt literal", '{"a":tru}'],
    ["capitalised literal", '{"a":True}'],
    ["literal with a tail", '{"a":nulls}'],
    ["leading zero", '{"a":01}'],
    ["plus sign", '{"a":+1}'],
    ["bare dot", '{"a":1.}'],
    ["bare exponent", '{"a":1e}'],
    ["signed bare exponent", '{"a":1e+}'],
    ["a lone minus", '{"a":-}'],
    ["leading dot", '{"a":.5}'],
    ["number with a tail", '{"a":1e5x}'],
    ["mismatched brackets deeper than 64", `{"a":${"[".repeat(100)}${"]".repeat(99)}}}`],
    ["hex", '{"a":0x10}'],
    ["NaN", '{"a":NaN}'],
    ["scalar glued to a bracket", '{"a":1]}'],
    ["two scalars", '{"a":1 2}'],
  ])("%s", (_name, text) => {
    expect(topLevelMembers(text)).toBeUndefined();
  });

  // documented limits: inside nested values only strings and bracket pairing are checked
  it.each([
    ["missing comma in an array", '{"a":[1 2]}'],
    ["member without a value in a nested object", '{"a":{"b"}}'],
    ["bad literal nested", '{"a":[nope]}'],
    ["raw newline in a string", '{"a":"x\ny"}'],
    ["bad escape in a value", String.raw`{"a":"\x"}`],
  ])("accepts, though JSON.parse would not: %s", (_name, text) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(topLevelMembers(text)).toBeDefined();
  });
});

describe("rewriting members", () => {
  const response = '{\n  "id": "c1",\n  "model": "gpt-4o-2024-08-06",\n  "usage": {"total_tokens": 21}\n}\n';

  // one member set in place, as the adapters do
  function set(text: string, key: string, json: string): string {
    const members = topLevelMembers(text);
    if (members?.get(key) === undefined) throw new Error(`no ${key}`);
    return setTopLevelValues(text, members, { [key]: json });
  }

  it("replaces a string value and leaves every other byte", () => {
    const out = set(response, "model", JSON.stringify('openai/gpt-4o "x"'));
    expect(out).toBe('{\n  "id": "c1",\n  "model": "openai/gpt-4o \\"x\\"",\n  "usage": {"total_tokens": 21}\n}\n');
    expect(JSON.parse(out)).toEqual({ id: "c1", model: 'openai/gpt-4o "x"', usage: { total_tokens: 21 } });
  });

  it("replaces a value of another type by JSON text", () => {
    const out = set(response, "usage", "null");
    expect(JSON.parse(out)).toEqual({ id: "c1", model: "gpt-4o-2024-08-06", usage: null });
  });

  it("with `unique`, refuses a text whose keys repeat, however they are spelt", () => {
    expect(topLevelMembers('{"model":"a","x":1,"model":"b"}', { unique: true })).toBeUndefined();
    expect(topLevelMembers(String.raw`{"model":"a","\u006dodel":"b"}`, { unique: true })).toBeUndefined();
    expect(topLevelMembers('{"model":"a","x":{"model":"b"}}', { unique: true })?.size).toBe(2);
  });

  it("replaces the last of a repeated key, which is the one JSON.parse keeps", () => {
    const text = '{"model":"a","model":"b"}';
    expect(JSON.parse(set(text, "model", '"c"'))).toEqual({ model: "c" });
  });

  it("sets several members at once: replaced in place, absent ones appended", () => {
    const members = topLevelMembers(response);
    if (members === undefined) throw new Error("not scanned");
    const out = setTopLevelValues(response, members, { usage: "{}", model: '"m"', stream_options: '{"include_usage":true}', "a\"b": "1" });
    expect(out.startsWith('{\n  "id": "c1",\n  "model": "m",\n  "usage": {}')).toBe(true);
    expect(JSON.parse(out)).toEqual({ id: "c1", model: "m", usage: {}, stream_options: { include_usage: true }, 'a"b': 1 });
  });

  it("forwards a client's body: spliced into its text, rebuilt when keys repeat or there is no text", () => {
    const text = '{ "model" : "gpt",  "messages": [] }';
    const body = JSON.parse(text) as Record<string, unknown>;
    expect(withTopLevelValues(body, { text }, { model: "up", stream_options: { include_usage: true } })).toBe('{ "model" : "up",  "messages": [] ,"stream_options":{"include_usage":true}}');
    const twice = '{"model":"a","messages":[],"model":"b"}';
    expect(withTopLevelValues(JSON.parse(twice) as Record<string, unknown>, { text: twice }, { model: "up" })).toBe('{"model":"up","messages":[]}');
    expect(withTopLevelValues(JSON.parse(twice) as Record<string, unknown>, scanned(twice), { model: "up" })).toBe('{"model":"up","messages":[]}');
    expect(withTopLevelValues(body, undefined, { model: "up" })).toBe('{"model":"up","messages":[]}');
  });

  it("splices a value written as JSON text as it is, and writes it as that value when the body is rebuilt", () => {
    const text = '{"model":"gpt","messages":[]}';
    const body = JSON.parse(text) as Record<string, unknown>;
    const options = new JsonText('{ "include_usage" : true }');
    expect(withTopLevelValues(body, { text }, { model: 'up "x"', stream_options: options })).toBe('{"model":"up \\"x\\"","messages":[],"stream_options":{ "include_usage" : true }}');
    expect(bodyText(withTopLevelValues(body, scanned(text), { stream_options: options }))).toBe('{"model":"gpt","messages":[],"stream_options":{ "include_usage" : true }}');
    expect(withTopLevelValues(body, undefined, { model: "up", stream_options: options })).toBe('{"model":"up","messages":[],"stream_options":{"include_usage":true}}');
    // a string value, plain or one that needs escapes, as JSON.stringify writes it
    for (const model of ["up", 'a "b" \\ c', "\u2028é\n"]) expect(JSON.parse(bodyText(withTopLevelValues(body, { text }, { model })))).toEqual({ model, messages: [] });
  });

  it.each([
    ["ASCII", `{"model":"gpt",${PAD},"messages":[{"content":"hi"}]}`],
    ["UTF-8 before and after the cut", `{"messages":[{"content":"héllo wörld ✓ 😀"}],${PAD},"model":"gpt","x":"日本語 \\u00e9"}`],
  ])("forwards %s bytes as views of the client's bytes with only the new values between them", (_, text) => {
    const bytes = Buffer.from(`  ${text}  `).subarray(2, -2); // a view at an offset, as a pooled buffer is
    const body = JSON.parse(text) as Record<string, unknown>;
    const values = { model: "up-✓", stream_options: { include_usage: true } };
    const pieces = withTopLevelValues(body, scanned(text, bytes), values);
    if (typeof pieces === "string") throw new Error("not spliced as bytes");
    expect(Buffer.concat(pieces).toString("utf8")).toBe(withTopLevelValues(body, { text }, values));
    // the client's bytes are not copied: the untouched stretches are views of them
    const views = pieces.filter((p) => p.buffer === bytes.buffer && p.byteOffset >= bytes.byteOffset && p.byteOffset + p.length <= bytes.byteOffset + bytes.length);
    expect(views.length).toBeGreaterThanOrEqual(2);
    expect(views.reduce((n, p) => n + p.length, 0)).toBe(bytes.length - Buffer.byteLength(body.model as string) - 2);
  });

  it("forwards a small scanned body in one piece, and a body whose bytes were not scanned as its text", () => {
    const text = '{"model":"gpt","messages":[{"content":"héllo"}]}';
    const body = JSON.parse(text) as Record<string, unknown>;
    const one = withTopLevelValues(body, scanned(text), { model: "up" });
    expect(typeof one !== "string" && one.length === 1 && Buffer.from(one[0]!).toString("utf8")).toBe('{"model":"up","messages":[{"content":"héllo"}]}');
    const long = `{"model":"gpt",${PAD}}`;
    expect(withTopLevelValues(JSON.parse(long) as Record<string, unknown>, { text: long, bytes: Buffer.from(long) }, { model: "up" })).toBe(`{"model":"up",${PAD}}`);
  });

  it.each([
    ["{}", { model: '"m"' }, '{"model":"m"}'],
    [" { \n } ", { model: '"m"', stream: "true" }, ' { \n "model":"m","stream":true} '],
    ['{"a":1}', {}, '{"a":1}'],
    ['{"a":1} ', { b: "2" }, '{"a":1,"b":2} '],
  ])("sets members of %j", (text, values, expected) => {
    const members = topLevelMembers(text);
    if (members === undefined) throw new Error("not scanned");
    expect(setTopLevelValues(text, members, values)).toBe(expected);
  });
});

// --- properties ---

describe("properties", () => {
  it("every top-level value's span parses to what JSON.parse gives for that key", () => {
    fc.assert(
      fc.property(objectCase, ({ members, space, outer }) => {
        const text = objectText(members, space, outer);
        const parsed = JSON.parse(text) as Record<string, unknown>;
        const found = topLevelMembers(text);
        expect(found).toBeDefined();
        expect([...(found?.keys() ?? [])].sort()).toEqual(Object.keys(parsed).sort());
        for (const [k, s] of found ?? []) {
          expect(JSON.parse(text.slice(s.valueStart, s.valueEnd))).toEqual(parsed[k]);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("objects JSON.stringify writes, compact and indented", () => {
    fc.assert(
      fc.property(fc.dictionary(key, fc.jsonValue(), { maxKeys: 10 }), indent, (object, space) => {
        const text = JSON.stringify(object, null, space);
        const parsed = JSON.parse(text) as Record<string, unknown>;
        const found = topLevelMembers(text);
        expect(found?.size).toBe(Object.keys(parsed).length);
        for (const k of Object.keys(parsed)) {
          const s = found?.get(k);
          expect(s && JSON.parse(text.slice(s.valueStart, s.valueEnd))).toEqual(parsed[k]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("replacing a member gives the object with only that key changed", () => {
    fc.assert(
      fc.property(objectCase, fc.string({ unit: "binary" }), fc.jsonValue({ maxDepth: 2 }), ({ members, space, outer }, str, json) => {
        const text = objectText(members, space, outer);
        const parsed = JSON.parse(text) as Record<string, unknown>;
        for (const [k, s] of topLevelMembers(text) ?? []) {
          const members = new Map([[k, s]]);
          expect(JSON.parse(setTopLevelValues(text, members, { [k]: JSON.stringify(str) }))).toEqual({ ...parsed, [k]: str });
          expect(JSON.parse(setTopLevelValues(text, members, { [k]: JSON.stringify(json) }))).toEqual({ ...parsed, [k]: roundTrip(json) });
        }
      }),
      { numRuns: 300 },
    );
  });

  it("setting members on the bytes gives the bytes of the text the splice gives", () => {
    fc.assert(
      fc.property(objectCase, fc.dictionary(key, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }), ({ members, space, outer }, values) => {
        // long enough to go as bytes; the padding first, so that a generated "pad" key repeats it (and is rebuilt)
        const text = objectText([{ key: "pad", escapeKey: false, value: "p".repeat(SPLICED_BYTES_MIN), ws: ["", "", "", ""] }, ...members], space, outer);
        const body = JSON.parse(text) as Record<string, unknown>;
        const asText = withTopLevelValues(body, { text }, values);
        const pieces = withTopLevelValues(body, scanned(text), values);
        if (typeof asText !== "string") throw new Error("a text is spliced as a text");
        // as base64: a deep comparison of two Buffers runs byte by byte
        expect(typeof pieces === "string" ? Buffer.from(pieces).toString("base64") : Buffer.concat(pieces).toString("base64")).toBe(Buffer.from(asText).toString("base64"));
      }),
      { numRuns: 300 },
    );
  });

  it("setting members gives the object with those keys changed or added", () => {
    fc.assert(
      fc.property(objectCase, fc.dictionary(key, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }), ({ members, space, outer }, values) => {
        const text = objectText(members, space, outer);
        const found = topLevelMembers(text);
        if (found === undefined) throw new Error("not scanned");
        const json = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, JSON.stringify(v)]));
        const expected = { ...(JSON.parse(text) as Record<string, unknown>), ...(roundTrip(values) as Record<string, unknown>) };
        expect(JSON.parse(setTopLevelValues(text, found, json))).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it("never throws, never gives a span outside the text, and agrees with JSON.parse whenever that accepts", () => {
    fc.assert(
      fc.property(mangled, (text) => {
        const found = topLevelMembers(text);
        for (const s of found?.values() ?? []) {
          expect(0 < s.valueStart && s.valueStart < s.valueEnd && s.valueEnd <= text.length).toBe(true);
        }
        const parsed = parseOrUndefined(text);
        if (!isObject(parsed)) return;
        expect(found).toBeDefined();
        expect(found?.size).toBe(Object.keys(parsed).length);
        for (const [k, s] of found ?? []) expect(JSON.parse(text.slice(s.valueStart, s.valueEnd))).toEqual(parsed[k]);
      }),
      { numRuns: 2000 },
    );
  });

  // what parseChatResponse reads of an answer: the same answer as topLevelMembers', for any text
  const twoOf = (text: string, a: string, b: string) => {
    const members = topLevelMembers(text);
    return members === undefined ? undefined : [members.get(a), members.get(b)];
  };
  const names = fc.constantFrom<[string, string]>(["usage", "model"], ["model", "usage"], ["a", ""], ["\\", '"']);

  it("twoTopLevelSpans gives the spans topLevelMembers gives for those keys, and refuses what it refuses", () => {
    fc.assert(
      fc.property(fc.oneof(mangled, objectCase.map(({ members, space, outer }) => objectText(members, space, outer))), names, (text, [a, b]) => {
        expect(twoTopLevelSpans(text, a, b)).toEqual(twoOf(text, a, b));
      }),
      { numRuns: 5000 },
    );
  });

  it.each([
    ["escaped keys, a backslash in a value before them", String.raw`{"t":"a\\b","\u006dodel":"x","u\u0073age":{"n":1},"model ":2}`],
    ["a repeated key: the last", '{"model":"a","usage":1,"model":"b"}'],
    ["a key that only starts like one", '{"modelx":1,"usag":2}'],
    ["a bad escape in a later key", String.raw`{"model":"a","\x":1}`],
    ["empty", " {} "],
    ["text after", '{"model":1} x'],
  ])("twoTopLevelSpans as topLevelMembers: %s", (_name, text) => {
    expect(twoTopLevelSpans(text, "usage", "model")).toEqual(twoOf(text, "usage", "model"));
  });
});
