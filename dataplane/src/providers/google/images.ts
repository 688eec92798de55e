import type { ImageAdapter } from "../image-types.ts";
import { geminiUpstreamError } from "./errors.ts";
import { buildGeminiImageRequest, refuseForGemini } from "./image-request.ts";
import { parseGeminiImageResponse } from "./image-response.ts";

/** Gemini's native image models (generateContent with picture output) behind the OpenAI images API. */
export const geminiImages: ImageAdapter = {
  refuse: refuseForGemini,
  buildRequest: (req, target) => buildGeminiImageRequest(req, target),
  parseResponse: parseGeminiImageResponse,
  upstreamError: geminiUpstreamError,
};
