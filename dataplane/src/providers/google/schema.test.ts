import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sanitizeJsonSchema } from "./schema.ts";

const SUBSCHEMAS = ["items", "anyOf", "not", "additionalProperties"];
const MAPS = ["properties", "$defs"];

/** What sanitizeJsonSchema documents, written as a copy of every node: the walk must give the same text. */
function copied(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(copied);
  if (schema === null || typeof schema !== "object") return schema;
  const src = schema as Record<string, unknown>;
  const out = Object.create(null) as Record<string, unknown>;
  const isRef = typeof src.$ref === "string";
  for (const [key, value] of Object.entries(src)) {
    if (key === "$schema" || key === "$comment" || (isRef && !key.startsWith("$"))) continue;
    if (key === "const") {
      if ((typeof value === "string" || typeof value === "number") && src.enum === undefined) out.enum = [value];
    } else if (MAPS.includes(key) && value !== null && typeof value === "object" && !Array.isArray(value)) {
      const map = Object.create(null) as Record<string, unknown>;
      for (const [k, v] of Object.entries(value)) map[k] = copied(v);
      out[key] = map;
    } else out[key] = SUBSCHEMAS.includes(key) ? copied(value) : value;
  }
  return out;
}

// schemas as JSON texts (so that a member named __proto__ is an own member, as a client's body has it)
const key = fc.constantFrom("type", "description", "$schema", "$comment", "const", "enum", "$ref", "$id", "__proto__", ...SUBSCHEMAS, ...MAPS);
const leaf = fc.constantFrom<unknown>("string", 1, null, true, ["a", 2], "#/$defs/x");
const schema = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.array(tie("node"), { maxLength: 3 }),
    fc.array(fc.tuple(key, tie("node")), { maxLength: 5 }).map((entries) => ({ entries })),
  ),
})).node;
const text = (v: unknown): string => {
  if (Array.isArray(v)) return `[${v.map(text).join(",")}]`;
  if (v !== null && typeof v === "object" && "entries" in v) return `{${(v as { entries: Array<[string, unknown]> }).entries.map(([k, e]) => `${JSON.stringify(k)}:${text(e)}`).join(",")}}`;
  return JSON.stringify(v);
};

describe("sanitizeJsonSchema", () => {
  it("gives what copying every node gives, in the same order, and leaves the client's schema as it was", () => {
    let changed = 0;
    let same = 0;
    fc.assert(
      fc.property(schema, (s) => {
        const input = JSON.parse(text(s)) as unknown;
        const before = JSON.stringify(input);
        const out = sanitizeJsonSchema(input);
        expect(JSON.stringify(out)).toBe(JSON.stringify(copied(JSON.parse(text(s)))));
        expect(JSON.stringify(input)).toBe(before);
        if (out === input) same++;
        else changed++;
      }),
      { numRuns: 3_000 },
    );
    expect(changed).toBeGreaterThan(300);
    expect(same).toBeGreaterThan(300);
  });

  it("hands back the client's own schema when nothing in it is to change", () => {
    const s = { type: "object", properties: { a: { type: "array", items: { type: "string" } }, const: { type: "string" } }, required: ["a"] };
    expect(sanitizeJsonSchema(s)).toBe(s);
  });
});
