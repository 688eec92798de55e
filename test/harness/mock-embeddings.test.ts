import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readJsonFixture } from "./fixtures.ts";
import { startMockUpstream, type MockUpstream } from "./mock-upstream.ts";

let mock: MockUpstream;
beforeAll(async () => {
  mock = await startMockUpstream();
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

const recordedRequest = (rel: string) => readJsonFixture<{ request: { body: unknown } }>(rel).request.body;

async function post(path: string, body: unknown, headers: Record<string, string>): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${mock.origin}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const bearer = { authorization: "Bearer test-credential" };
const googKey = { "x-goog-api-key": "goog-test" };
const widths = (json: Record<string, unknown>) => (json.data as { embedding: unknown[] }[]).map((d) => d.embedding.length);

describe("each provider's recorded request gets its recorded answer", () => {
  it.each([
    ["Voyage", "/voyage/v1/embeddings", "voyage/embeddings", bearer],
    ["Cohere", "/cohere/v2/embed", "cohere/embeddings-v2", bearer],
    ["Gemini batchEmbedContents", "/v1beta/models/gemini-embedding-001:batchEmbedContents", "gemini/embeddings-batch-768", googKey],
    ["Gemini countTokens", "/v1beta/models/gemini-embedding-2-preview:countTokens", "gemini/count-tokens", googKey],
  ] as const)("%s", async (_, path, fixture, headers) => {
    const res = await post(path, recordedRequest(`${fixture}.meta.json`), headers);
    expect(res).toEqual({ status: 200, json: readJsonFixture(`${fixture}.json`) });
  });
});

describe("each provider's own credential header", () => {
  it.each([
    ["OpenAI", "/v1/embeddings", { model: "text-embedding-3-small", input: "a" }, 401],
    ["Mistral", "/mistral/v1/embeddings", { model: "mistral-embed", input: "a" }, 401],
    ["Voyage", "/voyage/v1/embeddings", { model: "voyage-3.5", input: "a" }, 401],
    ["Cohere", "/cohere/v2/embed", { model: "embed-v4.0", texts: ["a"], input_type: "search_document", embedding_types: ["float"] }, 401],
    ["Gemini", "/v1beta/models/gemini-embedding-001:batchEmbedContents", { requests: [] }, 403],
  ] as const)("%s refuses a call without it", async (_, path, body, status) => {
    expect((await post(path, body, {})).status).toBe(status);
  });

  it("Gemini's key is x-goog-api-key, not a bearer token", async () => {
    expect((await post("/v1beta/models/gemini-embedding-001:countTokens", { contents: [] }, bearer)).status).toBe(403);
  });
});

describe("what each provider refuses, as the real one does", () => {
  it("Mistral: an unknown field is 422 extra_forbidden; output_dimension on mistral-embed is 400", async () => {
    const extra = await post("/mistral/v1/embeddings", { model: "mistral-embed", input: "a", dimensions: 1024 }, bearer);
    expect(extra).toMatchObject({ status: 422, json: { detail: [{ type: "extra_forbidden", loc: ["body", "dimensions"] }] } });
    const width = await post("/mistral/v1/embeddings", { model: "mistral-embed", input: "a", output_dimension: 1024 }, bearer);
    expect(width).toMatchObject({ status: 400, json: { message: "This model does not support output_dimension." } });
    const ok = await post("/mistral/v1/embeddings", { model: "mistral-embed", input: ["a", "b"] }, bearer);
    expect(ok.status).toBe(200);
    expect(widths(ok.json)).toEqual([1024, 1024]);
    expect(ok.json.usage).toEqual({ prompt_tokens: 8, total_tokens: 8, completion_tokens: 0 });
  });

  it("Cohere: input_type is required; output_dimension comes from its set", async () => {
    const base = { model: "embed-v4.0", texts: ["a"], embedding_types: ["float"] };
    expect((await post("/cohere/v2/embed", base, bearer)).status).toBe(400);
    expect((await post("/cohere/v2/embed", { ...base, input_type: "search_query", output_dimension: 300 }, bearer)).status).toBe(400);
    const ok = await post("/cohere/v2/embed", { ...base, texts: ["a", "b"], input_type: "search_query", output_dimension: 256 }, bearer);
    expect((ok.json.embeddings as { float: number[][] }).float.map((v) => v.length)).toEqual([256, 256]);
    expect(ok.json.meta).toMatchObject({ billed_units: { input_tokens: 8 } });
  });

  it("Voyage: output_dimension from its set; floats unless base64 is asked", async () => {
    expect((await post("/voyage/v1/embeddings", { model: "voyage-3.5", input: "a", output_dimension: 300 }, bearer)).status).toBe(400);
    const ok = await post("/voyage/v1/embeddings", { model: "voyage-3.5", input: ["a", "b", "c"], output_dimension: 2048 }, bearer);
    expect(widths(ok.json)).toEqual([2048, 2048, 2048]);
    expect(ok.json.usage).toEqual({ total_tokens: 9 });
  });

  it("OpenAI: dimensions up to the model's native width", async () => {
    expect((await post("/v1/embeddings", { model: "text-embedding-3-small", input: "a", dimensions: 1537 }, bearer)).status).toBe(400);
    expect(widths((await post("/v1/embeddings", { model: "text-embedding-3-large", input: "a" }, bearer)).json)).toEqual([3072]);
  });

  it("Gemini: each request names the path's model; the width is 128 to 3072, 3072 by default", async () => {
    const one = (width?: number, model = "models/gemini-embedding-001") => ({ model, content: { parts: [{ text: "a" }] }, ...(width ? { outputDimensionality: width } : {}) });
    const path = "/v1beta/models/gemini-embedding-001:batchEmbedContents";
    expect((await post(path, { requests: [one(768, "models/other")] }, googKey)).status).toBe(400);
    expect((await post(path, { requests: [one(64)] }, googKey)).status).toBe(400);
    const ok = await post(path, { requests: [one(), one(128)] }, googKey);
    expect((ok.json.embeddings as { values: number[] }[]).map((e) => e.values.length)).toEqual([3072, 128]);
  });
});
