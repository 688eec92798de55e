import { describe, expect, it } from "vitest";
import { type EmbeddingModel, loadCatalog } from "../../../../catalog/src/index.ts";
import { readFixture, readJsonFixture } from "../../../../test/harness/fixtures.ts";
import { checkEmbeddingRequest } from "../../capabilities/embedding.ts";
import { base64ToFloats, renderEmbeddingList } from "../shared/embedding-list.ts";
import { cohereEmbeddings } from "./embeddings.ts";

const COHERE = loadCatalog().resolve("cohere/embed-v4.0") as EmbeddingModel;
const target = { baseUrl: "https://api.cohere.com", credential: "co-secret-0123456789abcdef", upstreamModel: "embed-v4.0" };
const build = (body: Record<string, unknown>) => {
  const up = cohereEmbeddings.buildRequest(checkEmbeddingRequest(COHERE, body, false), body, target);
  return { ...up, json: JSON.parse(up.body) as unknown };
};

interface Recorded {
  texts: string[];
  embeddings: { float: number[][] };
}
interface List {
  data: { index: number; embedding: number[] | string }[];
  usage: { prompt_tokens: number };
}

describe("requests to Cohere's v2 embed", () => {
  it("texts, the required input_type (search_document unless the client says query), floats, the width", () => {
    const up = build({ input: "Hello, world!" });
    expect(up.url.href).toBe("https://api.cohere.com/v2/embed");
    expect(up.headers.authorization).toBe("Bearer co-secret-0123456789abcdef");
    expect(up.json).toEqual({ model: "embed-v4.0", texts: ["Hello, world!"], input_type: "search_document", embedding_types: ["float"], output_dimension: 1536 });
    expect(build({ input: ["q"], input_type: "query", dimensions: 256, encoding_format: "base64" }).json).toEqual({
      model: "embed-v4.0",
      texts: ["q"],
      input_type: "search_query",
      embedding_types: ["float"],
      output_dimension: 256,
    });
  });
});

describe("Cohere's answers (recorded)", () => {
  it("embeddings.float in order, metered from meta.billed_units.input_tokens", () => {
    const req = checkEmbeddingRequest(COHERE, { input: "Hello, world!" }, false);
    const up = cohereEmbeddings.parseResponse(readFixture("cohere/embeddings-v2.json"), req);
    expect(up.usage).toEqual({ inputTokens: 4 });
    const out = JSON.parse(renderEmbeddingList(up, req, "cohere/embed-v4.0", 4)) as List;
    expect(out.data[0]!.embedding).toEqual(readJsonFixture<Recorded>("cohere/embeddings-v2.json").embeddings.float[0]);
    expect(out.usage.prompt_tokens).toBe(4);
  });

  it("base64 is the gateway's own float32 encoding of Cohere's floats", () => {
    const req = checkEmbeddingRequest(COHERE, { input: ["sunny day at the beach", "rainy day in the city"], encoding_format: "base64" }, false);
    const up = cohereEmbeddings.parseResponse(readFixture("cohere/embeddings.json"), req);
    expect(up.usage).toEqual({ inputTokens: 10 });
    const out = JSON.parse(renderEmbeddingList(up, req, "cohere/embed-v4.0", 10)) as List;
    const recorded = readJsonFixture<Recorded>("cohere/embeddings.json").embeddings.float;
    out.data.forEach((d, i) => expect(base64ToFloats(d.embedding as string)).toEqual(recorded[i]!.map(Math.fround)));
  });

  it("an answer without float embeddings is the provider's failure", () => {
    const req = checkEmbeddingRequest(COHERE, { input: "a" }, false);
    expect(() => cohereEmbeddings.parseResponse(JSON.stringify({ embeddings: { int8: [[1]] } }), req)).toThrow(expect.objectContaining({ status: 502, code: "upstream_error" }));
  });
});

describe("Cohere's errors", () => {
  it("404 (recorded) keeps its status and Cohere's message", () => {
    const err = cohereEmbeddings.upstreamError(404, {}, readFixture("cohere/error-404.json"), target.credential);
    expect(err.status).toBe(404);
    expect(err.message).toBe("model 'nonexistent' not found, make sure the correct model ID was used and that you have access to the model.");
  });

  it("401 is the gateway's credential failing; 429 keeps retry-after", () => {
    expect(cohereEmbeddings.upstreamError(401, {}, JSON.stringify({ message: "invalid api token" }), target.credential)).toMatchObject({ status: 502, code: "upstream_auth_failed" });
    expect(cohereEmbeddings.upstreamError(429, { "retry-after": "2" }, "{}", target.credential)).toMatchObject({ status: 429, headers: { "retry-after": "2" } });
  });
});
