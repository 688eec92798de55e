import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readFixture } from "../../../../test/harness/fixtures.ts";
import { scanEmbeddingList } from "./embedding-list-scan.ts";

type Format = "float" | "base64";

/** What the scan promises of a text it accepts, read by JSON.parse: the list, its entries in order, the encoding. */
function listAsParsed(text: string, format: Format): { count: number } | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const list = json as { object?: unknown; data?: unknown };
  if (list === null || typeof list !== "object" || list.object !== "list" || !Array.isArray(list.data)) return undefined;
  const ok = list.data.every((e: { object?: unknown; index?: unknown; embedding?: unknown }, i) => {
    if (e === null || typeof e !== "object" || e.object !== "embedding" || e.index !== i) return false;
    return format === "float" ? Array.isArray(e.embedding) && e.embedding.every((x) => typeof x === "number") : typeof e.embedding === "string";
  });
  return ok ? { count: list.data.length } : undefined;
}

const spaces = fc.stringMatching(/^[ \t\n\r]{0,3}$/);
// numbers as JSON may spell them, not only as JSON.stringify does: exponents, signs, leading zero fractions
const numberText = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => JSON.stringify(x)),
  fc.tuple(fc.boolean(), fc.nat(99), fc.option(fc.nat(999_999), { nil: undefined }), fc.option(fc.tuple(fc.constantFrom("e", "E"), fc.constantFrom("", "+", "-"), fc.nat(40)), { nil: undefined })).map(
    ([neg, int, frac, exp]) => `${neg ? "-" : ""}${int}${frac === undefined ? "" : `.${frac}`}${exp === undefined ? "" : `${exp[0]}${exp[1]}${exp[2]}`}`,
  ),
);
const floatVector = fc.tuple(fc.array(fc.tuple(numberText, spaces, spaces), { maxLength: 12 }), spaces).map(([xs, ws]) => `[${ws}${xs.map(([n, a, b]) => `${a}${n}${b}`).join(",")}]`);
const base64Vector = fc.base64String({ maxLength: 40 }).map((s) => JSON.stringify(s));
const extra = fc.uniqueArray(fc.tuple(fc.constantFrom("id", "x_provider", "meta"), fc.jsonValue({ maxDepth: 2 })), { maxLength: 2, selector: ([k]) => k });

/** An OpenAI list in `format`, its members in any order, with whitespace and the provider's extra members about. */
function list(format: Format) {
  const entry = (index: number) =>
    fc.tuple(format === "float" ? floatVector : base64Vector, extra, fc.boolean(), spaces).map(([vector, more, reversed, ws]) => {
      const members = [`"object":${ws}"embedding"`, `"index":${ws}${index}`, `"embedding":${ws}${vector}`, ...more.map(([k, v]) => `"${k}":${JSON.stringify(v)}`)];
      return `{${ws}${(reversed ? members.reverse() : members).join(`,${ws}`)}${ws}}`;
    });
  return fc
    .nat(4)
    .chain((n) => fc.tuple(fc.tuple(...Array.from({ length: n }, (_, i) => entry(i))), extra, fc.boolean(), spaces))
    .map(([entries, more, reversed, ws]) => {
      const members = [`"object":"list"`, `"data":${ws}[${ws}${entries.join(`${ws},${ws}`)}${ws}]`, `"model":"m"`, `"usage":{"prompt_tokens":3,"total_tokens":3}`, ...more.map(([k, v]) => `"${k}":${JSON.stringify(v)}`)];
      return `${ws}{${ws}${(reversed ? members.reverse() : members).join(`${ws},`)}${ws}}${ws}`;
    });
}

/** Value texts by key, as the scan found them. */
function valueTexts(text: string, format: Format): Record<string, string> | undefined {
  const shape = scanEmbeddingList(text, format);
  return shape && Object.fromEntries([...shape.members].map(([k, s]) => [k, text.slice(s.valueStart, s.valueEnd)]));
}

