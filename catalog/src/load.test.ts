import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CatalogError, formatProblem, type CatalogProblem } from "./errors.ts";
import { loadCatalog } from "./load.ts";
import { baseCatalog, modelAt, modelsOf, removeTempCatalogs, writeCatalog, type RawCatalog } from "./temp-catalog.test-helper.ts";
import { MODEL_KINDS } from "./vocab.ts";

afterAll(removeTempCatalogs);

describe("the real catalog", () => {
  const catalog = loadCatalog();

  it("loads models of every kind from several providers", () => {
    for (const kind of MODEL_KINDS) {
      const providers = new Set(catalog.models.filter((m) => m.kind === kind).map((m) => m.provider));
      expect(providers.size, kind).toBeGreaterThanOrEqual(2);
    }
  });

  it("gives every provider at least one model", () => {
    const used = new Set(catalog.models.map((m) => m.provider));
    expect([...catalog.providers.keys()].filter((ns) => !used.has(ns))).toEqual([]);
  });

  it.each([
    ["openai/gpt-4o", "openai/gpt-4o"],
    ["gpt-4o", "openai/gpt-4o"],
    ["gpt-5.6", "openai/gpt-5.6-sol"],
    ["gpt-5.6-sol", "openai/gpt-5.6-sol"],
    ["claude-sonnet-4-6", "anthropic/claude-sonnet-4-6"],
    ["gemini-3-flash-preview", "google/gemini-3-flash-preview"],
    ["mistral-large-latest", "mistral/mistral-large-2512"],
    ["groq/openai/gpt-oss-120b", "groq/openai/gpt-oss-120b"],
    ["gpt-oss-120b", "groq/openai/gpt-oss-120b"],
    ["meta-llama/Llama-3.3-70B-Instruct-Turbo", "together/meta-llama/Llama-3.3-70B-Instruct-Turbo"],
    ["scribe_v2", "elevenlabs/scribe_v2"],
  ])("resolves %s to %s", (name, slug) => {
    expect(catalog.resolve(name)?.slug).toBe(slug);
  });

  it.each(["openai/gpt-oss-120b", "GPT-4o", "openai", "", "gpt-image-1"])("does not resolve %j", (name) => {
    expect(catalog.resolve(name)).toBeUndefined();
  });

  it("resolves every slug and alias to the model that carries it", () => {
    for (const m of catalog.models) {
      for (const name of [m.slug, ...m.aliases]) expect(catalog.resolve(name), name).toBe(m);
    }
  });

  it("serves svc_json for every transcription model", () => {
    const missing = catalog.models.filter((m) => m.kind === "transcription" && !m.svc.response_formats.includes("svc_json"));
    expect(missing.map((m) => m.slug)).toEqual([]);
  });

  it("holds rates as integer micro-USD per unit", () => {
    expect(catalog.resolve("deepseek/deepseek-v4-pro")?.rates).toMatchObject({ input_micros: 435_000, cached_input_micros: 3625, input_display: "0.435" });
    expect(catalog.resolve("deepgram/nova-3")?.rates).toMatchObject({ unit: "minute", input_micros: 4300, output_micros: null });
  });

  it("prices every surcharged parameter a transcription model lists, and nothing else", () => {
    for (const m of catalog.models) {
      const priced = Object.keys(m.rates.surcharge_micros).sort();
      expect(priced, m.slug).toEqual(m.kind === "transcription" ? [...m.svc.surcharged_parameters].sort() : []);
    }
    expect(catalog.resolve("deepgram/nova-3")?.rates.surcharge_micros).toEqual({ entity_detection: 1700, entity_redaction: 2000, keyterms: 1300 });
  });

  it("is frozen", () => {
    const m = catalog.models[0];
    expect(Object.isFrozen(catalog) && Object.isFrozen(catalog.models) && Object.isFrozen(m) && Object.isFrozen(m?.rates)).toBe(true);
    expect(() => (m?.labels as string[]).push("x")).toThrow(TypeError);
  });
});

describe("a test catalog", () => {
  it("loads when valid, in providers.yaml order", () => {
    const c = loadCatalog(writeCatalog(baseCatalog()));
    expect(c.models.map((m) => m.slug)).toEqual(["alpha/chat-1", "alpha/embed-1", "alpha/image-1", "alpha/transcribe-1", "beta/chat-2"]);
  });
});

type Case = [name: string, change: (c: RawCatalog) => void, expected: Omit<CatalogProblem, "message"> & { message: string }];

