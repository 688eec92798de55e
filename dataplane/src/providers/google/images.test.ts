import { describe, expect, it } from "vitest";
import { type ImageModel, loadCatalog } from "../../../../catalog/src/index.ts";
import { readFixture, readJsonFixture } from "../../../../test/harness/fixtures.ts";
import { GatewayError } from "../../errors.ts";
import type { ImageRequest, InputPicture } from "../image-types.ts";
import type { UpstreamTarget } from "../types.ts";
import { imageConfig } from "./image-request.ts";
import { geminiImages } from "./images.ts";

const catalog = loadCatalog();
const flash = catalog.resolve("google/gemini-2.5-flash-image") as ImageModel;
const pro = catalog.resolve("google/gemini-3-pro-image") as ImageModel;
const target: UpstreamTarget = {
  baseUrl: "https://generativelanguage.googleapis.com/v1beta",
  credential: "AIza-upstream-secret",
  upstreamModel: "gemini-3-pro-image",
  maxOutputTokens: 0,
};
const call = { requestId: "req_1", createdSec: 1_700_000_000 };
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const WEBP = new Uint8Array([...Buffer.from("RIFF"), 0, 0, 0, 0, ...Buffer.from("WEBPVP8 ")]);

function request(params: Record<string, unknown>, images: InputPicture[] = [], mask?: InputPicture): ImageRequest {
  const operation = images.length > 0 || mask ? "edits" : "generations";
  return { operation, params, prompt: String(params.prompt ?? ""), images, mask, wire: { encoding: "json", body: params } };
}
const upload = (data: Uint8Array, contentType: string | undefined = "application/octet-stream", param = "image"): InputPicture => ({
  source: "upload",
  data,
  filename: "pic",
  contentType,
  param,
});

function refusal(check: () => void): string {
  try {
    check();
    return "ok";
  } catch (e) {
    if (e instanceof GatewayError) return `${e.status} ${e.param}`;
    throw e;
  }
}

describe("size → Gemini's ImageConfig", () => {
  // every size the catalog lists, with the tier its labels and tier prices say it is
  it.each([
    ["1024x1024", { aspectRatio: "1:1" }],
    ["1344x768", { aspectRatio: "16:9" }],
    ["768x1344", { aspectRatio: "9:16" }],
    ["1184x864", { aspectRatio: "4:3" }],
    ["864x1184", { aspectRatio: "3:4" }],
    ["1376x768", { aspectRatio: "16:9" }],
    ["1200x896", { aspectRatio: "4:3" }],
    ["2048x2048", { aspectRatio: "1:1", imageSize: "2K" }],
    ["2752x1536", { aspectRatio: "16:9", imageSize: "2K" }],
    ["1536x2752", { aspectRatio: "9:16", imageSize: "2K" }],
    ["2400x1792", { aspectRatio: "4:3", imageSize: "2K" }],
    ["1792x2400", { aspectRatio: "3:4", imageSize: "2K" }],
    ["4096x4096", { aspectRatio: "1:1", imageSize: "4K" }],
    ["5504x3072", { aspectRatio: "16:9", imageSize: "4K" }],
    ["3072x5504", { aspectRatio: "9:16", imageSize: "4K" }],
    ["4800x3584", { aspectRatio: "4:3", imageSize: "4K" }],
    ["3584x4800", { aspectRatio: "3:4", imageSize: "4K" }],
  ])("%s → %j", (size, config) => {
    expect(imageConfig(size)).toEqual(config);
  });

  it("covers every Gemini catalog size, each in a resolution tier its model's labels name", () => {
    for (const m of [flash, pro]) {
      for (const size of m.svc.sizes ?? []) expect(m.labels).toContain(imageConfig(size)?.imageSize ?? "1K");
    }
  });

  it("sends nothing when the size is left to Gemini", () => {
    expect(imageConfig(undefined)).toBeUndefined();
    expect(imageConfig("auto")).toBeUndefined();
  });
});

