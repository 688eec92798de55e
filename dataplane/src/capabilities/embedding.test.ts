import { describe, expect, it } from "vitest";
import { type EmbeddingModel, loadCatalog } from "../../../catalog/src/index.ts";
import { GatewayError } from "../errors.ts";
import { svcBlock } from "./index.ts";
import { acceptedDimensions, checkEmbeddingRequest, embeddingBlock } from "./embedding.ts";

const models = loadCatalog().models.filter((m): m is EmbeddingModel => m.kind === "embedding");
const withSet = models.filter((m) => m.svc.supported_dimensions !== undefined);
const withoutSet = models.filter((m) => m.svc.supported_dimensions === undefined);

/** What the client gets for a refused width: status and OpenAI-dialect body. */
function refusal(model: EmbeddingModel, value: unknown): { status: number; body: unknown } {
  try {
    acceptedDimensions(model, value);
  } catch (e) {
    if (e instanceof GatewayError) return { status: e.status, body: JSON.parse(e.toOpenAI()) };
    throw e;
  }
  throw new Error(`${model.slug} accepted dimensions ${JSON.stringify(value)}`);
}

const refusedAs400 = { status: 400, body: { error: { message: expect.any(String), type: "invalid_request_error", param: "dimensions", code: "invalid_request_error" } } };

describe("the svc block of every embedding model in the catalog", () => {
  it("covers the catalog: both kinds of model exist", () => {
    expect(withSet.map((m) => m.slug)).toEqual(expect.arrayContaining(["voyage/voyage-3.5", "cohere/embed-v4.0", "mistral/mistral-embed"]));
    expect(withoutSet.map((m) => m.slug)).toEqual(expect.arrayContaining(["openai/text-embedding-3-small", "google/gemini-embedding-001"]));
  });

  it.each(models.map((m) => [m.slug, m] as const))("%s: kind, default, and the set only where one is enforced; GET /v1/models/{id} shows this block", (_, m) => {
    const expected = m.svc.supported_dimensions
      ? { kind: "embedding", default_dimensions: m.svc.default_dimensions, supported_dimensions: m.svc.supported_dimensions }
      : { kind: "embedding", default_dimensions: m.svc.default_dimensions };
    expect(embeddingBlock(m)).toEqual(expected);
    expect(svcBlock(m)).toEqual(expected);
    if (m.svc.supported_dimensions) expect(m.svc.supported_dimensions).toContain(m.svc.default_dimensions);
  });
});

describe("widths a model publishes a set for", () => {
  it.each(withSet.map((m) => [m.slug, m] as const))("%s: every advertised width is accepted, anything else is a 400", (_, m) => {
    const block = embeddingBlock(m);
    const set = block.supported_dimensions!;
    for (const width of set) expect(acceptedDimensions(m, width)).toBe(width);
    expect(acceptedDimensions(m, undefined)).toBe(block.default_dimensions);
    expect(acceptedDimensions(m, null)).toBe(block.default_dimensions);

    const max = Math.max(...set);
    const between = [...set].sort((a, b) => a - b).find((w, i, s) => s[i + 1] !== undefined && s[i + 1]! - w > 1);
    const outside: unknown[] = [max + 1, Math.min(...set) - 1, 0, -max, max + 0.5, 1.5, String(max), true, Number.NaN];
    if (between !== undefined) outside.push(between + 1);
    for (const value of outside) expect(refusal(m, value)).toEqual(refusedAs400);
    // the message tells the client what would have worked
    expect((refusal(m, max + 1).body as { error: { message: string } }).error.message).toContain(set.join(", "));
  });
});

describe("widths a model publishes no set for: the provider judges any positive integer", () => {
  it.each(withoutSet.map((m) => [m.slug, m] as const))("%s: the default, 1 and default+1 go on; 0, negatives, fractions and strings are a 400", (_, m) => {
    const d = embeddingBlock(m).default_dimensions;
    for (const width of [d, 1, 256, d + 1]) expect(acceptedDimensions(m, width)).toBe(width);
    expect(acceptedDimensions(m, undefined)).toBe(d);
    for (const value of [0, -1, 1.5, "256", false]) expect(refusal(m, value)).toEqual(refusedAs400);
  });
});

describe("the checked request", () => {
  const voyage = models.find((m) => m.slug === "voyage/voyage-3.5")!;
  const mistral = models.find((m) => m.slug === "mistral/mistral-embed")!;
  const openai = models.find((m) => m.slug === "openai/text-embedding-3-small")!;

  it("carries the width, whether it was sent, and whether the model has a choice at all", () => {
    expect(checkEmbeddingRequest(voyage, { input: "a" }, false)).toEqual({
      input: { kind: "text", texts: ["a"] },
      dimensions: 1024,
      dimensionsSent: false,
      widthIsChoice: true,
      encodingFormat: "float",
      inputType: undefined,
    });
    expect(checkEmbeddingRequest(mistral, { input: ["a", "b"], dimensions: 1024, encoding_format: "base64", input_type: "query" }, false)).toEqual({
      input: { kind: "text", texts: ["a", "b"] },
      dimensions: 1024,
      dimensionsSent: true,
      widthIsChoice: false,
      encodingFormat: "base64",
      inputType: "query",
    });
  });

  it("reads OpenAI's four input forms; token ids only where the wire takes them", () => {
    expect(checkEmbeddingRequest(openai, { input: [1, 2] }, true).input).toEqual({ kind: "tokens", tokens: [[1, 2]] });
    expect(checkEmbeddingRequest(openai, { input: [[1], [2, 3]] }, true).input).toEqual({ kind: "tokens", tokens: [[1], [2, 3]] });
    expect(() => checkEmbeddingRequest(voyage, { input: [1, 2] }, false)).toThrow(expect.objectContaining({ status: 400, param: "input" }));
  });
});
