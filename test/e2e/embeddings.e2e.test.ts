import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { readJsonFixture } from "../harness/fixtures.ts";
import { eventually, mediaUpstreamEnv, useEmbeddedGateway } from "../harness/gateway.ts";

// Rates of catalog/models/*.yaml in micro-USD per million tokens, and the tokens the mock bills per input (the
// recordings' own counts: openai/embeddings-base64.json 4, voyage/embeddings.json 3, cohere/embeddings-v2.json 4,
// gemini/count-tokens.json 5; Mistral has no recording and answers as OpenAI's).
const RATE = { small: 20_000, voyage35: 60_000, cohere: 120_000, gemini001: 150_000, mistral: 100_000 };
const PER_INPUT = { openai: 4, voyage: 3, cohere: 4, gemini: 5, mistral: 4 };
/** The one rounding rule (metering/cost.ts): up, once per request. */
const cost = (tokens: number, ratePerMtok: number) => Math.ceil((tokens * ratePerMtok) / 1_000_000);
const OPENING_CREDIT = 10_000_000;

const texts = (n: number) => Array.from({ length: n }, (_, i) => `text number ${i}`);
const norm = (v: readonly number[]) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));
const float32 = (base64: string) => {
  const b = Buffer.from(base64, "base64");
  return Array.from({ length: b.length / 4 }, (_, i) => b.readFloatLE(i * 4));
};
const recordedOpenAIVector = float32(readJsonFixture<{ data: { embedding: string }[] }>("openai/embeddings-base64.json").data[0]!.embedding);

/**
 * The official openai client, unchanged but for its base URL, gets embeddings from every provider that serves them:
 * OpenAI and Mistral (OpenAI's wire), Voyage, Gemini and Cohere (translated), base64 (the client's default, which
 * it decodes itself) and float, with and without `dimensions`; every call is priced to the micro-USD.
 */
