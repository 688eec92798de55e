/**
 * A client's JSON Schema, made fit for Gemini's JSON-Schema fields: FunctionDeclaration.parametersJsonSchema and
 * GenerationConfig.responseJsonSchema (https://ai.google.dev/api/generate-content#v1beta.GenerationConfig).
 *
 * Decision: send JSON Schema through those fields, not through the older `parameters` / `responseSchema`, which
 * take Google's OpenAPI-subset Schema proto and reject every keyword it lacks (`additionalProperties`, `$schema`,
 * `const`, type arrays… "Invalid JSON payload received. Unknown name"). The JSON-Schema fields take
 * additionalProperties, anyOf/oneOf, $ref/$defs, nullable type arrays as they are; what is left to do here:
 * - `$schema` and `$comment` are dropped: annotations, not constraints (and `$schema` is the keyword clients most
 *   often trip Gemini with);
 * - a `$ref` node keeps only `$`-keywords: "If $ref is set on a sub-schema, no other properties, except for than
 *   those starting as a $, may be set" (same reference);
 * - `const` becomes a one-value `enum` (enum is supported "for strings and numbers"; const is not listed, and is
 *   otherwise ignored, silently dropping the constraint).
 * Only keyword positions are walked: a property *named* "$schema" or "const" is left alone.
 */
export function sanitizeJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return mapElements(schema, sanitizeJsonSchema);
  if (schema === null || typeof schema !== "object") return schema;
  const src = schema as Record<string, unknown>;
  const isRef = typeof src.$ref === "string";
  const keys = Object.keys(src);
  // a schema with nothing to change is the client's own object: a coding agent's tools carry tens of kilobytes of
  // schemas, and copying every node cost ~13 µs a tool (docs/performance.md)
  let out: Record<string, unknown> | undefined;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const value = src[key];
    const drop = key === "$schema" || key === "$comment" || key === "const" || (isRef && !key.startsWith("$"));
    const next = drop ? undefined : SCHEMA_MAPS.has(key) ? mapValues(value) : SUBSCHEMAS.has(key) ? sanitizeJsonSchema(value) : value;
    if (out === undefined && (drop || next !== value)) {
      out = copy();
      for (let j = 0; j < i; j++) out[keys[j]!] = src[keys[j]!];
    }
    if (out === undefined) continue;
    if (!drop) out[key] = next;
    else if (key === "const" && !isRef && (typeof value === "string" || typeof value === "number") && src.enum === undefined) out.enum = [value];
  }
  return out ?? src;
}

/** A node's copy: without a prototype, so that a member named `__proto__` stays a member. */
const copy = (): Record<string, unknown> => Object.create(null) as Record<string, unknown>;

/** `array` with `f` applied to each element: the same array when no element changed. */
function mapElements(array: readonly unknown[], f: (v: unknown) => unknown): unknown[] {
  let out: unknown[] | undefined;
  for (let i = 0; i < array.length; i++) {
    const v = f(array[i]);
    if (v !== array[i]) (out ??= array.slice())[i] = v;
  }
  return out ?? (array as unknown[]);
}

/** Keywords whose value is a schema or a list of schemas. */
const SUBSCHEMAS = new Set(["items", "prefixItems", "additionalProperties", "anyOf", "oneOf", "allOf", "not", "if", "then", "else", "contains", "propertyNames", "unevaluatedProperties", "unevaluatedItems", "additionalItems"]);
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);

function mapValues(value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const src = value as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(src)) {
    const v = sanitizeJsonSchema(src[key]);
    if (v !== src[key]) out ??= Object.assign(copy(), src);
    if (out !== undefined) out[key] = v;
  }
  return out ?? src;
}
