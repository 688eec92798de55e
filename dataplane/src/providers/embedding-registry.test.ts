import { describe, expect, it } from "vitest";
import { type EmbeddingModel, loadCatalog } from "../../../catalog/src/index.ts";
import { readFixture } from "../../../test/harness/fixtures.ts";
import { checkEmbeddingRequest } from "../capabilities/embedding.ts";
import { embeddingAdapterFor, hasEmbeddingAdapter } from "./embedding-registry.ts";
import { base64ToFloats, renderEmbeddingList } from "./shared/embedding-list.ts";

const catalog = loadCatalog();
const models = catalog.models.filter((m): m is EmbeddingModel => m.kind === "embedding");
const CREDENTIAL = "conformance-secret-credential-0123456789";

/** One recorded answer per wire, for one input (Mistral has no recording of its own: it speaks OpenAI's list). */
const RECORDED: Readonly<Record<string, string>> = {
  openai: "openai/embeddings-base64.json",
  voyage: "voyage/embeddings.json",
  gemini: "gemini/embeddings-batch-768.json",
  cohere: "cohere/embeddings-v2.json",
};

// The conformance suite every embeddings adapter runs, over every embedding model of the catalog.
describe.each(models.map((m) => [m.slug, m] as const))("%s", (_, model) => {
  const provider = catalog.providers.get(model.provider)!;
  const adapter = embeddingAdapterFor(provider)!;
  const target = { baseUrl: provider.base_url, credential: CREDENTIAL, upstreamModel: model.upstream_id };

  it("has an adapter, so it is served wherever its provider has a credential", () => {
    expect(hasEmbeddingAdapter(model, provider)).toBe(true);
    expect(adapter).toBeDefined();
  });

  it("calls the provider's own host with the credential in a header, never in the URL, and names the upstream model", () => {
    const body = { model: model.slug, input: ["one", "two"], dimensions: model.svc.default_dimensions };
    const up = adapter.buildRequest(checkEmbeddingRequest(model, body, adapter.tokenInput), body, target);
    expect(up.url.origin).toBe(new URL(provider.base_url).origin);
    expect(up.url.href).not.toContain(CREDENTIAL);
    expect(Object.values(up.headers).some((v) => v.includes(CREDENTIAL))).toBe(true);
    expect(up.body).not.toContain(CREDENTIAL);
    expect(up.body).toContain(model.upstream_id.replace(/^models\//, ""));
    expect(up.body).not.toContain(model.slug);
  });

  it("reads its wire's recorded answer into OpenAI's list, in both encodings", () => {
    for (const encoding_format of ["float", "base64"] as const) {
      const req = checkEmbeddingRequest(model, { input: "Hello, world!", encoding_format }, adapter.tokenInput);
      const up = adapter.parseResponse(readFixture(RECORDED[provider.wire]!), req);
      const list = JSON.parse(renderEmbeddingList(up, req, model.slug, 7)) as { data: { embedding: number[] | string }[]; model: string; usage: unknown };
      expect(list.model).toBe(model.slug);
      expect(list.usage).toEqual({ prompt_tokens: 7, total_tokens: 7 });
      const vector = list.data[0]!.embedding;
      const floats = typeof vector === "string" ? base64ToFloats(vector) : vector;
      expect(typeof vector).toBe(encoding_format === "base64" ? "string" : "object");
      expect(Math.sqrt(floats.reduce((s, x) => s + x * x, 0))).toBeCloseTo(1, 5);
    }
  });

  it("turns the provider's refusal of the gateway's credential into the gateway's own 502, and its 5xx too", () => {
    expect(adapter.upstreamError(401, {}, JSON.stringify({ error: { message: CREDENTIAL } }), CREDENTIAL)).toMatchObject({ status: 502, code: "upstream_auth_failed" });
    const failed = adapter.upstreamError(500, {}, JSON.stringify({ message: `boom ${CREDENTIAL}` }), CREDENTIAL);
    expect(failed).toMatchObject({ status: 502, code: "upstream_error" });
    expect(failed.toOpenAI()).not.toContain(CREDENTIAL);
  });
});
