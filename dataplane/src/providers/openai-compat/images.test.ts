import { describe, expect, it } from "vitest";
import { readFixture, readJsonFixture } from "../../../../test/harness/fixtures.ts";
import type { FormPart, ImageRequest } from "../image-types.ts";
import type { UpstreamTarget } from "../types.ts";
import { openAIImages } from "./images.ts";

const target: UpstreamTarget = { baseUrl: "https://api.openai.com/v1/", credential: "sk-upstream-secret", upstreamModel: "gpt-image-1.5", maxOutputTokens: 0 };
const call = { requestId: "req_0123456789abcdef", createdSec: 1_700_000_000 };
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x2d, 0x2d, 0x0d, 0x0a]);

function jsonRequest(operation: ImageRequest["operation"], body: Record<string, unknown>): ImageRequest {
  return { operation, params: body, prompt: String(body.prompt), images: [], mask: undefined, wire: { encoding: "json", body } };
}

/** Reads a multipart body back the way any server would (undici's FormData parser). */
async function formOf(body: unknown, contentType: string): Promise<FormData> {
  return new Response(new Uint8Array(body as Uint8Array), { headers: { "content-type": contentType } }).formData();
}

describe("building the upstream call", () => {
  it("JSON goes to /images/<operation> as sent, naming the provider's model id", () => {
    const req = jsonRequest("generations", { model: "openai/gpt-image-1.5", prompt: "an otter", n: 2, quality: "high", background: "transparent" });
    const up = openAIImages.buildRequest(req, target, call);
    expect(up.url.href).toBe("https://api.openai.com/v1/images/generations");
    expect(up.headers).toEqual({ authorization: "Bearer sk-upstream-secret", accept: "application/json", "content-type": "application/json" });
    expect(JSON.parse(up.body as string)).toEqual({ model: "gpt-image-1.5", prompt: "an otter", n: 2, quality: "high", background: "transparent" });
  });

  it("JSON edits keep their picture references", () => {
    const body = { model: "gpt-image-1.5", prompt: "add a hat", images: [{ image_url: "https://example.com/a.png" }, { file_id: "file-abc" }], mask: { file_id: "file-mask" } };
    const up = openAIImages.buildRequest({ ...jsonRequest("edits", body), wire: { encoding: "json", body } }, target, call);
    expect(up.url.pathname).toBe("/v1/images/edits");
    expect(JSON.parse(up.body as string)).toEqual({ ...body, model: "gpt-image-1.5" });
  });

  it("multipart goes as multipart: every field and file in order, bytes intact, the model replaced", async () => {
    const parts: FormPart[] = [
      { name: "model", value: "openai/gpt-image-1.5" },
      { name: "prompt", value: 'a "quoted"\r\nprompt' },
      { name: "image[]", data: PNG, filename: "cat.png", contentType: "image/png" },
      { name: "image[]", data: new Uint8Array([1, 2, 3]), filename: 'we"ird.png', contentType: undefined },
      { name: "mask", data: PNG, filename: "mask.png", contentType: "image/png" },
      { name: "n", value: "2" },
    ];
    const req: ImageRequest = { operation: "edits", params: {}, prompt: "p", images: [], mask: undefined, wire: { encoding: "multipart", parts } };
    const up = openAIImages.buildRequest(req, target, call);
    expect(up.url.pathname).toBe("/v1/images/edits");
    const contentType = up.headers["content-type"]!;
    expect(contentType).toBe("multipart/form-data; boundary=svc-boundary-req_0123456789abcdef");
    const form = await formOf(up.body, contentType);
    expect([...form.keys()]).toEqual(["model", "prompt", "image[]", "image[]", "mask", "n"]);
    expect(form.get("model")).toBe("gpt-image-1.5");
    expect(form.get("prompt")).toBe('a "quoted"\r\nprompt');
    const [first, second] = form.getAll("image[]") as File[];
    expect(new Uint8Array(await first!.arrayBuffer())).toEqual(PNG);
    expect([first!.name, first!.type]).toEqual(["cat.png", "image/png"]);
    expect(new Uint8Array(await second!.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    expect([second!.name, second!.type]).toEqual(['we"ird.png', "application/octet-stream"]);
    expect(form.get("n")).toBe("2");
  });
});

describe("reading the recorded answers", () => {
  it("a gpt-image-1 generation: usage as reported, the tier it says it made, the body untouched", () => {
    const text = readFixture("openai/SEMI-REAL-images-gpt-image-1-generation-usage.json");
    const out = openAIImages.parseResponse(text, jsonRequest("generations", { prompt: "x" }), call);
    expect(out.body).toBe(text);
    expect(out.usage).toEqual({ inputTokens: 36, outputTokens: 4160 });
    expect(out.tier).toEqual({ quality: "high", size: "1024x1024" });
    expect(out.pictures).toBe(0);
    expect(out.refusal).toBeUndefined();
  });

  it("a gpt-image edit whose usage was trimmed: no usage (not zero), one picture, its tier", () => {
    const out = openAIImages.parseResponse(readFixture("openai/images-edit.json"), jsonRequest("edits", { prompt: "x" }), call);
    expect(out.usage).toBeUndefined();
    expect(out.pictures).toBe(1);
    expect(out.tier).toEqual({ quality: "high", size: "1024x1024" });
  });

  it("a DALL·E 3 answer: two pictures, nothing else to read", () => {
    const out = openAIImages.parseResponse(readFixture("openai/images-generation-dall-e-3.json"), jsonRequest("generations", { prompt: "x" }), call);
    expect(out).toMatchObject({ usage: undefined, pictures: 2, tier: {} });
  });

  it("cached input tokens, where reported, are kept apart", () => {
    const text = JSON.stringify({ created: 1, data: [{ b64_json: "AA" }], usage: { input_tokens: 50, input_tokens_details: { cached_tokens: 20, text_tokens: 50, image_tokens: 0 }, output_tokens: 272, total_tokens: 322 } });
    expect(openAIImages.parseResponse(text, jsonRequest("generations", { prompt: "x" }), call).usage).toEqual({ inputTokens: 50, outputTokens: 272, cachedInputTokens: 20 });
  });

  it("an answer that is not JSON is the provider's failure", () => {
    expect(() => openAIImages.parseResponse("<html>bad gateway</html>", jsonRequest("generations", { prompt: "x" }), call)).toThrow(
      expect.objectContaining({ code: "upstream_error", status: 502 }),
    );
  });
});

describe("the provider's errors", () => {
  it("OpenAI's refusal of response_format reaches the client with its status, message and param", () => {
    const e = openAIImages.upstreamError(400, {}, readFixture("openai/error-400-gpt-image-response-format.json"), target.credential);
    expect(JSON.parse(e.toOpenAI())).toEqual({
      error: { message: "Unknown parameter: 'response_format'.", type: "invalid_request_error", param: "response_format", code: "invalid_request_error" },
    });
    expect(e.status).toBe(400);
  });

  it("a refusal of the gateway's key is the gateway's error, and never echoes the key", () => {
    const body = readJsonFixture<{ error: { message: string } }>("openai/error-401-invalid-api-key.json");
    body.error.message = `Incorrect API key provided: ${target.credential}`;
    const e = openAIImages.upstreamError(401, {}, JSON.stringify(body), target.credential);
    expect([e.status, e.code]).toEqual([502, "upstream_auth_failed"]);
    expect(e.toOpenAI()).not.toContain(target.credential);
  });
});
