import { describe, expect, it } from "vitest";
import { type EmbeddingModel, loadCatalog } from "../../../../catalog/src/index.ts";
import { readFixture, readJsonFixture } from "../../../../test/harness/fixtures.ts";
import { checkEmbeddingRequest } from "../../capabilities/embedding.ts";
import { renderEmbeddingList } from "../shared/embedding-list.ts";
import { geminiEmbeddings } from "./embeddings.ts";

const catalog = loadCatalog();
const GEMINI = catalog.resolve("google/gemini-embedding-001") as EmbeddingModel;
const target = (upstreamModel: string) => ({ baseUrl: "https://generativelanguage.googleapis.com/v1beta", credential: "AIzaSyTESTKEY_0123456789abcdefghijklm", upstreamModel });
const recordedRequest = (rel: string) => readJsonFixture<{ request: { uri: string; body: unknown } }>(rel).request;
const norm = (v: number[]) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));

interface List {
  data: { index: number; embedding: number[] }[];
  usage: { prompt_tokens: number };
}

describe("requests to Gemini", () => {
  it("batchEmbedContents as recorded (gemini-embedding-001 at 768); the key in x-goog-api-key, not the URL", () => {
    const body = { input: "Some text goes here", dimensions: 768 };
    const up = geminiEmbeddings.buildRequest(checkEmbeddingRequest(GEMINI, body, false), body, target("gemini-embedding-001"));
    const rec = recordedRequest("gemini/embeddings-batch-768.meta.json");
    expect(up.url.href).toBe(rec.uri);
    expect(JSON.parse(up.body)).toEqual(rec.body);
    expect(up.headers["x-goog-api-key"]).toBe("AIzaSyTESTKEY_0123456789abcdefghijklm");
    expect(up.url.search).toBe("");
  });

  it("input_type query is RETRIEVAL_QUERY, as in the recorded call of gemini-embedding-2-preview", () => {
    const body = { input: ["Hello, world!"], dimensions: 768, input_type: "query" };
    const up = geminiEmbeddings.buildRequest(checkEmbeddingRequest(GEMINI, body, false), body, target("gemini-embedding-2-preview"));
    const rec = recordedRequest("gemini/embeddings-embedcontent-dims.meta.json");
    expect(up.url.href).toBe(rec.uri);
    expect(JSON.parse(up.body)).toEqual(rec.body);
  });

  it("the default width is named (3072) so the answer matches the svc block", () => {
    const body = { input: ["a", "b"], input_type: "document" };
    const up = geminiEmbeddings.buildRequest(checkEmbeddingRequest(GEMINI, body, false), body, target("gemini-embedding-001"));
    expect(JSON.parse(up.body)).toEqual({
      requests: ["a", "b"].map((text) => ({ model: "models/gemini-embedding-001", content: { parts: [{ text }] }, outputDimensionality: 3072, taskType: "RETRIEVAL_DOCUMENT" })),
    });
  });

  it("the token count is the recorded countTokens call", () => {
    const req = checkEmbeddingRequest(GEMINI, { input: "Hello, world!" }, false);
    const up = geminiEmbeddings.tokenCounter!.buildRequest(req, target("gemini-embedding-2-preview"));
    const rec = recordedRequest("gemini/count-tokens.meta.json");
    expect(up.url.href).toBe(rec.uri);
    expect(JSON.parse(up.body)).toEqual(rec.body);
    expect(up.headers["x-goog-api-key"]).toBe("AIzaSyTESTKEY_0123456789abcdefghijklm");
  });
});

describe("Gemini's answers (recorded)", () => {
  it("vectors come back at unit length, in the recorded direction; no usage is reported", () => {
    const req = checkEmbeddingRequest(GEMINI, { input: "Some text goes here", dimensions: 768 }, false);
    const up = geminiEmbeddings.parseResponse(readFixture("gemini/embeddings-batch-768.json"), req);
    expect(up.usage).toBeUndefined();
    const recorded = readJsonFixture<{ embeddings: { values: number[] }[] }>("gemini/embeddings-batch-768.json").embeddings[0]!.values;
    expect(norm(recorded)).toBeCloseTo(0.5677, 3);
    const out = JSON.parse(renderEmbeddingList(up, req, "google/gemini-embedding-001", 5)) as List;
    const v = out.data[0]!.embedding;
    expect(v).toHaveLength(768);
    expect(norm(v)).toBeCloseTo(1, 9);
    v.forEach((x, i) => expect(x * norm(recorded)).toBeCloseTo(recorded[i]!, 9));
  });

  it("a reported usageMetadata.promptTokenCount is the usage", () => {
    const req = checkEmbeddingRequest(GEMINI, { input: "a" }, false);
    const up = geminiEmbeddings.parseResponse(JSON.stringify({ embeddings: [{ values: [3, 4] }], usageMetadata: { promptTokenCount: 7 } }), req);
    expect(up).toEqual({ vectors: [[0.6, 0.8]], usage: { inputTokens: 7 } });
  });

  it("countTokens (recorded) reads totalTokens; anything else reads as no count", () => {
    expect(geminiEmbeddings.tokenCounter!.parseResponse(readFixture("gemini/count-tokens.json"))).toBe(5);
    expect(geminiEmbeddings.tokenCounter!.parseResponse("{}")).toBeUndefined();
    expect(geminiEmbeddings.tokenCounter!.parseResponse("<html>")).toBeUndefined();
  });

  it("404 (recorded) keeps its status and Google's message", () => {
    const err = geminiEmbeddings.upstreamError(404, {}, readFixture("gemini/error-404-embed.json"), "AIzaSyTESTKEY_0123456789abcdefghijklm");
    expect(err.status).toBe(404);
    expect(err.message).toMatch(/^models\/nonexistent-model is not found for API version v1beta, or is not supported for embedContent/);
  });
});
