import OpenAI, { toFile } from "openai";
import { describe, expect, it } from "vitest";
import { eventually, useEmbeddedGateway } from "../harness/gateway.ts";
import { MOCK_PNG_BASE64 } from "../harness/mock-images.ts";

const PNG = Buffer.from(MOCK_PNG_BASE64, "base64");
const PNG_SIGNATURE = "89504e470d0a1a0a";
const OPENING_CREDIT = 10_000_000;

// openai/gpt-image-1.5: $5 in, $32 out per Mtok. The generation recording reports 36 in, 4160 out; the edit
// recording reports no usage, so it is billed by the tier it names (high 1024x1024: 4160) plus the prompt
// ("add a red hat", 13 bytes → 4 tokens) and the one picture read (the model's cheapest tier, 272).
const OPENAI_GENERATE = 36 * 5 + 4160 * 32;
const OPENAI_EDIT = (4 + 272) * 5 + 4160 * 32;
// the Gemini recording reports 17 in, 1336 out. google/gemini-3-pro-image: $2 in, $120 out;
// google/gemini-2.5-flash-image: $0.30 in, $30 out (17 × 0.3 = 5.1, rounded up once with the rest)
const GOOGLE_GENERATE = 17 * 2 + 1336 * 120;
const GOOGLE_EDIT = Math.ceil(17 * 0.3 + 1336 * 30);

const isPng = (b64: string | undefined) => Buffer.from(b64 ?? "", "base64").subarray(0, 8).toString("hex") === PNG_SIGNATURE;

/**
 * Pictures through the gateway with the official openai client, as a user makes them: the svc block says what a
 * model takes, generate and edit (a file upload) on an OpenAI GPT image model and on a Gemini image model, and
 * the money each cost shows in the response header, the key's spend and the organization's credit.
 */
