import { describe, expect, it } from "vitest";
import { parseDecimalMicros } from "./decimal.ts";
import { ratesSchema } from "./rates.ts";
import { modelSchema, providerSchema } from "./schema.ts";

describe("parseDecimalMicros", () => {
  it.each([
    ["2.50", 2_500_000],
    ["2.5", 2_500_000],
    ["0.003625", 3625],
    ["0.0043", 4300],
    ["0.000001", 1],
    ["0", 0],
    ["0.0", 0],
    ["15", 15_000_000],
    ["120.00", 120_000_000],
    ["0.435", 435_000],
    ["9007199254.740991", Number.MAX_SAFE_INTEGER],
  ])("%s → %i micros", (s, micros) => {
    expect(parseDecimalMicros(s)).toBe(micros);
  });

  it.each([
    ["", "plain non-negative decimal"],
    ["-1", "plain non-negative decimal"],
    ["+1", "plain non-negative decimal"],
    ["1e3", "plain non-negative decimal"],
    ["1E-3", "plain non-negative decimal"],
    [".5", "plain non-negative decimal"],
    ["5.", "plain non-negative decimal"],
    ["01.5", "plain non-negative decimal"],
    [" 1", "plain non-negative decimal"],
    ["1,5", "plain non-negative decimal"],
    ["1_000", "plain non-negative decimal"],
    ["0x10", "plain non-negative decimal"],
    ["NaN", "plain non-negative decimal"],
    ["Infinity", "plain non-negative decimal"],
    ["٣", "plain non-negative decimal"],
    ["0.0000001", "7 decimal places"],
    ["9007199254.740992", "too large"],
  ])("rejects %j", (s, reason) => {
    expect(() => parseDecimalMicros(s)).toThrow(RangeError);
    expect(() => parseDecimalMicros(s)).toThrow(reason);
  });
});

describe("ratesSchema", () => {
  it("converts to integer micro-USD and keeps the written strings", () => {
    expect(ratesSchema.parse({ unit: "mtok", input: "2.50", output: "10.00", cached_input: "0.003625" })).toEqual({
      unit: "mtok",
      input_micros: 2_500_000,
      output_micros: 10_000_000,
      cached_input_micros: 3625,
      cache_write_micros: null,
      input_display: "2.50",
      output_display: "10.00",
      cached_input_display: "0.003625",
      cache_write_display: null,
      surcharge_micros: {},
    });
  });

  it("prices surcharges per unit, exactly", () => {
    const r = ratesSchema.parse({ unit: "minute", input: "0.0043", output: null, surcharges: { keyterms: "0.0013", entity_redaction: "0.002" } });
    expect(r.surcharge_micros).toEqual({ keyterms: 1300, entity_redaction: 2000 });
  });

  it.each([
    ["a YAML number", { unit: "mtok", input: 2.5, output: null }, "input", "quoted decimal string"],
    ["an exponent", { unit: "mtok", input: "1e3", output: null }, "input", "plain non-negative decimal"],
    ["a missing output", { unit: "mtok", input: "1" }, "output", "write null"],
    ["a cached rate on a minute unit", { unit: "minute", input: "0.006", output: null, cached_input: "0.001" }, "cached_input", "unit mtok"],
    ["an unknown unit", { unit: "image", input: "1", output: null }, "unit", ""],
    ["an unknown field", { unit: "mtok", input: "1", output: null, batch: "0.5" }, "", "batch"],
    ["a surcharge written as a number", { unit: "minute", input: "1", output: null, surcharges: { keyterms: 0.0013 } }, "surcharges.keyterms", "quoted decimal string"],
  ])("rejects %s", (_case, rates, field, message) => {
    const r = ratesSchema.safeParse(rates);
    expect(r.success).toBe(false);
    const issues = r.error?.issues ?? [];
    expect(issues.some((i) => i.path.join(".") === field && i.message.includes(message))).toBe(true);
  });
});

const provider = {
  namespace: "acme-ai",
  name: "Acme",
  base_url: "https://api.acme.example/v1",
  auth: "bearer",
  wire: "openai",
  status_page: "https://status.acme.example",
  status_feed: "https://status.acme.example/api/v2/status.json",
};

