import { describe, expect, it } from "vitest";
import { type ImageModel, loadCatalog } from "../../../catalog/src/index.ts";
import { GatewayError } from "../errors.ts";
import { type ImageChoices, checkImageChoices, checkInputPictures, imageBlock } from "./image.ts";
import { svcBlock } from "./index.ts";

const models = loadCatalog().models.filter((m): m is ImageModel => m.kind === "image");

/** "ok", or the status, code and param of the refusal, as the client would see them. */
function outcome(check: () => void): string {
  try {
    check();
    return "ok";
  } catch (e) {
    if (e instanceof GatewayError) return `${e.status} ${e.code} ${e.param}`;
    throw e;
  }
}

const choices = (m: ImageModel, c: ImageChoices) => outcome(() => checkImageChoices(m, c));
const pictures = (m: ImageModel, count: number) => outcome(() => checkInputPictures(m, count, "image"));

describe.each(models.map((m) => [m.slug, m] as const))("%s", (_, model) => {
  const block = imageBlock(model);
  const s = model.svc;

  it("publishes its svc parameters without the private tier prices, through GET /v1/models/{id}'s dispatch", () => {
    const { tier_output_tokens: _prices, ...published } = s;
    expect(block).toEqual({ kind: "image", ...published });
    expect(svcBlock(model)).toEqual(block);
    expect(JSON.stringify(block)).not.toContain("tier_output_tokens");
  });

  it("accepts every n from 1 to max_n, and refuses max_n + 1, 0 and fractions", () => {
    for (let n = 1; n <= block.max_n; n++) expect(choices(model, { n })).toBe("ok");
    expect(choices(model, { n: block.max_n + 1 })).toBe("400 invalid_request_error n");
    expect(choices(model, { n: 0 })).toBe("400 invalid_request_error n");
    expect(choices(model, { n: 1.5 })).toBe("400 invalid_request_error n");
    expect(choices(model, { n: "1" })).toBe("400 invalid_request_error n");
  });

  it("accepts every quality it lists and refuses one it does not", () => {
    for (const quality of block.qualities) expect(choices(model, { quality })).toBe("ok");
    const unlisted = ["low", "medium", "high", "xhigh", "max", "auto", "standard"].find((q) => !block.qualities.includes(q))!;
    expect(choices(model, { quality: unlisted })).toBe("400 invalid_request_error quality");
  });

  it("accepts every size it advertises and refuses one just outside", () => {
    if (block.sizes) {
      for (const size of block.sizes) expect(choices(model, { size })).toBe("ok");
      expect(choices(model, { size: "1023x1024" })).toBe("400 invalid_request_error size");
      expect(choices(model, { size: "1024X1024" })).toBe("400 invalid_request_error size");
      if (!block.sizes.includes("auto")) expect(choices(model, { size: "auto" })).toBe("400 invalid_request_error size");
    } else {
      const edge = block.min_edge!;
      for (const size of [`${edge}x${edge}`, `${edge}x${edge * 2}`, `${edge * 3}x${edge}`, "auto"]) expect(choices(model, { size })).toBe("ok");
      expect(choices(model, { size: `${edge - 1}x${edge}` })).toBe("400 invalid_request_error size");
      expect(choices(model, { size: `${edge}x${edge - 1}` })).toBe("400 invalid_request_error size");
      expect(choices(model, { size: "large" })).toBe("400 invalid_request_error size");
    }
  });

  it("accepts every output_format it narrows to and refuses one outside", () => {
    if (!block.output_formats) return expect(choices(model, { output_format: "webp" })).toBe("ok");
    for (const output_format of block.output_formats) expect(choices(model, { output_format })).toBe("ok");
    const unlisted = ["png", "jpeg", "webp", "gif"].find((f) => !block.output_formats!.includes(f))!;
    expect(choices(model, { output_format: unlisted })).toBe("400 invalid_request_error output_format");
  });

  it("takes 1 to max_input_images pictures on edits, and refuses none or one more", () => {
    for (let count = 1; count <= block.max_input_images; count++) expect(pictures(model, count)).toBe("ok");
    expect(pictures(model, block.max_input_images + 1)).toBe("400 invalid_request_error image");
    expect(pictures(model, 0)).toBe("400 invalid_request_error image");
  });

  it("treats null and absent values as not sent", () => {
    expect(choices(model, {})).toBe("ok");
    expect(choices(model, { n: null, quality: null, size: null, output_format: null })).toBe("ok");
  });
});

describe("refusal messages say what would be accepted", () => {
  const mini = models.find((m) => m.slug === "openai/gpt-image-1-mini")!;
  const free = models.find((m) => m.svc.min_edge !== undefined)!;

  it.each([
    [{ n: 11 }, "`n` must be a whole number from 1 to 10 for openai/gpt-image-1-mini."],
    [{ quality: "hd" }, "`quality` must be one of low, medium, high, auto for openai/gpt-image-1-mini."],
    [{ size: "512x512" }, "`size` must be one of 1024x1024, 1024x1536, 1536x1024, auto for openai/gpt-image-1-mini."],
    [{ output_format: "gif" }, "`output_format` must be one of png, jpeg, webp for openai/gpt-image-1-mini."],
  ])("%j", (c, message) => {
    expect(() => checkImageChoices(mini, c)).toThrow(message);
  });

  it("names the edge of a free-size model", () => {
    expect(() => checkImageChoices(free, { size: "256x1024" })).toThrow(`both edges at least ${free.svc.min_edge} pixels`);
  });

  it("counts the pictures sent", () => {
    expect(() => checkInputPictures(mini, 17, "images")).toThrow("openai/gpt-image-1-mini accepts at most 16 input pictures; 17 were sent.");
  });
});
