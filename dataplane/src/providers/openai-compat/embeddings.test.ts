import { describe, expect, it } from "vitest";
import { type EmbeddingModel, loadCatalog } from "../../../../catalog/src/index.ts";
import { readFixture, readJsonFixture } from "../../../../test/harness/fixtures.ts";
import { checkEmbeddingRequest } from "../../capabilities/embedding.ts";
import { base64ToFloats, renderEmbeddingList } from "../shared/embedding-list.ts";
import { openAIEmbeddings, strictOpenAICompatEmbeddings } from "./embeddings.ts";

const catalog = loadCatalog();
const model = (slug: string) => catalog.resolve(slug) as EmbeddingModel;
const SMALL = model("openai/text-embedding-3-small");
const MISTRAL = model("mistral/mistral-embed");
const target = (baseUrl: string) => ({ baseUrl, credential: "sk-upstream-secret-0123456789", upstreamModel: "upstream-id" });

interface OpenAIList {
  object: string;
  data: { object: string; index: number; embedding: number[] | string }[];
  model: string;
  usage: { prompt_tokens: number; total_tokens: number };
}
const norm = (v: number[]) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));

describe("OpenAI: the body goes through", () => {
  it("as the client sent it, with the upstream model id and without the gateway's own fields", () => {
    const body = { model: "openai/text-embedding-3-small", input: [[1, 2, 3]], dimensions: 256, user: "u-1", encoding_format: "base64", stream: false, input_type: "query", some_new_field: 1 };
    const req = checkEmbeddingRequest(SMALL, body, true);
    const up = openAIEmbeddings.buildRequest(req, body, target("https://api.openai.com/v1/"));
    expect(up.url.href).toBe("https://api.openai.com/v1/embeddings");
    expect(up.headers).toMatchObject({ authorization: "Bearer sk-upstream-secret-0123456789", "content-type": "application/json" });
    expect(JSON.parse(up.body)).toEqual({ model: "upstream-id", input: [[1, 2, 3]], dimensions: 256, user: "u-1", encoding_format: "base64", some_new_field: 1 });
  });

  it("adds no width the client did not ask for: OpenAI's default is the model's own", () => {
    const body = { model: "x", input: "hi" };
    expect(JSON.parse(openAIEmbeddings.buildRequest(checkEmbeddingRequest(SMALL, body, true), body, target("https://o/v1")).body)).toEqual({ model: "upstream-id", input: "hi" });
  });
});

describe("Mistral and other OpenAI-compatible upstreams get only their wire's fields", () => {
  it("a fixed-width model gets no width even when the client named that width, and floats are asked for", () => {
    const body = { model: "mistral/mistral-embed", input: ["a", "b"], dimensions: 1024, encoding_format: "base64", user: "u-1" };
    const up = strictOpenAICompatEmbeddings.buildRequest(checkEmbeddingRequest(MISTRAL, body, false), body, target("https://api.mistral.ai/v1"));
    expect(up.url.href).toBe("https://api.mistral.ai/v1/embeddings");
    expect(up.headers.authorization).toBe("Bearer sk-upstream-secret-0123456789");
    expect(JSON.parse(up.body)).toEqual({ model: "upstream-id", input: ["a", "b"] });
  });

  it("a model with a choice of widths gets the client's as Mistral's output_dimension", () => {
    const withChoice = { ...MISTRAL, svc: { default_dimensions: 1536, supported_dimensions: [3072, 1536, 256] } } as EmbeddingModel;
    const body = { model: "mistral/codestral-embed", input: "fn main() {}", dimensions: 256 };
    const up = strictOpenAICompatEmbeddings.buildRequest(checkEmbeddingRequest(withChoice, body, false), body, target("https://api.mistral.ai/v1"));
    expect(JSON.parse(up.body)).toEqual({ model: "upstream-id", input: "fn main() {}", output_dimension: 256 });
  });
});