describe("building the generateContent call", () => {
  it("a generation asks for pictures only, in the size's aspect and tier; the key travels in a header", () => {
    const up = geminiImages.buildRequest(request({ model: "google/gemini-3-pro-image", prompt: "a lighthouse", size: "2752x1536", n: 1, user: "u-1" }), target, call);
    expect(up.url.href).toBe("https://generativelanguage.googleapis.com/v1beta/models/gemini-3-pro-image:generateContent");
    expect(up.url.href).not.toContain(target.credential);
    expect(up.headers["x-goog-api-key"]).toBe(target.credential);
    expect(JSON.parse(up.body as string)).toEqual({
      contents: [{ role: "user", parts: [{ text: "a lighthouse" }] }],
      generationConfig: { responseModalities: ["IMAGE"], imageConfig: { aspectRatio: "16:9", imageSize: "2K" } },
    });
  });

  it("an edit sends its pictures inline after the prompt, typed by their bytes, not their label", () => {
    const pictures = [upload(PNG), upload(JPEG, "image/png"), upload(WEBP, undefined), { source: "url", url: "data:image/jpg;base64,/9j/AA==", param: "images[3].image_url" } as const];
    const up = geminiImages.buildRequest(request({ prompt: "add a hat" }, pictures), target, call);
    expect(JSON.parse(up.body as string)).toEqual({
      contents: [
        {
          role: "user",
          parts: [
            { text: "add a hat" },
            { inlineData: { mimeType: "image/png", data: Buffer.from(PNG).toString("base64") } },
            { inlineData: { mimeType: "image/jpeg", data: Buffer.from(JPEG).toString("base64") } },
            { inlineData: { mimeType: "image/webp", data: Buffer.from(WEBP).toString("base64") } },
            { inlineData: { mimeType: "image/jpeg", data: "/9j/AA==" } },
          ],
        },
      ],
      generationConfig: { responseModalities: ["IMAGE"] },
    });
  });
});

describe("what Gemini cannot do is refused before anything is sent", () => {
  it.each<[string, ImageRequest, string]>([
    ["a mask", request({ prompt: "p" }, [upload(PNG)], upload(PNG, "image/png", "mask")), "400 mask"],
    ["an OpenAI file id", request({ prompt: "p" }, [{ source: "file_id", fileId: "file-1", param: "images[0].file_id" }]), "400 images[0].file_id"],
    ["a link", request({ prompt: "p" }, [{ source: "url", url: "https://example.com/a.png", param: "images[0].image_url" }]), "400 images[0].image_url"],
    ["a data URL that is no picture", request({ prompt: "p" }, [{ source: "url", url: "data:application/pdf;base64,JVBE", param: "images[0].image_url" }]), "400 images[0].image_url"],
    ["an upload that is no picture", request({ prompt: "p" }, [upload(new Uint8Array([0x25, 0x50, 0x44, 0x46]), "image/png", "image[]")]), "400 image[]"],
    ["a transparent background", request({ prompt: "p", background: "transparent" }), "400 background"],
    ["output compression", request({ prompt: "p", output_compression: 50 }), "400 output_compression"],
    ["input fidelity", request({ prompt: "p", input_fidelity: "high" }), "400 input_fidelity"],
  ])("%s", (_, req, expected) => {
    expect(refusal(() => geminiImages.refuse(req, flash))).toBe(expected);
  });

  it.each<[string, ImageRequest]>([
    ["what leaves the choice to the provider", request({ prompt: "p", background: "auto", moderation: "auto", quality: "auto" })],
    ["an end-user id", request({ prompt: "p", user: "u-1", n: 1, size: "1024x1024", output_format: "png", stream: false })],
    ["a HEIC upload, by its label", request({ prompt: "p" }, [upload(new Uint8Array([0, 0, 0, 0x18]), "image/heic")])],
    ["fields sent as null", request({ prompt: "p", background: null, style: null })],
  ])("accepts %s", (_, req) => {
    expect(refusal(() => geminiImages.refuse(req, flash))).toBe("ok");
  });
});

