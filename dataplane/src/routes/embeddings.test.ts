import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../../catalog/src/index.ts";
import { hashKey } from "../../../proto/key-hash.ts";
import { SnapshotStore } from "../auth/snapshot-store.ts";
import type { DataPlaneDeps } from "../deps.ts";
import { GatewayError } from "../errors.ts";
import type { RequestContext } from "../http/context.ts";
import { KeyHashes } from "../auth/key-hashes.ts";
import { CredentialPool } from "../providers/credentials.ts";
import { embeddings } from "./embeddings.ts";

// Every refusal of POST /v1/embeddings is thrown before admission, and the server answers a thrown GatewayError with
// its status and toOpenAI() body; that pair is what these tests read. The deps hold no ledger, bus or upstream
// client, so a request that got past the checks would fail on them with a TypeError, not pass.
const SECRET = "route-test-secret-0123456789";
const KEY = "svc_embeddingsroutetest0000000000000000000000";
const NARROW = "svc_embeddingsnarrowkey00000000000000000000000";
const catalog = loadCatalog();
const store = new SnapshotStore();
store.applyFull(
  {
    epoch: "e",
    sequence: 1,
    orgs: [{ id: "org", balanceMicros: 1_000_000 }],
    keys: [
      { id: "k", hash: hashKey(SECRET, KEY), orgId: "org", kind: "inference", allModels: true },
      { id: "n", hash: hashKey(SECRET, NARROW), orgId: "org", kind: "inference", allModels: false, models: ["openai/text-embedding-3-small"] },
    ],
  },
  Date.now(),
);
// OpenAI and Voyage have a credential; Cohere, Mistral and Google have none
const env = { OPENAI_API_KEY: "sk-test", VOYAGE_API_KEY: "pa-test" };
const deps = { catalog, credentials: new CredentialPool(catalog, env), store, keyHashes: new KeyHashes(SECRET) } as unknown as DataPlaneDeps;

interface Answer {
  status: number;
  body: { error: { message: string; type: string; param: string | null; code: string } };
}

async function embed(body: unknown, key = KEY): Promise<Answer> {
  const raw = Buffer.from(typeof body === "string" ? body : JSON.stringify(body));
  const ctx = { authorization: key ? `Bearer ${key}` : "", takeBody: () => raw } as unknown as RequestContext;
  try {
    await embeddings(deps, ctx, Promise.resolve());
  } catch (e) {
    if (e instanceof GatewayError) return { status: e.status, body: JSON.parse(e.toOpenAI()) as Answer["body"] };
    throw e;
  }
  throw new Error("the request was not refused");
}

const voyage = (extra: Record<string, unknown>) => ({ model: "voyage/voyage-3.5", input: "hello", ...extra });
const bad = (param: string | null, message: RegExp, code = "invalid_request_error") => ({
  status: 400,
  body: { error: { message: expect.stringMatching(message), type: "invalid_request_error", param, code } },
});

describe("POST /v1/embeddings refuses in the OpenAI dialect", () => {
  it.each([
    ["a body that is not JSON", "{nope", bad(null, /not valid JSON/, "invalid_json")],
    ["no model", { input: "hello" }, bad("model", /`model` is required/)],
    ["a chat model: the message names the endpoint that serves it", { model: "openai/gpt-4o", input: "hi" }, bad("model", /send it to POST \/v1\/chat\/completions/, "wrong_endpoint_for_model")],
    ["no input", { model: "voyage/voyage-3.5" }, bad("input", /`input` is required/)],
    ["an empty string", voyage({ input: "" }), bad("input", /must not be an empty string/)],
    ["an empty array", voyage({ input: [] }), bad("input", /must not be an empty array/)],
    ["an empty string in the array, named by its index", voyage({ input: ["a", ""] }), bad("input[1]", /`input\[1\]` must not be an empty string/)],
    ["an object", voyage({ input: { text: "a" } }), bad("input", /`input` is required: a string, an array of strings/)],
    ["a number", voyage({ input: 42 }), bad("input", /`input` is required/)],
    ["strings and token ids mixed", voyage({ input: ["a", 1] }), bad("input", /not a mix/)],
    ["token ids to a provider that embeds text only", voyage({ input: [1, 2, 3] }), bad("input", /embeds text only/)],
    ["token ids that are not non-negative integers", { model: "openai/text-embedding-3-small", input: [[1, -2]] }, bad("input[0][1]", /must be a token id/)],
    ["an empty token-id array", { model: "openai/text-embedding-3-small", input: [[1], []] }, bad("input[1]", /must not be an empty array of token ids/)],
    ["a width outside the published set", voyage({ dimensions: 300 }), bad("dimensions", /does not return 300-dimensional vectors; the widths it returns are 2048, 1024, 512, 256 \(default 1024\)/)],
    ["a width one past the largest", voyage({ dimensions: 2049 }), bad("dimensions", /2049/)],
    ["width 0", voyage({ dimensions: 0 }), bad("dimensions", /must be a positive integer/)],
    ["a fractional width", { model: "openai/text-embedding-3-small", input: "a", dimensions: 256.5 }, bad("dimensions", /must be a positive integer; its default width is 1536/)],
    ["a width as a string", voyage({ dimensions: "256" }), bad("dimensions", /must be a positive integer/)],
    ["an unknown encoding_format", voyage({ encoding_format: "int8" }), bad("encoding_format", /Invalid `encoding_format`/)],
    ["stream: true", voyage({ stream: true }), bad("stream", /never streamed/)],
    ["a stream flag that is not a boolean", voyage({ stream: "yes" }), bad("stream", /Invalid `stream`/)],
    ["an unknown input_type", voyage({ input_type: "passage" }), bad("input_type", /Invalid `input_type`/)],
  ])("%s → 400", async (_, body, expected) => {
    expect(await embed(body)).toEqual(expected);
  });

  it("a bad width is a 400 even where the provider has no credential; a good one there is the 503", async () => {
    expect(await embed({ model: "cohere/embed-v4.0", input: "a", dimensions: 300 })).toEqual(bad("dimensions", /embed-v4\.0` does not return 300-dimensional/));
    expect(await embed({ model: "mistral/mistral-embed", input: "a", dimensions: 512 })).toEqual(bad("dimensions", /the widths it returns are 1024/));
    expect(await embed({ model: "cohere/embed-v4.0", input: "a", dimensions: 256 })).toMatchObject({ status: 503, body: { error: { code: "no_usable_credential" } } });
    expect(await embed({ model: "google/gemini-embedding-001", input: "a", stream: true })).toEqual(bad("stream", /never streamed/));
  });

  it("a model outside the key's allowlist is 403 before its body is judged", async () => {
    expect(await embed(voyage({ dimensions: 300 }), NARROW)).toMatchObject({ status: 403, body: { error: { code: "model_not_allowed", param: "model" } } });
  });

  it("an unknown model is 404; a missing key 401", async () => {
    expect(await embed({ model: "voyage/voyage-0", input: "a" })).toMatchObject({ status: 404, body: { error: { code: "model_not_found" } } });
    expect(await embed({ model: "voyage/voyage-3.5", input: "a" }, "")).toMatchObject({ status: 401 });
  });
});