describe("OpenAI's answers (recorded), rendered for the client", () => {
  it("float: the recorded list, named by the gateway's slug, metered from prompt_tokens", () => {
    const body = { model: "x", input: ["a", "b"], encoding_format: "float" };
    const req = checkEmbeddingRequest(SMALL, body, true);
    const up = openAIEmbeddings.parseResponse(readFixture("openai/embeddings-float.json"), req);
    expect(up.usage).toEqual({ inputTokens: 12 });
    const recorded = readJsonFixture<OpenAIList>("openai/embeddings-float.json");
    expect(JSON.parse(renderEmbeddingList(up, req, "openai/text-embedding-3-small", 12))).toEqual({ ...recorded, model: "openai/text-embedding-3-small" });
  });

  it("base64: the recorded string goes on untouched and decodes to a unit float32 vector", () => {
    const body = { model: "x", input: "Hello, world!", encoding_format: "base64" };
    const req = checkEmbeddingRequest(SMALL, body, true);
    const up = openAIEmbeddings.parseResponse(readFixture("openai/embeddings-base64.json"), req);
    const recorded = readJsonFixture<OpenAIList>("openai/embeddings-base64.json");
    const out = JSON.parse(renderEmbeddingList(up, req, "openai/text-embedding-3-small", 4)) as OpenAIList;
    expect(out).toEqual({ ...recorded, model: "openai/text-embedding-3-small" });
    const floats = base64ToFloats(out.data[0]!.embedding as string);
    expect(floats).toHaveLength(1536);
    expect(norm(floats)).toBeCloseTo(1, 6);
  });

  it("an answer in the other encoding is converted to the one the client asked for", () => {
    const asFloat = checkEmbeddingRequest(SMALL, { input: "Hello, world!", encoding_format: "float" }, true);
    const fromBase64 = openAIEmbeddings.parseResponse(readFixture("openai/embeddings-base64.json"), asFloat);
    const floats = (JSON.parse(renderEmbeddingList(fromBase64, asFloat, "s", 4)) as OpenAIList).data[0]!.embedding as number[];
    expect(floats).toEqual(base64ToFloats(readJsonFixture<OpenAIList>("openai/embeddings-base64.json").data[0]!.embedding as string));

    const asBase64 = checkEmbeddingRequest(SMALL, { input: ["a", "b"], encoding_format: "base64" }, true);
    const fromFloats = openAIEmbeddings.parseResponse(readFixture("openai/embeddings-float.json"), asBase64);
    const out = JSON.parse(renderEmbeddingList(fromFloats, asBase64, "s", 12)) as OpenAIList;
    const recorded = readJsonFixture<OpenAIList>("openai/embeddings-float.json");
    out.data.forEach((d, i) => expect(base64ToFloats(d.embedding as string)).toEqual((recorded.data[i]!.embedding as number[]).map(Math.fround)));
  });

  it("an answer already in the encoding asked goes back as the provider wrote it, only model and usage set", () => {
    const recorded = readFixture("openai/embeddings-float.json");
    const req = checkEmbeddingRequest(SMALL, { input: ["a", "b"] }, true);
    const out = renderEmbeddingList(openAIEmbeddings.parseResponse(recorded, req), req, "openai/text-embedding-3-small", 7);
    const usageAt = recorded.indexOf("{", recorded.indexOf('"usage"'));
    const usage = recorded.slice(usageAt, recorded.indexOf("}", usageAt) + 1);
    expect(usage).toContain('"prompt_tokens": 12');
    const expected = recorded.replace('"model": "text-embedding-3-small"', '"model": "openai/text-embedding-3-small"').replace(usage, '{"prompt_tokens":7,"total_tokens":7}');
    expect(out).toBe(expected);

    // a provider's own members (Mistral's id) stay; the billed count replaces the provider's
    const withId = `{"id":"emb-1",${recorded.trim().slice(1)}`;
    expect(JSON.parse(renderEmbeddingList(strictOpenAICompatEmbeddings.parseResponse(withId, req), req, "mistral/mistral-embed", 12))).toMatchObject({ id: "emb-1", model: "mistral/mistral-embed", usage: { prompt_tokens: 12, total_tokens: 12 } });
  });

  it("vectors out of order, or an entry key given twice, are read whole: put in order, the last value kept, as JSON.parse does", () => {
    const recorded = readJsonFixture<OpenAIList>("openai/embeddings-float.json");
    const req = checkEmbeddingRequest(SMALL, { input: ["a", "b"] }, true);
    const swapped = JSON.stringify({ ...recorded, data: [recorded.data[1], recorded.data[0]] });
    const out = JSON.parse(renderEmbeddingList(openAIEmbeddings.parseResponse(swapped, req), req, "s", 12)) as OpenAIList;
    expect(out.data.map((d) => d.embedding)).toEqual(recorded.data.map((d) => d.embedding));
    expect(out.data.map((d) => d.index)).toEqual([0, 1]);

    const twice = JSON.stringify(recorded).replace('"embedding":[', '"embedding":[9],"embedding":[');
    const first = (JSON.parse(renderEmbeddingList(openAIEmbeddings.parseResponse(twice, req), req, "s", 12)) as OpenAIList).data[0]!;
    expect(first).toEqual({ object: "embedding", index: 0, embedding: recorded.data[0]!.embedding });
  });

  it("an answer with another number of vectors than inputs is the provider's failure (502)", () => {
    const req = checkEmbeddingRequest(SMALL, { input: ["a", "b", "c"] }, true);
    const up = openAIEmbeddings.parseResponse(readFixture("openai/embeddings-float.json"), req);
    expect(() => renderEmbeddingList(up, req, "s", 12)).toThrow(expect.objectContaining({ status: 502, code: "upstream_error" }));
  });

  it("an answer that is not an embeddings list is the provider's failure (502)", () => {
    const req = checkEmbeddingRequest(SMALL, { input: "a" }, true);
    expect(() => openAIEmbeddings.parseResponse('{"object":"list","data":[{"index":0}]}', req)).toThrow(expect.objectContaining({ status: 502, code: "upstream_error" }));
    expect(() => openAIEmbeddings.parseResponse("<html>", req)).toThrow(expect.objectContaining({ status: 502 }));
  });
});