describe("providerSchema", () => {
  it("accepts a complete provider", () => {
    expect(providerSchema.parse(provider)).toEqual(provider);
  });

  it.each([
    ["upper-case namespace", { namespace: "Acme" }, "namespace"],
    ["trailing slash on base_url", { base_url: "https://api.acme.example/v1/" }, "base_url"],
    ["plain-http base_url", { base_url: "http://api.acme.example/v1" }, "base_url"],
    ["unknown auth scheme", { auth: "basic" }, "auth"],
    ["unknown wire", { wire: "grpc" }, "wire"],
    ["feed that is not status.json", { status_feed: "https://status.acme.example/rss" }, "status_feed"],
    ["feed without a page", { status_page: null }, "status_page"],
  ])("rejects %s", (_case, change, field) => {
    const r = providerSchema.safeParse({ ...provider, ...change });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join("."))).toContain(field);
  });
});

const chat = {
  slug: "acme-ai/family/model-1",
  name: "Model 1",
  kind: "chat",
  labels: ["tools"],
  context_window: 8192,
  max_output_tokens: 1024,
  status: "Active",
  rates: { unit: "mtok", input: "1.00", output: "2.00" },
};

describe("modelSchema", () => {
  it("derives provider, upstream_id and aliases from the slug when they are not written", () => {
    const m = modelSchema.parse(chat);
    expect([m.provider, m.upstream_id, m.aliases]).toEqual(["acme-ai", "family/model-1", ["family/model-1"]]);
  });

  it("keeps explicit upstream_id and aliases, including no alias at all", () => {
    const m = modelSchema.parse({ ...chat, upstream_id: "model-1-2026", aliases: [] });
    expect([m.upstream_id, m.aliases]).toEqual(["model-1-2026", []]);
  });

  it("defaults max_output_tokens to null for models other than chat", () => {
    const m = modelSchema.parse({
      ...chat,
      kind: "embedding",
      max_output_tokens: undefined,
      rates: { unit: "mtok", input: "0.1", output: null },
      svc: { default_dimensions: 1024 },
    });
    expect(m.max_output_tokens).toBeNull();
  });

  it.each([
    ["chat without max_output_tokens", { max_output_tokens: undefined }, "max_output_tokens", "reserve credit"],
    ["chat with an svc block", { svc: { default_dimensions: 1 } }, "svc", "no svc block"],
    ["an unknown kind", { kind: "video" }, "kind", "must be one of chat, embedding, image, transcription"],
    ["a slug without a model part", { slug: "acme-ai" }, "slug", "<provider>/<model>"],
    ["a slug with an empty segment", { slug: "acme-ai//x" }, "slug", "<provider>/<model>"],
    ["an unknown status", { status: "Deprecated" }, "status", ""],
    ["a misspelt field", { context_windows: 1 }, "", "context_windows"],
    ["embedding without svc", { kind: "embedding", max_output_tokens: null }, "svc", "need an svc block"],
    [
      "transcription serving srt",
      { kind: "transcription", svc: { response_formats: ["json", "srt"], supports_streaming: false, max_file_bytes: 1, surcharged_parameters: [] } },
      "svc.response_formats.1",
      "carries no usage",
    ],
    [
      "an unknown surcharged parameter",
      { kind: "transcription", svc: { response_formats: ["json"], supports_streaming: false, max_file_bytes: 1, surcharged_parameters: ["diarize"] } },
      "svc.surcharged_parameters.0",
      "",
    ],
    ["an embedding svc on an image model", { kind: "image", svc: { default_dimensions: 1024 } }, "svc", "default_dimensions"],
  ])("rejects %s", (_case, change, field, message) => {
    const r = modelSchema.safeParse({ ...chat, ...change });
    expect(r.success).toBe(false);
    const issues = r.error?.issues ?? [];
    expect(issues.some((i) => i.path.join(".") === field && i.message.includes(message)), JSON.stringify(issues)).toBe(true);
  });
});