type GeminiAnswer = { candidates: { content: { parts: Record<string, unknown>[] }; finishReason?: string }[]; promptFeedback?: unknown; usageMetadata?: unknown };

describe("reading the recorded answer", () => {
  const recorded = readJsonFixture<GeminiAnswer>("gemini/generatecontent-image-output.json");
  const picture = (recorded.candidates[0]!.content.parts[1]!.inlineData as { data: string }).data;

  it("becomes an OpenAI images answer: the picture (not the story), the size asked for, usage in GPT image terms", () => {
    const out = geminiImages.parseResponse(readFixture("gemini/generatecontent-image-output.json"), request({ prompt: "p", size: "1024x1024" }), call);
    expect(JSON.parse(out.body)).toEqual({
      created: 1_700_000_000,
      data: [{ b64_json: picture }],
      output_format: "png",
      size: "1024x1024",
      usage: {
        input_tokens: 17,
        input_tokens_details: { image_tokens: 0, text_tokens: 17 },
        output_tokens: 1336,
        output_tokens_details: { image_tokens: 1290, text_tokens: 46 },
        total_tokens: 1353,
      },
    });
    expect(out.usage).toMatchObject({ inputTokens: 17, outputTokens: 1336 });
    expect(out.pictures).toBe(1);
    expect(out.refusal).toBeUndefined();
  });

  it("leaves out the drafts Gemini 3 thinks with", () => {
    const answer = structuredClone(recorded);
    answer.candidates[0]!.content.parts.unshift({ thought: true, inlineData: { mimeType: "image/png", data: "ZHJhZnQ=" } });
    const out = geminiImages.parseResponse(JSON.stringify(answer), request({ prompt: "p" }), call);
    expect(JSON.parse(out.body).data).toEqual([{ b64_json: picture }]);
    expect(out.pictures).toBe(1);
  });

  it.each<[string, (a: GeminiAnswer) => void, number, string]>([
    ["a picture withheld for safety", (a) => ((a.candidates[0]!.finishReason = "IMAGE_SAFETY"), a.candidates[0]!.content.parts.splice(1)), 400, "IMAGE_SAFETY"],
    ["a blocked prompt", (a) => ((a.candidates = []), (a.promptFeedback = { blockReason: "PROHIBITED_CONTENT" })), 400, "PROHIBITED_CONTENT"],
    ["a story without a picture", (a) => a.candidates[0]!.content.parts.splice(1), 502, "STOP"],
  ])("%s is refused, and its usage is kept for billing", (_, change, status, reason) => {
    const answer = structuredClone(recorded);
    change(answer);
    const out = geminiImages.parseResponse(JSON.stringify(answer), request({ prompt: "p" }), call);
    expect(out.pictures).toBe(0);
    expect(out.usage).toMatchObject({ inputTokens: 17, outputTokens: 1336 });
    expect(out.refusal?.status).toBe(status);
    expect(out.refusal?.message).toContain(reason);
  });
});

describe("Gemini's errors", () => {
  it("a 429 keeps Google's retry hint", () => {
    const e = geminiImages.upstreamError(429, {}, readFixture("gemini/error-429-retry-info.json"), target.credential);
    expect(e.status).toBe(429);
    expect(e.headers["retry-after"]).toMatch(/^\d+$/);
  });

  it("a 404 for the model is the client's error in OpenAI's dialect", () => {
    const e = geminiImages.upstreamError(404, {}, readFixture("gemini/error-404-model-not-found.json"), target.credential);
    expect(JSON.parse(e.toOpenAI()).error).toMatchObject({ type: "invalid_request_error", code: "invalid_request_error" });
    expect(e.status).toBe(404);
  });
});