describe("error answers of OpenAI-compatible upstreams", () => {
  const KEY = "sk-upstream-secret-0123456789";

  it("404 model_not_found (recorded) keeps its status and OpenAI's message", () => {
    const err = openAIEmbeddings.upstreamError(404, {}, readFixture("openai/error-404-embeddings-model.json"), KEY);
    expect(err.status).toBe(404);
    expect(JSON.parse(err.toOpenAI())).toEqual({
      error: { message: "The model `nonexistent` does not exist or you do not have access to it.", type: "invalid_request_error", param: null, code: "invalid_request_error" },
    });
  });

  it("401 (recorded) is the gateway's credential failing, with nothing of the provider's text", () => {
    const err = openAIEmbeddings.upstreamError(401, {}, readFixture("openai/error-401-invalid-api-key.json"), KEY);
    expect(err).toMatchObject({ status: 502, code: "upstream_auth_failed" });
    expect(err.toOpenAI()).not.toContain("sk-");
  });

  it("429 passes retry-after on", () => {
    const err = openAIEmbeddings.upstreamError(429, { "retry-after": "3" }, readFixture("openai/error-429-rate-limit-tpm.json"), KEY);
    expect(err).toMatchObject({ status: 429, code: "upstream_rate_limited", headers: { "retry-after": "3" } });
  });

  // SEMI-REAL: both Mistral bodies as users pasted them in public issues (partITech/php-mistral#76, upsidelab/enthusiast#360)
  it("Mistral's top-level message is read; its pydantic issue list falls back to the generic wording", () => {
    const unsupported = JSON.stringify({ object: "error", message: "This model does not support output_dimension.", type: "invalid_request_invalid_args", param: null, code: "3051" });
    expect(strictOpenAICompatEmbeddings.upstreamError(400, {}, unsupported, KEY)).toMatchObject({ status: 400, message: "This model does not support output_dimension." });
    const extra = JSON.stringify({
      object: "Error",
      detail: [{ type: "extra_forbidden", loc: ["body", "user"], msg: "Extra inputs are not permitted", input: "u" }],
      message: [{ type: "extra_forbidden", loc: ["body", "user"], msg: "Extra inputs are not permitted", input: "u" }],
      type: "invalid_request_error",
      code: 3001,
    });
    expect(strictOpenAICompatEmbeddings.upstreamError(422, {}, extra, KEY)).toMatchObject({ status: 422, message: "The provider rejected the request (HTTP 422)." });
  });

  it("never echoes the credential", () => {
    const body = JSON.stringify({ error: { message: `Incorrect API key provided: ${KEY}.`, type: "invalid_request_error" } });
    const err = openAIEmbeddings.upstreamError(400, {}, body, KEY);
    expect(err.toOpenAI()).not.toContain(KEY);
    expect(err.message).toBe("Incorrect API key provided: [redacted].");
  });
});
