import type http from "node:http";
import { readJsonFixture } from "./fixtures.ts";
import { sendJson, type MediaMock } from "./mock-media.ts";
import type { RecordedRequest } from "./mock-upstream.ts";

/**
 * A real 4×4 PNG: the recordings' pictures are cut short (vercel) or removed (the Gemini one is 2.5 MB), and a
 * client that decodes what it got needs a whole picture.
 */
export const MOCK_PNG_BASE64 = "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGM4IacBRwzEcQDBAxDhtIruDgAAAABJRU5ErkJggg==";

type Json = Record<string, unknown>;

// the recordings, read once (see ../../../shared/fixtures/README.md): a gpt-image-1 generation's usage (SEMI-REAL, its
// data emptied by whoever pasted it), a real gpt-image edit answer (no usage: trimmed by vercel), OpenAI's real
// refusal of response_format on GPT image models, and a real gemini-2.5-flash-image answer with a picture
const recorded = {
  generation: readJsonFixture<Json>("openai/SEMI-REAL-images-gpt-image-1-generation-usage.json"),
  edit: readJsonFixture<Json>("openai/images-edit.json"),
  responseFormatError: readJsonFixture<Json>("openai/error-400-gpt-image-response-format.json"),
  gemini: readJsonFixture<Json>("gemini/generatecontent-image-output.json"),
};

function openaiError(message: string, param: string | null, code: string | null): string {
  return JSON.stringify({ error: { message, type: "invalid_request_error", param, code } });
}

/** The recorded answer with `n` whole pictures in place of the recording's cut or emptied ones. */
function withPictures(answer: Json, n: number): string {
  return JSON.stringify({ ...answer, data: Array.from({ length: n }, () => ({ b64_json: MOCK_PNG_BASE64 })) });
}

/** The fields and files of a request, JSON or multipart, as OpenAI reads them. */
async function readForm(rec: RecordedRequest): Promise<{ fields: Json; files: number } | undefined> {
  const type = rec.headers["content-type"] ?? "";
  if (type.startsWith("multipart/form-data")) {
    const form = await new Response(new Uint8Array(rec.bodyBytes), { headers: { "content-type": type } }).formData();
    const fields: Json = {};
    let files = 0;
    for (const [name, value] of form.entries()) {
      if (typeof value === "string") fields[name] = value;
      else if (name === "image" || name === "image[]") files++;
    }
    return { fields, files };
  }
  if (rec.json === undefined || typeof rec.json !== "object" || rec.json === null) return undefined;
  const fields = rec.json as Json;
  return { fields, files: Array.isArray(fields.images) ? fields.images.length : 0 };
}

async function openaiImages(res: http.ServerResponse, operation: "generations" | "edits", rec: RecordedRequest): Promise<void> {
  if (!/^Bearer\s+\S+/i.test(rec.headers["authorization"] ?? "")) return sendJson(res, 401, openaiError("Missing bearer authentication in header", null, null));
  const form = await readForm(rec);
  if (!form) return sendJson(res, 400, openaiError("We could not parse the JSON body of your request.", null, null));
  const { fields, files } = form;
  if (fields.response_format !== undefined) return sendJson(res, 400, JSON.stringify(recorded.responseFormatError));
  if (typeof fields.prompt !== "string") return sendJson(res, 400, openaiError("Missing required parameter: 'prompt'.", "prompt", "missing_required_parameter"));
  if (operation === "edits" && files === 0) return sendJson(res, 400, openaiError("Missing required parameter: 'image'.", "image", "missing_required_parameter"));
  const n = Number(fields.n ?? 1);
  sendJson(res, 200, withPictures(operation === "generations" ? recorded.generation : recorded.edit, n));
}

function asksForPictures(json: unknown): boolean {
  const config = (json as { generationConfig?: { responseModalities?: unknown } } | undefined)?.generationConfig;
  return Array.isArray(config?.responseModalities) && config.responseModalities.includes("IMAGE");
}

/** The recorded Gemini answer (a story and a picture) with a whole picture in place of the removed one. */
function geminiAnswer(): string {
  const answer = structuredClone(recorded.gemini) as { candidates: { content: { parts: { inlineData?: { data: string } }[] } }[] };
  for (const part of answer.candidates[0]!.content.parts) if (part.inlineData) part.inlineData.data = MOCK_PNG_BASE64;
  return JSON.stringify(answer);
}

/**
 * OpenAI's /v1/images/generations and /v1/images/edits (JSON or multipart), and Gemini's generateContent when it
 * asks for picture output (text-only generateContent stays with the chat mock).
 */
export const mockImages: MediaMock = async ({ namespace, pathname, rec, res }) => {
  if (namespace !== "openai-or-google" || rec.method !== "POST") return false;
  if (pathname === "/v1/images/generations" || pathname === "/v1/images/edits") {
    await openaiImages(res, pathname === "/v1/images/generations" ? "generations" : "edits", rec);
    return true;
  }
  if (/^\/v1beta\/models\/[^/]+:generateContent$/.test(pathname) && asksForPictures(rec.json)) {
    if (!rec.headers["x-goog-api-key"]) {
      sendJson(res, 403, JSON.stringify({ error: { code: 403, message: "Method doesn't allow unregistered callers.", status: "PERMISSION_DENIED" } }));
    } else {
      sendJson(res, 200, geminiAnswer());
    }
    return true;
  }
  return false;
};
