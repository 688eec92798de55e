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
  if (Array.isArray(schema)) return schema.map(sanitizeJsonSchema);
  if (schema === null || typeof schema !== "object") return schema;
  const src = schema as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const isRef = typeof src.$ref === "string";
  for (const [key, value] of Object.entries(src)) {
    if (key === "$schema" || key === "$comment") continue;
    if (isRef && !key.startsWith("$")) continue;
    if (key === "const") {
      if ((typeof value === "string" || typeof value === "number") && src.enum === undefined) out.enum = [value];
      continue;
    }
    if (SCHEMA_MAPS.has(key)) out[key] = mapValues(value);
    else if (SUBSCHEMAS.has(key)) out[key] = sanitizeJsonSchema(value);
    else out[key] = value;
  }
  return out;
}

/** Keywords whose value is a schema or a list of schemas. */
const SUBSCHEMAS = new Set(["items", "prefixItems", "additionalProperties", "anyOf", "oneOf", "allOf", "not", "if", "then", "else", "contains", "propertyNames", "unevaluatedProperties", "unevaluatedItems", "additionalItems"]);
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);

function mapValues(value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, sanitizeJsonSchema(v)]));
}
