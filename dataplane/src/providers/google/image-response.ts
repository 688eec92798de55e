import { z } from "zod";
import { GatewayError } from "../../errors.ts";
import type { ImageCall, ImageRequest, ImageResult } from "../image-types.ts";
import { redact } from "../redact.ts";
import { parseResponseJson } from "../shared/provider-json.ts";
import { parseGeminiUsage } from "./usage.ts";

/**
 * The parts of a GenerateContentResponse with pictures (https://ai.google.dev/gemini-api/docs/image-generation):
 * pictures come as inlineData parts; Gemini 3 Pro Image also sends the drafts it thought with, marked
 * `thought: true`, which are not the answer.
 */
const Part = z.looseObject({
  text: z.string().optional().catch(undefined),
  thought: z.boolean().optional().catch(undefined),
  inlineData: z.looseObject({ mimeType: z.string().optional().catch(undefined), data: z.string() }).optional().catch(undefined),
});
const ImageResponse = z.looseObject({
  candidates: z
    .array(z.looseObject({ content: z.looseObject({ parts: z.array(Part).optional() }).optional(), finishReason: z.string().optional() }))
    .optional(),
  promptFeedback: z.looseObject({ blockReason: z.string().optional() }).optional(),
  usageMetadata: z.unknown().optional(),
});

const Modality = z.array(z.looseObject({ modality: z.string().optional(), tokenCount: z.number().int().nonnegative().optional() })).optional().catch(undefined);
const Details = z.looseObject({ promptTokensDetails: Modality, candidatesTokensDetails: Modality });

const FORMATS: Readonly<Record<string, string>> = { "image/png": "png", "image/jpeg": "jpeg", "image/webp": "webp" };
/** Finish and block reasons that mean Google would not draw this prompt, rather than failed to. */
const CONTENT_REFUSAL = /SAFETY|PROHIBITED|BLOCKLIST|SPII|RECITATION/;

function countOf(details: z.infer<typeof Modality>, modality: string): number {
  return (details ?? []).filter((d) => d.modality === modality).reduce((sum, d) => sum + (d.tokenCount ?? 0), 0);
}

/**
 * usageMetadata in the shape of a GPT image answer's `usage`, so a client reads the same fields whichever
 * provider drew: totals from the gateway's own reading (parseGeminiUsage: thoughts count as output), the split
 * between text and picture tokens from Gemini's per-modality details.
 */
function openAIUsage(raw: unknown): Record<string, unknown> | undefined {
  const usage = parseGeminiUsage(raw);
  if (!usage) return undefined;
  const d = Details.safeParse(raw);
  const prompt = d.success ? d.data.promptTokensDetails : undefined;
  const candidates = d.success ? d.data.candidatesTokensDetails : undefined;
  const input = usage.inputTokens ?? 0;
  const output = usage.outputTokens ?? 0;
  const inputImage = countOf(prompt, "IMAGE");
  const outputImage = countOf(candidates, "IMAGE");
  return {
    input_tokens: input,
    input_tokens_details: { image_tokens: inputImage, text_tokens: input - inputImage },
    output_tokens: output,
    output_tokens_details: { image_tokens: outputImage, text_tokens: output - outputImage },
    total_tokens: input + output,
  };
}

/** Why there is no picture, as the client should hear it. */
function noPicture(r: z.infer<typeof ImageResponse>, said: string): GatewayError {
  const block = r.promptFeedback?.blockReason;
  const finish = r.candidates?.[0]?.finishReason;
  const reason = block ?? finish ?? "none given";
  const note = said === "" ? "" : ` It said: ${redact(said.slice(0, 300))}`;
  if (CONTENT_REFUSAL.test(reason) || block !== undefined) {
    return new GatewayError("invalid_request_error", `Google declined to draw this prompt (reason: ${reason}).${note}`, { param: "prompt" });
  }
  return new GatewayError("upstream_error", `Google answered without a picture (reason: ${reason}).${note}`);
}

/**
 * A generateContent answer → the OpenAI images JSON `{created, data: [{b64_json}], output_format, size?, usage}`.
 * `size` is echoed only when the client named one (Gemini does not say what it drew otherwise). An answer
 * without a picture keeps its usage (Google bills the call) and carries the refusal instead of a body.
 */
export function parseGeminiImageResponse(text: string, req: ImageRequest, call: ImageCall): ImageResult {
  const parsed = ImageResponse.safeParse(parseResponseJson(text));
  if (!parsed.success) throw new GatewayError("upstream_error", "The provider sent an answer the gateway cannot read.");
  const r = parsed.data;
  const parts = (r.candidates?.[0]?.content?.parts ?? []).filter((p) => p.thought !== true);
  const pictures = parts.flatMap((p) => (p.inlineData && p.inlineData.mimeType?.startsWith("image/") ? [p.inlineData] : []));
  const usage = parseGeminiUsage(r.usageMetadata);
  const size = typeof req.params.size === "string" && req.params.size !== "auto" ? req.params.size : undefined;
  const tier = size === undefined ? {} : { size };
  if (pictures.length === 0) {
    const said = parts.map((p) => p.text ?? "").join("").trim();
    return { body: "", usage, pictures: 0, tier, refusal: noPicture(r, said) };
  }
  const body: Record<string, unknown> = { created: call.createdSec, data: pictures.map((p) => ({ b64_json: p.data })) };
  const format = FORMATS[pictures[0]?.mimeType ?? ""];
  if (format !== undefined) body.output_format = format;
  if (size !== undefined) body.size = size;
  const u = openAIUsage(r.usageMetadata);
  if (u) body.usage = u;
  return { body: JSON.stringify(body), usage, pictures: pictures.length, tier };
}