const A = "alpha.yaml";
const M = `models/${A}`;
const cases: Case[] = [
  ["duplicate alias", (c) => void (modelAt(c, "beta.yaml", "beta/chat-2")["aliases"] = ["chat-1"]), { file: "models/beta.yaml", entry: "beta/chat-2", field: "aliases", message: "already an alias of alpha/chat-1" }],
  ["alias equal to a slug", (c) => void (modelAt(c, "beta.yaml", "beta/chat-2")["aliases"] = ["alpha/chat-1"]), { file: "models/beta.yaml", entry: "beta/chat-2", field: "aliases", message: "is a model slug" }],
  ["alias that reads as another provider's slug", (c) => void (modelAt(c, "beta.yaml", "beta/chat-2")["aliases"] = ["alpha/chat-9"]), { file: "models/beta.yaml", entry: "beta/chat-2", field: "aliases", message: "reads as a slug of provider alpha" }],
  ["alias listed twice", (c) => void (modelAt(c, "beta.yaml", "beta/chat-2")["aliases"] = ["two", "two"]), { file: "models/beta.yaml", entry: "beta/chat-2", field: "aliases", message: 'lists "two" twice' }],
  ["unknown provider", (c) => void (c.models["gamma.yaml"] = [{ ...modelAt(c, "beta.yaml", "beta/chat-2"), slug: "gamma/chat-3" }]), { file: "models/gamma.yaml", entry: null, field: null, message: 'names provider "gamma"' }],
  ["slug outside its file's provider", (c) => void (modelAt(c, "beta.yaml", "beta/chat-2")["slug"] = "alpha/chat-2"), { file: "models/beta.yaml", entry: "alpha/chat-2", field: "slug", message: 'must start with "beta/"' }],
  ["duplicate slug", (c) => void modelsOf(c, "beta.yaml").push({ ...modelAt(c, "beta.yaml", "beta/chat-2"), aliases: [] }), { file: "models/beta.yaml", entry: "beta/chat-2", field: "slug", message: "already used in models/beta.yaml" }],
  ["duplicate provider", (c) => void c.providers.push({ ...c.providers[1] }), { file: "providers.yaml", entry: "beta", field: "namespace", message: "declared twice" }],
  ["provider base_url with a trailing slash", (c) => void ((c.providers[0] ?? {})["base_url"] = "https://api.alpha.example/v1/"), { file: "providers.yaml", entry: "alpha", field: "base_url", message: "slash" }],
  ["transcription svc on an embedding model", (c) => void (modelAt(c, A, "alpha/embed-1")["svc"] = modelAt(c, A, "alpha/transcribe-1")["svc"]), { file: M, entry: "alpha/embed-1", field: "svc.default_dimensions", message: "expected number" }],
  ["svc block on a chat model", (c) => void (modelAt(c, A, "alpha/chat-1")["svc"] = { default_dimensions: 1 }), { file: M, entry: "alpha/chat-1", field: "svc", message: "chat models carry no svc block" }],
  ["image model without svc", (c) => void delete modelAt(c, A, "alpha/image-1")["svc"], { file: M, entry: "alpha/image-1", field: "svc", message: "need an svc block" }],
  ["rate with an exponent", (c) => void (modelAt(c, A, "alpha/chat-1")["rates"] = { unit: "mtok", input: "2e0", output: "1" }), { file: M, entry: "alpha/chat-1", field: "rates.input", message: "plain non-negative decimal" }],
  ["rate written as a YAML number", (c) => void (modelAt(c, A, "alpha/chat-1")["rates"] = { unit: "mtok", input: 2.5, output: "1" }), { file: M, entry: "alpha/chat-1", field: "rates.input", message: "quoted decimal string" }],
  ["rate with 7 decimals", (c) => void (modelAt(c, A, "alpha/embed-1")["rates"] = { unit: "mtok", input: "0.0000001", output: null }), { file: M, entry: "alpha/embed-1", field: "rates.input", message: "7 decimal places" }],
  ["negative rate", (c) => void (modelAt(c, "beta.yaml", "beta/chat-2")["rates"] = { unit: "mtok", input: "1", output: "-1" }), { file: "models/beta.yaml", entry: "beta/chat-2", field: "rates.output", message: "plain non-negative decimal" }],
  ["chat model without max_output_tokens", (c) => void delete modelAt(c, A, "alpha/chat-1")["max_output_tokens"], { file: M, entry: "alpha/chat-1", field: "max_output_tokens", message: "reserve credit" }],
  ["chat model priced per minute", (c) => void (modelAt(c, "beta.yaml", "beta/chat-2")["rates"] = { unit: "minute", input: "1", output: null }), { file: "models/beta.yaml", entry: "beta/chat-2", field: "rates.unit", message: "not a rate unit for chat" }],
  ["cache label without a cached rate", (c) => void (modelAt(c, A, "alpha/chat-1")["rates"] = { unit: "mtok", input: "1", output: "1" }), { file: M, entry: "alpha/chat-1", field: "rates.cached_input", message: "cache label" }],
  ["unknown chat label", (c) => void (modelAt(c, A, "alpha/chat-1")["labels"] = ["vision"]), { file: M, entry: "alpha/chat-1", field: "labels", message: '"vision" is not a chat label' }],
  ["transcription labels that disagree with svc", (c) => void (modelAt(c, A, "alpha/transcribe-1")["labels"] = ["transcription", "audio", "json"]), { file: M, entry: "alpha/transcribe-1", field: "labels", message: "differ from svc.response_formats" }],
  ["surcharged parameter without a rate", (c) => void (modelAt(c, A, "alpha/transcribe-1")["rates"] = { unit: "minute", input: "0.0043", output: null }), { file: M, entry: "alpha/transcribe-1", field: "rates.surcharges", message: "needs a rate for keyterms" }],
  ["surcharge rate for an unlisted parameter", (c) => void (modelAt(c, A, "alpha/transcribe-1")["rates"] = { unit: "minute", input: "0.0043", output: null, surcharges: { keyterms: "0.0013", entity_detection: "0.0017" } }), { file: M, entry: "alpha/transcribe-1", field: "rates.surcharges.entity_detection", message: "not in svc.surcharged_parameters" }],
  ["surcharge on a token-priced transcription model", (c) => void (modelAt(c, A, "alpha/transcribe-1")["rates"] = { unit: "mtok", input: "6", output: "10", surcharges: { keyterms: "0.0013" } }), { file: M, entry: "alpha/transcribe-1", field: "rates.surcharges", message: "need unit minute" }],
  ["surcharge on a chat model", (c) => void (modelAt(c, "beta.yaml", "beta/chat-2")["rates"] = { unit: "mtok", input: "1", output: "1", surcharges: { keyterms: "1" } }), { file: "models/beta.yaml", entry: "beta/chat-2", field: "rates.surcharges", message: "only transcription models carry surcharges" }],
  ["surcharge for an unknown parameter", (c) => void (modelAt(c, A, "alpha/transcribe-1")["rates"] = { unit: "minute", input: "0.0043", output: null, surcharges: { keyterms: "0.0013", diarize: "0.002" } }), { file: M, entry: "alpha/transcribe-1", field: "rates.surcharges", message: 'Unrecognized key: "diarize"' }],
  ["embedding default width missing from its label", (c) => void (modelAt(c, A, "alpha/embed-1")["svc"] = { default_dimensions: 768 }), { file: M, entry: "alpha/embed-1", field: "svc.default_dimensions", message: "not in the width label" }],
  ["image tier naming an unlisted size", (c) => void (modelAt(c, A, "alpha/image-1")["svc"] = { sizes: ["1024x1024"], qualities: ["low", "high"], max_n: 1, max_input_images: 0, tier_output_tokens: { "low:512x512": 1 } }), { file: M, entry: "alpha/image-1", field: "svc.tier_output_tokens.low:512x512", message: "not in svc.sizes" }],
  ["image with both sizes and min_edge", (c) => void (modelAt(c, A, "alpha/image-1")["svc"] = { sizes: ["1024x1024"], min_edge: 16, qualities: ["low", "high"], max_n: 1, max_input_images: 0 }), { file: M, entry: "alpha/image-1", field: "svc", message: "exactly one of sizes" }],
  ["misspelt field", (c) => void (modelAt(c, A, "alpha/chat-1")["context_windows"] = 1), { file: M, entry: "alpha/chat-1", field: null, message: "context_windows" }],
  ["entry without a slug", (c) => void delete modelAt(c, A, "alpha/embed-1")["slug"], { file: M, entry: "#2", field: "slug", message: "expected string" }],
  ["file that is not a list", (c) => void (c.models["beta.yaml"] = "slug: beta/chat-2\n"), { file: "models/beta.yaml", entry: null, field: null, message: "must be a YAML list of models" }],
  ["invalid YAML", (c) => void (c.models["beta.yaml"] = "- slug: [beta/chat-2\n"), { file: "models/beta.yaml", entry: null, field: null, message: "is not valid YAML" }],
  ["stray .yml file", (c) => void (c.models["beta.yml"] = "[]\n"), { file: "models/beta.yml", entry: null, field: null, message: "only those belong in models/" }],
];

