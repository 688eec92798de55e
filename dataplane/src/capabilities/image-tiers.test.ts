import { describe, expect, it } from "vitest";
import { type ImageModel, loadCatalog } from "../../../catalog/src/index.ts";
import { costMicros } from "../metering/cost.ts";
import { type Tier, imageWorstCaseMicros, pictureOutputTokens, unreportedUsage } from "./image-tiers.ts";

const catalog = loadCatalog();
const image = (slug: string) => catalog.resolve(slug) as ImageModel;

describe("output tokens of one picture", () => {
  it.each<[string, Tier, number]>([
    // the catalog's tier table, by "quality:size"
    ["openai/gpt-image-1.5", { quality: "high", size: "1024x1024" }, 4160],
    ["openai/gpt-image-1.5", { quality: "low", size: "1536x1024" }, 400],
    // what the provider may pick is priced at the most it may cost
    ["openai/gpt-image-1.5", { quality: "low" }, 408],
    ["openai/gpt-image-1.5", { quality: "auto", size: "1536x1024" }, 6208],
    ["openai/gpt-image-1.5", { quality: "auto", size: "auto" }, 6240],
    ["openai/gpt-image-1.5", {}, 6240],
    ["google/gemini-3-pro-image", { size: "2752x1536" }, 1120],
    ["google/gemini-3-pro-image", { size: "4800x3584" }, 2000],
    ["google/gemini-3-pro-image", {}, 2000],
    ["google/gemini-2.5-flash-image", { quality: "auto" }, 1290],
    // no table: high-quality density (4160 per 1024×1024) times the pixels
    ["openai/gpt-image-1-mini", { quality: "low", size: "1024x1024" }, 4160],
    ["openai/gpt-image-1-mini", {}, 6240],
    ["openai/gpt-image-2", { size: "2048x1152" }, 9360],
    ["openai/gpt-image-2", { size: "auto" }, Math.ceil((8_294_400 * 4160) / 1_048_576)],
  ])("%s %j → %i", (slug, tier, tokens) => {
    expect(pictureOutputTokens(image(slug), tier)).toBe(tokens);
  });
});

describe("money", () => {
  const gptImage = image("openai/gpt-image-1.5");

  it("reserves prompt bytes / 3, each input picture as the largest picture, and n pictures of the asked tier", () => {
    const ask = { promptBytes: 30, pictures: 2, inputPictures: 1, quality: "high", size: "1024x1024" };
    // $5 in, $32 out per Mtok
    expect(imageWorstCaseMicros(gptImage, ask)).toBe((10 + 6240) * 5 + 2 * 4160 * 32);
  });

  it("bills a call without reported usage at prompt bytes / 4, the cheapest tier per input picture, and the tier made", () => {
    const usage = unreportedUsage(gptImage, { promptBytes: 13, pictures: 1, inputPictures: 1, quality: "high", size: "1024x1024" });
    expect(usage).toEqual({ inputTokens: 4 + 272, outputTokens: 4160 });
    expect(costMicros(gptImage, usage)).toBe(276 * 5 + 4160 * 32);
  });

  it("bills no output for an answer that delivered no picture", () => {
    expect(unreportedUsage(gptImage, { promptBytes: 40, pictures: 0, inputPictures: 0 })).toEqual({ inputTokens: 10, outputTokens: 0 });
  });
});
