import { z } from "zod";
import type { ImageAdapter, ImageCall, ImageRequest, ImageResult } from "../image-types.ts";
import { parseResponseJson } from "../shared/provider-json.ts";
import type { UpstreamRequest, UpstreamTarget, Usage } from "../types.ts";
import { openAIUpstreamError } from "./errors.ts";
import { encodeMultipart } from "../shared/multipart-body.ts";

const count = z.number().int().nonnegative().optional().catch(undefined);

/**
 * The `usage` of a GPT image answer (https://platform.openai.com/docs/api-reference/images/object):
 * input_tokens counts text and picture tokens together (input_tokens_details splits them), output_tokens the
 * pictures written. Cached input tokens, where reported, sit in input_tokens_details.cached_tokens.
 */
const ImagesUsage = z.object({
  input_tokens: count,
  output_tokens: count,
  input_tokens_details: z.object({ cached_tokens: count }).nullish().catch(undefined),
});

const ImagesResponse = z.looseObject({
  data: z.array(z.unknown()).optional().catch(undefined),
  usage: z.unknown().optional(),
  quality: z.string().optional().catch(undefined),
  size: z.string().optional().catch(undefined),
});

export function parseImagesUsage(raw: unknown): Usage | undefined {
  const parsed = ImagesUsage.safeParse(raw);
  if (!parsed.success || (parsed.data.input_tokens === undefined && parsed.data.output_tokens === undefined)) return undefined;
  const u = parsed.data;
  const usage: Usage = {};
  if (u.input_tokens !== undefined) usage.inputTokens = u.input_tokens;
  if (u.output_tokens !== undefined) usage.outputTokens = u.output_tokens;
  if (u.input_tokens_details?.cached_tokens !== undefined) usage.cachedInputTokens = u.input_tokens_details.cached_tokens;
  return usage;
}

/**
 * The client's request goes upstream in the encoding it came in (JSON, or multipart with its files in their
 * order), naming the provider's model id instead of the gateway's slug; every other field is the provider's to
 * judge.
 */
export function buildImagesRequest(req: ImageRequest, target: UpstreamTarget, call: ImageCall): UpstreamRequest {
  const url = new URL(`${target.baseUrl.replace(/\/+$/, "")}/images/${req.operation}`);
  const headers = { authorization: `Bearer ${target.credential}`, accept: "application/json" };
  if (req.wire.encoding === "json") {
    return { url, headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify({ ...req.wire.body, model: target.upstreamModel }) };
  }
  const parts = req.wire.parts.map((p) => (p.name === "model" && !("data" in p) ? { name: "model", value: target.upstreamModel } : p));
  const { body, contentType } = encodeMultipart(parts, `svc-boundary-${call.requestId}`);
  return { url, headers: { ...headers, "content-type": contentType }, body };
}

/** The answer goes back as the provider wrote it (it names no model); only what metering needs is read from it. */
export function parseImagesResponse(text: string): ImageResult {
  const parsed = ImagesResponse.safeParse(parseResponseJson(text));
  if (!parsed.success) return { body: text, usage: undefined, pictures: 0, tier: {} };
  const r = parsed.data;
  const tier: ImageResult["tier"] = {};
  if (r.quality !== undefined) tier.quality = r.quality;
  if (r.size !== undefined) tier.size = r.size;
  return { body: text, usage: parseImagesUsage(r.usage), pictures: r.data?.length ?? 0, tier };
}

export const openAIImages: ImageAdapter = {
  // OpenAI takes everything the OpenAI images API defines: masks, URLs, file ids; it judges the rest itself
  refuse: () => undefined,
  buildRequest: buildImagesRequest,
  parseResponse: (text) => parseImagesResponse(text),
  upstreamError: openAIUpstreamError,
};