describe("an invalid catalog", () => {
  it.each(cases)("%s → CatalogError naming the entry", (_name, change, expected) => {
    const raw = baseCatalog();
    change(raw);
    const err = catchCatalogError(writeCatalog(raw));
    const match = err.problems.find((p) => p.file === expected.file && p.entry === expected.entry && p.field === expected.field && p.message.includes(expected.message));
    expect(match, err.message).toBeDefined();
    if (match !== undefined) expect(err.message).toContain(formatProblem(match));
  });

  it("reports every problem at once", () => {
    const raw = baseCatalog();
    delete modelAt(raw, A, "alpha/chat-1")["max_output_tokens"];
    modelAt(raw, "beta.yaml", "beta/chat-2")["slug"] = "alpha/chat-2";
    const err = catchCatalogError(writeCatalog(raw));
    expect(err.problems.map((p) => `${p.file} ${p.entry} ${p.field}`)).toEqual([
      "models/alpha.yaml alpha/chat-1 max_output_tokens",
      "models/beta.yaml alpha/chat-2 slug",
    ]);
    expect(err.message).toMatch(/^invalid routing catalog at .+ \(2 problems\):\n/);
  });

  it("names an empty providers.yaml", () => {
    const dir = writeCatalog(baseCatalog());
    writeFileSync(join(dir, "providers.yaml"), "");
    expect(catchCatalogError(dir).message).toContain("providers.yaml: must be a YAML list of providers");
  });
});

function catchCatalogError(dir: string): CatalogError {
  try {
    loadCatalog(dir);
  } catch (err) {
    if (err instanceof CatalogError) return err;
    throw err;
  }
  throw new Error(`expected a CatalogError for ${dir}`);
}
