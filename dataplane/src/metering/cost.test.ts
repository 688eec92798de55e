import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../../catalog/src/index.ts";
import { costMicros, worstCaseMicros } from "./cost.ts";

const catalog = loadCatalog();
const model = (slug: string) => {
  const m = catalog.resolve(slug);
  if (!m) throw new Error(`catalog lacks ${slug}`);
  return m;
};

describe("costMicros: exact sum, rounded up once", () => {
  it.each([
    // gpt-4o: 2.50 in, 1.25 cached, 10.00 out per Mtok
    ["openai/gpt-4o", { inputTokens: 14, outputTokens: 7 }, 105],
    ["openai/gpt-4o", { inputTokens: 1, outputTokens: 0 }, 3], // 2.5 → 3: rounded up, never down
    ["openai/gpt-4o", { inputTokens: 4020, cachedInputTokens: 4012, outputTokens: 4 }, 8 * 2.5 + 4012 * 1.25 + 4 * 10],
    ["openai/gpt-4o", {}, 0],
    // deepseek-v4-pro: 0.435 in, 0.003625 cached, 0.87 out: fractions of a micro-USD add up before rounding
    ["deepseek/deepseek-v4-pro", { inputTokens: 1_000_000, cachedInputTokens: 1_000_000, outputTokens: 0 }, 3625],
    ["deepseek/deepseek-v4-pro", { inputTokens: 3, outputTokens: 3 }, Math.ceil(3 * 0.435 + 3 * 0.87)],
  ])("%s %j → %d", (slug, usage, expected) => {
    expect(costMicros(model(slug), usage)).toBe(expected);
  });

  it("bills cache writes at the cache-write rate where the model has one", () => {
    const m = model("anthropic/claude-haiku-4-5"); // 1.00 in, 1.25 write, 0.10 read
    expect(costMicros(m, { inputTokens: 1000, cacheWriteTokens: 400, cachedInputTokens: 500, outputTokens: 0 })).toBe(100 * 1 + 400 * 1.25 + 500 * 0.1);
  });

  it("never counts cached tokens beyond the prompt", () => {
    expect(costMicros(model("openai/gpt-4o"), { inputTokens: 10, cachedInputTokens: 50 })).toBe(Math.ceil(10 * 1.25));
  });

  it("reserves the worst case: whole output cap at the output rate", () => {
    expect(worstCaseMicros(model("openai/gpt-4o"), 300, 1000)).toBe(100 * 2.5 + 1000 * 10);
  });
});

describe("the other metering units", () => {
  it.each([
    // deepgram/nova-3: $0.0043 / min = 4300 micro-USD per minute
    ["deepgram/nova-3", { audioSeconds: 60 }, 4300],
    ["deepgram/nova-3", { audioSeconds: 90.5 }, Math.ceil((90_500 * 4300) / 60_000)],
    ["deepgram/nova-3", { audioSeconds: 0.001 }, 1], // any audio costs at least a micro-USD: rounded up
    ["deepgram/nova-3", {}, 0],
    // a token-priced model ignores audio seconds
    ["openai/gpt-4o", { audioSeconds: 60 }, 0],
  ])("%s %j → %d", (slug, usage, expected) => {
    expect(costMicros(model(slug), usage)).toBe(expected);
  });
});

describe("surcharged transcription parameters", () => {
  it.each([
    // deepgram/nova-3: 4300 per minute, keyterms +1300, entity_detection +1700, entity_redaction +2000
    ["deepgram/nova-3", { audioSeconds: 60, surcharges: ["keyterms"] }, 4300 + 1300],
    ["deepgram/nova-3", { audioSeconds: 60, surcharges: ["keyterms", "entity_detection", "entity_redaction"] }, 4300 + 1300 + 1700 + 2000],
    // one rounding for rate and surcharges together: 1.5 s of (4300 + 1300) per minute = 140 exactly
    ["deepgram/nova-3", { audioSeconds: 1.5, surcharges: ["keyterms"] }, 140],
    // 1.4 s: 130.666… rounded up once (per part it would be 101 + 31 = 132)
    ["deepgram/nova-3", { audioSeconds: 1.4, surcharges: ["keyterms"] }, 131],
    // a parameter named twice is one surcharge
    ["deepgram/nova-3", { audioSeconds: 60, surcharges: ["keyterms", "keyterms"] }, 4300 + 1300],
    // a model without that surcharge adds nothing for it
    ["openai/whisper-1", { audioSeconds: 60, surcharges: ["keyterms"] }, 6000],
  ] as const)("%s %j → %d", (slug, usage, expected) => {
    expect(costMicros(model(slug), usage)).toBe(expected);
  });
});
