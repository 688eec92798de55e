import type { ImageModel } from "../../../catalog/src/index.ts";
import { costMicros } from "../metering/cost.ts";
import type { Usage } from "../providers/types.ts";
import { sizeEdges } from "./image.ts";

/**
 * Output tokens of one 1024×1024 picture as OpenAI publishes them for its GPT image models: 4160 at high quality,
 * 272 at low. Token counts grow with the pixel count (1024×1536 high is 6240 = 4160 × 1.5), so for a model whose
 * catalog entry publishes no tier table they bound a picture by its pixels.
 */
const HIGH_TOKENS_PER_MEGAPIXEL = 4160;
const LOW_TOKENS_PER_MEGAPIXEL = 272;
const MEGAPIXEL = 1024 * 1024;
/** The largest picture a free-size model may be asked for (3840×2160, the upstream's pixel ceiling; see the catalog). */
const MAX_FREE_SIZE_PIXELS = 8_294_400;

/** A request's tier; `auto` or absent leaves it to the provider. */
export interface Tier {
  quality?: string | undefined;
  size?: string | undefined;
}

const chosen = (v: string | undefined) => (v === undefined || v === "auto" ? undefined : v);

/**
 * Output tokens of one picture of this tier: the catalog's tier_output_tokens entry ("quality:size"). Where the
 * client left quality or size to the provider, the most expensive tier it could pick, since the gateway cannot
 * know which it will. Without a matching entry, the high-quality token density times the pixels of the requested
 * size (or of the largest size the model may produce).
 */
export function pictureOutputTokens(model: ImageModel, tier: Tier): number {
  const quality = chosen(tier.quality);
  const size = chosen(tier.size);
  const matching = Object.entries(model.svc.tier_output_tokens ?? {})
    .filter(([key]) => {
      const [q, s] = key.split(":");
      return (quality === undefined || q === quality) && (size === undefined || s === size);
    })
    .map(([, tokens]) => tokens);
  if (matching.length > 0) return Math.max(...matching);
  return Math.ceil((largestPixels(model, size) * HIGH_TOKENS_PER_MEGAPIXEL) / MEGAPIXEL);
}

function largestPixels(model: ImageModel, size: string | undefined): number {
  const requested = size === undefined ? undefined : sizeEdges(size);
  if (requested) return requested.width * requested.height;
  const listed = (model.svc.sizes ?? []).flatMap((s) => {
    const e = sizeEdges(s);
    return e ? [e.width * e.height] : [];
  });
  return listed.length > 0 ? Math.max(...listed) : MAX_FREE_SIZE_PIXELS;
}

/**
 * Input tokens one input picture is counted as when the provider reports no usage: the model's cheapest tier,
 * which is about what reading a picture costs (Gemini 3 Pro Image reads one as 1120 tokens, its cheapest tier;
 * OpenAI's low-fidelity read of 1024×1024 is a few hundred).
 */
function pictureInputTokens(model: ImageModel): number {
  const tiers = Object.values(model.svc.tier_output_tokens ?? {});
  return tiers.length > 0 ? Math.min(...tiers) : LOW_TOKENS_PER_MEGAPIXEL;
}

/** What a request asks for, as pricing needs it. */
export interface ImageAsk extends Tier {
  /** UTF-8 bytes of the prompt text (not of the whole body: uploads are not text). */
  promptBytes: number;
  pictures: number;
  inputPictures: number;
}

/**
 * The reservation: prompt bytes / 3 tokens (the chat route's bound for text), each input picture counted like
 * the largest picture the model writes, and n pictures of the most expensive tier the request allows.
 */
export function imageWorstCaseMicros(model: ImageModel, ask: ImageAsk): number {
  const inputTokens = Math.ceil(ask.promptBytes / 3) + ask.inputPictures * pictureOutputTokens(model, {});
  return costMicros(model, { inputTokens, outputTokens: ask.pictures * pictureOutputTokens(model, ask) });
}

/**
 * Usage billed when the provider reported none (or the client went away first): prompt bytes / 4 tokens plus
 * each input picture at the model's cheapest tier, and per picture the output tokens of the tier asked for (the
 * one the provider says it made, when it says).
 */
export function unreportedUsage(model: ImageModel, ask: ImageAsk): Usage {
  return {
    inputTokens: Math.ceil(ask.promptBytes / 4) + ask.inputPictures * pictureInputTokens(model),
    outputTokens: ask.pictures * pictureOutputTokens(model, ask),
  };
}
