import { describe, expect, it } from "vitest";
import { type EmbeddingModel, loadCatalog } from "../../../../catalog/src/index.ts";
import { readFixture, readJsonFixture } from "../../../../test/harness/fixtures.ts";
import { checkEmbeddingRequest } from "../../capabilities/embedding.ts";
import { base64ToFloats, renderEmbeddingList } from "../shared/embedding-list.ts";
import { voyageEmbeddings } from "./embeddings.ts";

const VOYAGE = loadCatalog().resolve("voyage/voyage-3.5") as EmbeddingModel;
const target = { baseUrl: "https://api.voyageai.com/v1", credential: "pa-voyage-secret-0123456789", upstreamModel: "voyage-3.5" };
const build = (body: Record<string, unknown>) => {
  const up = voyageEmbeddings.buildRequest(checkEmbeddingRequest(VOYAGE, body, false), body, target);
  return { ...up, json: JSON.parse(up.body) as unknown };
};

interface List {
  data: { index: number; embedding: number[] | string }[];
  model: string;
  usage: { prompt_tokens: number; total_tokens: number };
}

describe("requests to Voyage", () => {
  it("the recorded request's fields: input list, input_type, base64; the default width is always named", () => {
    const up = build({ model: "voyage/voyage-3.5", input: "Hello, world!", input_type: "query", encoding_format: "base64" });
    expect(up.url.href).toBe("https://api.voyageai.com/v1/embeddings");
    expect(up.headers.authorization).toBe("Bearer pa-voyage-secret-0123456789");
    expect(up.json).toEqual({ model: "voyage-3.5", input: ["Hello, world!"], input_type: "query", output_dimension: 1024, encoding_format: "base64" });
  });

  it("floats by default, the client's width, no input_type unless asked", () => {
    expect(build({ input: ["a", "b"], dimensions: 256, input_type: "document" }).json).toEqual({ model: "voyage-3.5", input: ["a", "b"], input_type: "document", output_dimension: 256 });
    expect(build({ input: ["a"], dimensions: 2048 }).json).toEqual({ model: "voyage-3.5", input: ["a"], output_dimension: 2048 });
  });
});

describe("Voyage's answers (recorded)", () => {
  it("base64 (voyage/embeddings.json): the string goes on, usage is total_tokens", () => {
    const req = checkEmbeddingRequest(VOYAGE, { input: "Hello, world!", encoding_format: "base64" }, false);
    const up = voyageEmbeddings.parseResponse(readFixture("voyage/embeddings.json"), req);
    expect(up.usage).toEqual({ inputTokens: 3 });
    const recorded = readJsonFixture<List>("voyage/embeddings.json");
    const out = JSON.parse(renderEmbeddingList(up, req, "voyage/voyage-3.5", 3)) as List;
    expect(out).toEqual({ object: "list", data: [{ object: "embedding", index: 0, embedding: recorded.data[0]!.embedding }], model: "voyage/voyage-3.5", usage: { prompt_tokens: 3, total_tokens: 3 } });
    expect(base64ToFloats(out.data[0]!.embedding as string)).toHaveLength(1024);
  });

  it("floats (vercel recording, two inputs): in index order, as OpenAI's list", () => {
    const req = checkEmbeddingRequest(VOYAGE, { input: ["sunny day", "rainy day"] }, false);
    const up = voyageEmbeddings.parseResponse(readFixture("voyage/vercel-embeddings.json"), req);
    const recorded = readJsonFixture<List>("voyage/vercel-embeddings.json");
    expect(up.usage).toEqual({ inputTokens: 12 });
    const out = JSON.parse(renderEmbeddingList(up, req, "voyage/voyage-3.5", 12)) as List;
    expect(out.data.map((d) => d.embedding)).toEqual(recorded.data.map((d) => d.embedding));
  });
});

describe("Voyage's errors", () => {
  it("400 (recorded) keeps its status and Voyage's `detail`", () => {
    const err = voyageEmbeddings.upstreamError(400, {}, readFixture("voyage/error-400.json"), target.credential);
    expect(err.status).toBe(400);
    expect(JSON.parse(err.toOpenAI())).toMatchObject({ error: { type: "invalid_request_error", message: expect.stringMatching(/^Model nonexistent is not supported\./) } });
  });

  it("401 is the gateway's credential failing; 5xx says nothing of the provider's text; the key never shows", () => {
    expect(voyageEmbeddings.upstreamError(401, {}, JSON.stringify({ detail: "Provided API key is invalid." }), target.credential)).toMatchObject({ status: 502, code: "upstream_auth_failed" });
    expect(voyageEmbeddings.upstreamError(503, {}, "<html>", target.credential)).toMatchObject({ status: 502, code: "upstream_error" });
    const leaky = voyageEmbeddings.upstreamError(400, {}, JSON.stringify({ detail: `bad key ${target.credential}` }), target.credential);
    expect(leaky.toOpenAI()).not.toContain(target.credential);
  });
});
