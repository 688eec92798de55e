import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../../catalog/src/index.ts";
import type { KeyEntry } from "../../../proto/messages.ts";
import type { DataPlaneDeps } from "../deps.ts";
import { GatewayError } from "../errors.ts";
import { CredentialPool } from "../providers/credentials.ts";
import { isServable, resolveForUse, visibleModel } from "./model-access.ts";

const catalog = loadCatalog();
const deps = { catalog, credentials: new CredentialPool(catalog, { OPENAI_API_KEY: "sk-a,sk-b", MISTRAL_API_KEY: "m" }) } as unknown as DataPlaneDeps;
const all: KeyEntry = { id: "k", allModels: true };
const narrow: KeyEntry = { id: "n", allModels: false, models: ["openai/gpt-4o-mini"] };

function outcome(key: KeyEntry, id: unknown): string {
  try {
    return resolveForUse(deps, key, id, "chat").model.slug;
  } catch (e) {
    if (e instanceof GatewayError) return `${e.status} ${e.code}`;
    throw e;
  }
}

describe("resolving a model for use, in SPEC 7 order", () => {
  it.each([
    ["slug", all, "openai/gpt-4o", "openai/gpt-4o"],
    ["bare alias", all, "gpt-4o", "openai/gpt-4o"],
    ["other OpenAI-compatible provider, by alias", all, "mistral-large-latest", "mistral/mistral-large-2512"],
    ["unknown", all, "openai/gpt-0", "404 model_not_found"],
    ["missing", all, undefined, "400 invalid_request_error"],
    ["wrong kind, even outside the allowlist", narrow, "openai/text-embedding-3-small", "400 wrong_endpoint_for_model"],
    ["outside allowlist", narrow, "openai/gpt-4o", "403 model_not_allowed"],
    ["inside allowlist, by alias", narrow, "gpt-4o-mini", "openai/gpt-4o-mini"],
    ["provider without credential", all, "deepseek/deepseek-v4-pro", "503 no_usable_credential"],
    ["translated provider without credential", all, "anthropic/claude-haiku-4-5", "503 no_usable_credential"],
  ])("%s: %s", (_, key, id, expected) => {
    expect(outcome(key, id)).toBe(expected);
  });

  it("names the endpoint that would have worked", () => {
    expect(() => resolveForUse(deps, all, "openai/text-embedding-3-small", "chat")).toThrow("POST /v1/embeddings");
  });

  it.each([
    [all, "gpt-4o", "openai/gpt-4o"],
    [narrow, "openai/gpt-4o", undefined],
    [all, "deepseek/deepseek-v4-pro", undefined],
    [all, "nobody/nothing", undefined],
  ])("detail visibility is one answer for every reason: %j %s", (key, id, expected) => {
    expect(visibleModel(deps, key, id)?.slug).toBe(expected);
  });
});

describe("credential pool", () => {
  it("uses a provider's credentials in turn and honours <NS>_BASE_URL", () => {
    const pool = new CredentialPool(catalog, { OPENAI_API_KEY: "sk-a, sk-b", OPENAI_BASE_URL: "http://127.0.0.1:9/v1" });
    expect([pool.pick("openai"), pool.pick("openai"), pool.pick("openai")].map((p) => p?.credential)).toEqual(["sk-a", "sk-b", "sk-a"]);
    expect(pool.pick("openai")?.baseUrl).toBe("http://127.0.0.1:9/v1");
    expect(pool.pick("mistral")).toBeUndefined();
  });
});

describe("an embedding model (its route and adapters exist)", () => {
  it("is servable where its provider has a credential, and only there", () => {
    const m = catalog.resolve("openai/text-embedding-3-small")!;
    expect(isServable(deps, m)).toBe(true);
    expect(visibleModel(deps, all, m.slug)?.slug).toBe("openai/text-embedding-3-small");
    expect(isServable(deps, catalog.resolve("voyage/voyage-3.5")!)).toBe(false);
  });
});