describe("POST /v1/embeddings with every provider's credential", () => {
  const g = useEmbeddedGateway({ env: (mock) => mediaUpstreamEnv(mock) });
  let spent = 0;
  const charged = (res: Response, expected: number) => {
    expect(res.headers.get("x-svc-cost-micros")).toBe(String(expected));
    spent += expected;
  };
  const raw = (body: Record<string, unknown>) =>
    fetch(`${g.base}/v1/embeddings`, { method: "POST", headers: { authorization: `Bearer ${g.key}`, "content-type": "application/json" }, body: JSON.stringify(body) });

  it("lists the embedding models and publishes their svc block on the detail route", async () => {
    const ids: string[] = [];
    for await (const m of g.client.models.list()) ids.push(m.id);
    expect(ids).toEqual(expect.arrayContaining(["openai/text-embedding-3-small", "voyage/voyage-3.5", "google/gemini-embedding-001", "cohere/embed-v4.0", "mistral/mistral-embed"]));
    expect(await g.client.models.retrieve("voyage-3.5")).toEqual({
      id: "voyage/voyage-3.5",
      object: "model",
      created: 0,
      owned_by: "voyage",
      svc: { kind: "embedding", default_dimensions: 1024, supported_dimensions: [2048, 1024, 512, 256] },
    });
    // no set published: the provider judges the width
    expect(await g.client.models.retrieve("openai/text-embedding-3-small")).toMatchObject({ svc: { kind: "embedding", default_dimensions: 1536 } });
    expect(((await g.client.models.retrieve("openai/text-embedding-3-small")) as unknown as { svc: object }).svc).not.toHaveProperty("supported_dimensions");
  });

  it("OpenAI, the client's default (base64): the recorded vector, named by the slug, the body passed through", async () => {
    const { data, response } = await g.client.embeddings.create({ model: "openai/text-embedding-3-small", input: "Hello, world!" }).withResponse();
    expect(data).toEqual({ object: "list", data: [{ object: "embedding", index: 0, embedding: recordedOpenAIVector }], model: "openai/text-embedding-3-small", usage: { prompt_tokens: 4, total_tokens: 4 } });
    charged(response, cost(4, RATE.small));
    const up = g.mock.requests.at(-1)!;
    expect(up.path).toBe("/v1/embeddings");
    expect(up.headers.authorization).toBe("Bearer sk-upstream-test-credential");
    expect(up.json).toEqual({ model: "text-embedding-3-small", input: "Hello, world!", encoding_format: "base64" });
  });

  it("OpenAI with dimensions, float: fifty vectors of the width asked", async () => {
    const { data, response } = await g.client.embeddings.create({ model: "text-embedding-3-small", input: texts(50), dimensions: 256, encoding_format: "float" }).withResponse();
    expect(data.data.map((d) => [d.index, d.embedding.length])).toEqual(texts(50).map((_, i) => [i, 256]));
    expect(data.data[7]!.embedding).toEqual(recordedOpenAIVector.slice(0, 256));
    expect(data.usage).toEqual({ prompt_tokens: 200, total_tokens: 200 });
    charged(response, cost(200, RATE.small));
    expect(g.mock.requests.at(-1)!.json).toMatchObject({ dimensions: 256, encoding_format: "float" });
  });

  it("OpenAI publishes no set: a width the provider refuses comes back as its 400, and costs nothing", async () => {
    const res = await raw({ model: "openai/text-embedding-3-small", input: "a", dimensions: 4096 });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { message: "Invalid 'dimensions': text-embedding-3-small returns at most 1536 dimensions.", type: "invalid_request_error", param: "dimensions", code: "invalid_request_error" } });
    expect(res.headers.get("x-svc-cost-micros")).toBeNull();
  });

  it("Voyage, base64 by default: its own base64 passed on, the default width named upstream", async () => {
    const { data, response } = await g.client.embeddings.create({ model: "voyage/voyage-3.5", input: texts(20) }).withResponse();
    expect(data.model).toBe("voyage/voyage-3.5");
    expect(data.data.map((d) => d.embedding.length)).toEqual(Array(20).fill(1024));
    expect(norm(data.data[0]!.embedding)).toBeCloseTo(1, 5);
    expect(data.usage).toEqual({ prompt_tokens: 60, total_tokens: 60 });
    charged(response, cost(60, RATE.voyage35));
    const up = g.mock.requests.at(-1)!;
    expect(up.path).toBe("/voyage/v1/embeddings");
    expect(up.headers.authorization).toBe("Bearer voyage-upstream-test-credential");
    expect(up.json).toEqual({ model: "voyage-3.5", input: texts(20), output_dimension: 1024, encoding_format: "base64" });
  });

  it("Voyage at 2048, float, as a query (the gateway's input_type)", async () => {
    const res = await raw({ model: "voyage-3.5", input: "where is the beach?", dimensions: 2048, encoding_format: "float", input_type: "query" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { embedding: number[] }[]; usage: unknown };
    expect(body.data[0]!.embedding).toHaveLength(2048);
    expect(body.usage).toEqual({ prompt_tokens: 3, total_tokens: 3 });
    charged(res, cost(3, RATE.voyage35));
    expect(g.mock.requests.at(-1)!.json).toEqual({ model: "voyage-3.5", input: ["where is the beach?"], input_type: "query", output_dimension: 2048 });
  });

  it("Gemini: unit vectors at the default 3072, metered by Google's countTokens; the key never in a URL", async () => {
    const before = g.mock.requests.length;
    const { data, response } = await g.client.embeddings.create({ model: "google/gemini-embedding-001", input: texts(10) }).withResponse();
    expect(data.data.map((d) => d.embedding.length)).toEqual(Array(10).fill(3072));
    for (const d of data.data) expect(norm(d.embedding)).toBeCloseTo(1, 5);
    expect(data.usage).toEqual({ prompt_tokens: 50, total_tokens: 50 });
    charged(response, cost(50, RATE.gemini001));
    const calls = g.mock.requests.slice(before);
    expect(calls.map((c) => c.path).sort()).toEqual(["/v1beta/models/gemini-embedding-001:batchEmbedContents", "/v1beta/models/gemini-embedding-001:countTokens"]);
    for (const c of calls) expect(c.headers["x-goog-api-key"]).toBe("goog-upstream-test-credential");
  });

  it("Gemini at 768, float: still unit length (the recording at 768 is not)", async () => {
    const { data, response } = await g.client.embeddings.create({ model: "gemini-embedding-001", input: "Some text goes here", dimensions: 768, encoding_format: "float" }).withResponse();
    expect(data.data[0]!.embedding).toHaveLength(768);
    expect(norm(data.data[0]!.embedding)).toBeCloseTo(1, 9);
    charged(response, cost(5, RATE.gemini001));
  });

  it("Cohere at 512, base64 by default: floats asked of Cohere, encoded by the gateway, as search_document", async () => {
    const { data, response } = await g.client.embeddings.create({ model: "cohere/embed-v4.0", input: texts(30), dimensions: 512 }).withResponse();
    expect(data.data.map((d) => d.embedding.length)).toEqual(Array(30).fill(512));
    expect(data.usage).toEqual({ prompt_tokens: 120, total_tokens: 120 });
    charged(response, cost(120, RATE.cohere));
    const up = g.mock.requests.at(-1)!;
    expect(up.path).toBe("/cohere/v2/embed");
    expect(up.headers.authorization).toBe("Bearer cohere-upstream-test-credential");
    expect(up.json).toEqual({ model: "embed-v4.0", texts: texts(30), input_type: "search_document", embedding_types: ["float"], output_dimension: 512 });
  });

  it("Cohere as a query, at its default width", async () => {
    const res = await raw({ model: "embed-v4.0", input: ["a question"], input_type: "query", encoding_format: "float" });
    const body = (await res.json()) as { data: { embedding: number[] }[] };
    expect(body.data[0]!.embedding).toHaveLength(1536);
    charged(res, cost(4, RATE.cohere));
    expect(g.mock.requests.at(-1)!.json).toMatchObject({ input_type: "search_query", output_dimension: 1536 });
  });

  it("Mistral: its only width may be named, and is not forwarded (Mistral refuses unknown fields)", async () => {
    const { data, response } = await g.client.embeddings.create({ model: "mistral/mistral-embed", input: texts(5), dimensions: 1024, user: "end-user-1" }).withResponse();
    expect(data.data.map((d) => d.embedding.length)).toEqual(Array(5).fill(1024));
    expect(data.usage).toEqual({ prompt_tokens: 20, total_tokens: 20 });
    charged(response, cost(20, RATE.mistral));
    const up = g.mock.requests.at(-1)!;
    expect(up.path).toBe("/mistral/v1/embeddings");
    expect(up.headers.authorization).toBe("Bearer mistral-upstream-test-credential");
    expect(up.json).toEqual({ model: "mistral-embed", input: texts(5) });
  });

  it("refuses locally, before any upstream call: a width outside the set, a stream, an empty input", async () => {
    const before = g.mock.requests.length;
    await expect(g.client.embeddings.create({ model: "mistral-embed", input: "a", dimensions: 512 })).rejects.toMatchObject({ status: 400, param: "dimensions", code: "invalid_request_error" });
    await expect(g.client.embeddings.create({ model: "voyage-3.5", input: "a", dimensions: 300 })).rejects.toMatchObject({ status: 400, param: "dimensions" });
    expect((await raw({ model: "voyage-3.5", input: "a", stream: true })).status).toBe(400);
    await expect(g.client.embeddings.create({ model: "embed-v4.0", input: [] })).rejects.toMatchObject({ status: 400, param: "input" });
    await expect(g.client.embeddings.create({ model: "openai/gpt-4o", input: "a" })).rejects.toMatchObject({ status: 400, code: "wrong_endpoint_for_model" });
    expect(g.mock.requests.length).toBe(before);
  });

  it("a provider's refusal comes back in the OpenAI dialect with its message, and costs nothing", async () => {
    g.mock.failNext(400, readJsonFixture("voyage/error-400.json"));
    const res = await raw({ model: "voyage-3.5", input: "a" });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { message: string; type: string } };
    expect(body.error.type).toBe("invalid_request_error");
    expect(body.error.message).toMatch(/^Model nonexistent is not supported\./);
    expect(JSON.stringify(body)).not.toContain("voyage-upstream-test-credential");
  });

  it("the ledger holds exactly the priced calls: /v1/credits and the key's own spend", async () => {
    expect(spent).toBe(cost(4, RATE.small) + cost(200, RATE.small) + cost(60, RATE.voyage35) + cost(3, RATE.voyage35) + cost(50, RATE.gemini001) + cost(5, RATE.gemini001) + cost(120, RATE.cohere) + cost(4, RATE.cohere) + cost(20, RATE.mistral));
    const auth = { headers: { authorization: `Bearer ${g.key}` } };
    await eventually(async () => {
      const credits = (await (await fetch(`${g.base}/v1/credits`, auth)).json()) as { available_micros: number };
      expect(credits.available_micros).toBe(OPENING_CREDIT - spent);
      const me = (await (await fetch(`${g.base}/v1/key`, auth)).json()) as { spend_this_month_micros: number };
      expect(me.spend_this_month_micros).toBe(spent);
    });
  });
});

describe("POST /v1/embeddings where the provider has no credential", () => {
  // only OpenAI, Anthropic and Google have credentials here
  const g = useEmbeddedGateway();

  it("a width outside the published set is still the 400; a good one is the 503; nothing reaches an upstream", async () => {
    const client = new OpenAI({ baseURL: `${g.base}/v1`, apiKey: g.key, maxRetries: 0 });
    await expect(client.embeddings.create({ model: "voyage/voyage-3.5", input: "a", dimensions: 300 })).rejects.toMatchObject({
      status: 400,
      param: "dimensions",
      message: expect.stringContaining("the widths it returns are 2048, 1024, 512, 256"),
    });
    await expect(client.embeddings.create({ model: "cohere/embed-v4.0", input: "a", dimensions: 100 })).rejects.toMatchObject({ status: 400, param: "dimensions" });
    await expect(client.embeddings.create({ model: "voyage/voyage-3.5", input: "a", dimensions: 256 })).rejects.toMatchObject({ status: 503, code: "no_usable_credential" });
    await expect(client.models.retrieve("voyage/voyage-3.5")).rejects.toMatchObject({ status: 404 });
    expect(g.mock.requests).toEqual([]);
  });
});