describe("images with the openai client", () => {
  const g = useEmbeddedGateway();

  it("GET /v1/models/{id} publishes the image block of each model", async () => {
    expect(await g.client.models.retrieve("gpt-image-1.5")).toEqual({
      id: "openai/gpt-image-1.5",
      object: "model",
      created: 0,
      owned_by: "openai",
      svc: { kind: "image", sizes: ["1024x1024", "1024x1536", "1536x1024", "auto"], qualities: ["low", "medium", "high", "auto"], max_n: 10, output_formats: ["png", "jpeg", "webp"], max_input_images: 16 },
    });
    expect(await g.client.models.retrieve("openai/gpt-image-2")).toMatchObject({ svc: { kind: "image", min_edge: 480, max_n: 10 } });
    expect(await g.client.models.retrieve("google/gemini-2.5-flash-image")).toMatchObject({
      svc: { kind: "image", sizes: ["1024x1024", "1344x768", "768x1344", "1184x864", "864x1184"], qualities: ["auto"], max_n: 1, output_formats: ["png"], max_input_images: 3 },
    });
  });

  it("OpenAI: generates, billed from the usage OpenAI reports", async () => {
    const res = await g.client.images.generate({ model: "openai/gpt-image-1.5", prompt: "a baby sea otter", quality: "high", size: "1024x1024" }).withResponse();
    expect(res.data.data).toHaveLength(1);
    expect(isPng(res.data.data?.[0]?.b64_json)).toBe(true);
    expect(res.data.usage).toMatchObject({ input_tokens: 36, output_tokens: 4160 });
    expect(res.response.headers.get("x-svc-cost-micros")).toBe(String(OPENAI_GENERATE));
    const up = g.mock.requests.at(-1)!;
    expect(up.path).toBe("/v1/images/generations");
    expect(up.headers.authorization).toBe("Bearer sk-upstream-test-credential");
    expect(up.json).toEqual({ model: "gpt-image-1.5", prompt: "a baby sea otter", quality: "high", size: "1024x1024" });
  });

  it("OpenAI: edits an uploaded file, passed on as multipart, billed by the tier it made", async () => {
    const res = await g.client.images
      .edit({ model: "gpt-image-1.5", image: await toFile(PNG, "otter.png", { type: "image/png" }), prompt: "add a red hat" })
      .withResponse();
    expect(isPng(res.data.data?.[0]?.b64_json)).toBe(true);
    expect(res.data).toMatchObject({ quality: "high", size: "1024x1024", output_format: "png" });
    expect(res.response.headers.get("x-svc-cost-micros")).toBe(String(OPENAI_EDIT));
    const up = g.mock.requests.at(-1)!;
    expect(up.path).toBe("/v1/images/edits");
    const form = await new Response(new Uint8Array(up.bodyBytes), { headers: { "content-type": up.headers["content-type"]! } }).formData();
    expect(form.get("model")).toBe("gpt-image-1.5");
    expect(form.get("prompt")).toBe("add a red hat");
    expect(Buffer.from(await (form.get("image") as File).arrayBuffer())).toEqual(PNG);
  });

  it("Google: generates through generateContent, in the size's aspect and resolution tier", async () => {
    // the SDK's types list only OpenAI's sizes; the request itself carries any string
    const size = "2752x1536" as OpenAI.ImageGenerateParams["size"];
    const res = await g.client.images.generate({ model: "google/gemini-3-pro-image", prompt: "a lighthouse at dusk", size }).withResponse();
    expect(isPng(res.data.data?.[0]?.b64_json)).toBe(true);
    expect(res.data).toMatchObject({ output_format: "png", size: "2752x1536", usage: { input_tokens: 17, output_tokens: 1336, total_tokens: 1353 } });
    expect(res.response.headers.get("x-svc-cost-micros")).toBe(String(GOOGLE_GENERATE));
    const up = g.mock.requests.at(-1)!;
    expect(up.path).toBe("/v1beta/models/gemini-3-pro-image:generateContent");
    expect(up.headers["x-goog-api-key"]).toBe("goog-upstream-test-credential");
    expect(up.json).toEqual({
      contents: [{ role: "user", parts: [{ text: "a lighthouse at dusk" }] }],
      generationConfig: { responseModalities: ["IMAGE"], imageConfig: { aspectRatio: "16:9", imageSize: "2K" } },
    });
  });

  it("Google: edits two uploaded files, sent inline and typed by their bytes", async () => {
    const images = [await toFile(PNG, "a.png", { type: "image/png" }), await toFile(PNG, "b.bin")];
    const res = await g.client.images.edit({ model: "gemini-2.5-flash-image", image: images, prompt: "merge them" }).withResponse();
    expect(isPng(res.data.data?.[0]?.b64_json)).toBe(true);
    expect(res.response.headers.get("x-svc-cost-micros")).toBe(String(GOOGLE_EDIT));
    const up = g.mock.requests.at(-1)!;
    expect(up.path).toBe("/v1beta/models/gemini-2.5-flash-image:generateContent");
    const inline = { inlineData: { mimeType: "image/png", data: MOCK_PNG_BASE64 } };
    expect(up.json).toEqual({ contents: [{ role: "user", parts: [{ text: "merge them" }, inline, inline] }], generationConfig: { responseModalities: ["IMAGE"] } });
  });

  it("refusals reach the client as OpenAI errors, and cost nothing", async () => {
    await expect(g.client.images.generate({ model: "gpt-image-1.5", prompt: "x", n: 11 })).rejects.toMatchObject({ status: 400, error: { param: "n", code: "invalid_request_error" } });
    await expect(g.client.images.generate({ model: "gpt-image-1.5", prompt: "x", response_format: "url" })).rejects.toMatchObject({
      status: 400,
      error: { param: "response_format", message: expect.stringMatching(/^Unknown parameter: 'response_format'\./) },
    });
    const tooMany = await Promise.all([1, 2, 3, 4].map((i) => toFile(PNG, `${i}.png`, { type: "image/png" })));
    await expect(g.client.images.edit({ model: "gemini-2.5-flash-image", image: tooMany, prompt: "x" })).rejects.toMatchObject({ status: 400, error: { param: "image" } });
    await expect(g.client.images.edit({ model: "gemini-2.5-flash-image", image: tooMany.slice(0, 1), mask: tooMany[1]!, prompt: "x" })).rejects.toMatchObject({
      status: 400,
      error: { param: "mask" },
    });
  });

  it("the key's spend and the organization's credit show the four calls to the micro-USD", async () => {
    const spent = OPENAI_GENERATE + OPENAI_EDIT + GOOGLE_GENERATE + GOOGLE_EDIT;
    const auth = { headers: { authorization: `Bearer ${g.key}` } };
    await eventually(async () => {
      const me = (await (await fetch(`${g.base}/v1/key`, auth)).json()) as { spend_this_month_micros: number };
      expect(me.spend_this_month_micros).toBe(spent);
      const credits = (await (await fetch(`${g.base}/v1/credits`, auth)).json()) as { available_micros: number };
      expect(credits.available_micros).toBe(OPENING_CREDIT - spent);
    });
  });
});