describe("scanEmbeddingList reads OpenAI's list in place", () => {
  it("accepts the recorded answers: floats (two vectors) and base64 (one of 1,536 floats)", () => {
    expect(scanEmbeddingList(readFixture("openai/embeddings-float.json"), "float")).toMatchObject({ count: 2, usage: { prompt_tokens: 12, total_tokens: 12 } });
    expect(scanEmbeddingList('{"object":"list","data":[]}', "float")).toMatchObject({ count: 0, usage: undefined });
    const b64 = readFixture("openai/embeddings-base64.json");
    expect(scanEmbeddingList(b64, "base64")?.count).toBe(1);
    expect(valueTexts(b64, "base64")).toMatchObject({ object: '"list"', model: '"text-embedding-3-small"' });
  });

  it("accepts every list of the asked encoding, whatever its spacing, member order and extra members, with JSON.parse's count", () => {
    for (const format of ["float", "base64"] as const) {
      fc.assert(
        fc.property(list(format), (text) => {
          expect(listAsParsed(text, format)).toBeDefined();
          expect(scanEmbeddingList(text, format)?.count).toBe(listAsParsed(text, format)!.count);
        }),
        { numRuns: 500 },
      );
    }
  });

  it("accepts only what JSON.parse reads as such a list: any text it accepts parses, with the same count", () => {
    // texts near the shape: a list with one character dropped, doubled or replaced anywhere
    const near = fc.tuple(list("float"), fc.nat(), fc.constantFrom("", "0", "-", ".", "e", "+", ",", "]", "[", "}", '"', " ", "x", "1.", "NaN")).map(([t, at, c]) => {
      const i = at % (t.length + 1);
      return [t.slice(0, i) + c + t.slice(i + 1), t.slice(0, i) + c + t.slice(i)] as const;
    });
    fc.assert(
      fc.property(near, (texts) => {
        for (const text of texts) {
          const shape = scanEmbeddingList(text, "float");
          if (shape !== undefined) expect(listAsParsed(text, "float")?.count).toBe(shape.count);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    ["a leading zero", "[01]"],
    ["a bare fraction", "[.5]"],
    ["a dot without digits", "[1.]"],
    ["a plus sign", "[+1]"],
    ["an exponent without digits", "[1e]"],
    ["NaN", "[NaN]"],
    ["Infinity", "[-Infinity]"],
    ["null", "[0.1,null]"],
    ["a trailing comma", "[0.1,]"],
    ["a leading comma", "[,0.1]"],
    ["two numbers without a comma", "[0.1 0.2]"],
    ["a string", '["0.1"]'],
    ["a nested array", "[[0.1]]"],
    ["a non-JSON space", "[0.1,\u00a00.2]"],
  ])("refuses a float vector with %s", (_name, vector) => {
    const text = `{"object":"list","data":[{"object":"embedding","index":0,"embedding":${vector}}],"model":"m"}`;
    expect(scanEmbeddingList(text, "float")).toBeUndefined();
    expect(scanEmbeddingList(text.replace(vector, "[0.1,-2e-3, 0 ]"), "float")?.count).toBe(1);
  });

  it.each([
    ["the other encoding (floats when base64 was asked)", "base64", '{"object":"list","data":[{"object":"embedding","index":0,"embedding":[1]}]}'],
    ["the other encoding (base64 when floats were asked)", "float", '{"object":"list","data":[{"object":"embedding","index":0,"embedding":"AACAPw=="}]}'],
    ["indexes out of order", "float", '{"object":"list","data":[{"object":"embedding","index":1,"embedding":[1]},{"object":"embedding","index":0,"embedding":[2]}]}'],
    ["an index spelt otherwise", "float", '{"object":"list","data":[{"object":"embedding","index":0.0,"embedding":[1]}]}'],
    ["an entry without its vector", "float", '{"object":"list","data":[{"object":"embedding","index":0}]}'],
    ["an entry that is not an embedding", "float", '{"object":"list","data":[{"object":"vector","index":0,"embedding":[1]}]}'],
    ["an entry key that repeats", "float", '{"object":"list","data":[{"object":"embedding","index":0,"embedding":[1],"embedding":[2]}]}'],
    ["a top-level key that repeats", "float", '{"object":"list","data":[],"data":[{"object":"embedding","index":0,"embedding":[1]}]}'],
    ["no data", "float", '{"object":"list","model":"m"}'],
    ["data that is not an array", "float", '{"object":"list","data":{}}'],
    ["no object member", "float", '{"data":[{"object":"embedding","index":0,"embedding":[1]}]}'],
    ["another object", "float", '{"object":"error","data":[]}'],
    ["text after the object", "float", '{"object":"list","data":[]} x'],
    ["an entry that is not an object", "float", '{"object":"list","data":[[1]]}'],
    ["an unclosed list", "float", '{"object":"list","data":[{"object":"embedding","index":0,"embedding":[1]}'],
    ["not JSON", "float", "<html>"],
    ["a raw control character in a string", "float", '{"object":"list","data":[],"model":"m\u0001"}'],
    ["a raw control character in a key", "float", '{"object":"list","data":[],"m\u0001":1}'],
    ["a bad escape in a base64 vector", "base64", '{"object":"list","data":[{"object":"embedding","index":0,"embedding":"AAC\\x41"}]}'],
    ["an extra member that is not JSON", "float", '{"object":"list","data":[],"meta":{"a"}}'],
    ["a usage that is not JSON", "float", '{"object":"list","data":[],"usage":{"prompt_tokens" 3}}'],
    ["an entry's extra member that is not JSON", "float", '{"object":"list","data":[{"object":"embedding","index":0,"embedding":[1],"meta":[1 2]}]}'],
  ])("leaves %s to the full parse", (_name, format, text) => {
    expect(scanEmbeddingList(text, format as Format)).toBeUndefined();
  });

  it("gives a vector too long for the pattern's backtrack stack to the full parse instead of throwing", () => {
    const huge = `{"object":"list","data":[{"object":"embedding","index":0,"embedding":[${"0,".repeat(4_000_000)}0]}]}`;
    expect(scanEmbeddingList(huge, "float")).toBeUndefined();
  });
});
