import type { ImageModel } from "../../../../catalog/src/index.ts";
import { sizeEdges } from "../../capabilities/image.ts";
import type { ImageRequest, InputPicture } from "../image-types.ts";
import { dataUrl } from "../shared/chat-request.ts";
import { invalid } from "../shared/invalid.ts";
import type { JsonUpstreamRequest, UpstreamTarget } from "../types.ts";

/** Gemini's aspect ratios (https://ai.google.dev/gemini-api/docs/image-generation, ImageConfig.aspectRatio). */
const ASPECT_RATIOS = ["1:1", "2:3", "3:2", "3:4", "4:3", "4:5", "5:4", "9:16", "16:9", "21:9"] as const;
/** ImageConfig.imageSize tiers, by the edge of a square picture of the same pixel count. */
const RESOLUTION_TIERS = [
  { tier: "1K", edge: 1024 },
  { tier: "2K", edge: 2048 },
  { tier: "4K", edge: 4096 },
] as const;

/** OpenAI fields with a Gemini counterpart, or none needed: the prompt, the block's fields, and `user` (an abuse-monitoring id Gemini has no place for). */
const CARRIED = new Set(["model", "prompt", "n", "size", "quality", "output_format", "user", "stream"]);
/** Values that leave a choice to the provider, so asking for them asks nothing Gemini cannot do. */
const PROVIDER_CHOICE: Readonly<Record<string, unknown>> = { background: "auto", moderation: "auto" };

/**
 * A size of the catalog → Gemini's ImageConfig: the nearest aspect ratio, and the resolution tier whose square
 * has about the same pixel count (2752×1536 → 16:9 at 2K). 1K is Gemini's default and the only tier some models
 * know, so it is never sent. No size (or `auto`): no ImageConfig, and Gemini picks (1:1, or an input picture's
 * aspect on edits).
 */
export function imageConfig(size: string | undefined): Record<string, string> | undefined {
  const edges = size === undefined ? undefined : sizeEdges(size);
  if (!edges) return undefined;
  const ratio = Math.log(edges.width / edges.height);
  const distance = (r: string) => {
    const [w, h] = r.split(":").map(Number);
    return Math.abs(Math.log(w! / h!) - ratio);
  };
  const aspectRatio = ASPECT_RATIOS.reduce((best, r) => (distance(r) < distance(best) ? r : best));
  const edge = Math.sqrt(edges.width * edges.height);
  const tier = RESOLUTION_TIERS.reduce((best, t) => (Math.abs(Math.log(t.edge / edge)) < Math.abs(Math.log(best.edge / edge)) ? t : best)).tier;
  return tier === "1K" ? { aspectRatio } : { aspectRatio, imageSize: tier };
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (data: Uint8Array, bytes: readonly number[]) => bytes.every((b, i) => data[i] === b);
const ascii = (data: Uint8Array, from: number, to: number) => Buffer.from(data.subarray(from, to)).toString("latin1");

/** Picture types Gemini reads (https://ai.google.dev/gemini-api/docs/image-understanding). */
const GEMINI_PICTURE_TYPES = new Set(["image/png", "image/jpeg", "image/webp", "image/heic", "image/heif"]);

/**
 * The type of uploaded bytes, from their signature: clients often label uploads application/octet-stream (the
 * openai SDK's toFile does unless told), and Gemini needs the real type. HEIC/HEIF have no simple signature, so
 * for them the declared type stands.
 */
function uploadType(data: Uint8Array, declared: string | undefined): string | undefined {
  if (startsWith(data, PNG)) return "image/png";
  if (startsWith(data, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (ascii(data, 0, 4) === "RIFF" && ascii(data, 8, 12) === "WEBP") return "image/webp";
  const type = declared?.split(";")[0]?.trim().toLowerCase();
  return type === "image/heic" || type === "image/heif" ? type : undefined;
}

/** The type Gemini is told a picture has; throws a 400 naming the picture when Gemini cannot be given it. */
function pictureType(p: InputPicture): string {
  switch (p.source) {
    case "upload": {
      const type = uploadType(p.data, p.contentType);
      if (!type) throw invalid(p.param, `\`${p.param}\` (${p.filename.slice(0, 100)}) is not a PNG, JPEG, WebP, HEIC or HEIF picture.`);
      return type;
    }
    case "url": {
      const inline = dataUrl(p.url);
      if (!inline) throw invalid(p.param, `Gemini image models take pictures inline: send \`${p.param}\` as a base64 data: URL or a file upload, not a link.`);
      const type = inline.mediaType === "image/jpg" ? "image/jpeg" : inline.mediaType;
      if (!GEMINI_PICTURE_TYPES.has(type)) throw invalid(p.param, `\`${p.param}\` is ${type.slice(0, 100)}; Gemini reads PNG, JPEG, WebP, HEIC and HEIF pictures.`);
      return type;
    }
    case "file_id":
      throw invalid(p.param, `\`${p.param}\` names an OpenAI Files API upload, which Google cannot read; send the picture as a base64 data: URL or a file upload.`);
  }
}

function inlinePicture(p: InputPicture): { mimeType: string; data: string } {
  const mimeType = pictureType(p);
  // pictureType has refused file ids and URLs that are not data: URLs
  const data = p.source === "upload" ? Buffer.from(p.data).toString("base64") : p.source === "url" ? dataUrl(p.url)!.base64 : "";
  return { mimeType, data };
}

/** What Gemini cannot carry out, refused before anything is sent (see ImageAdapter.refuse). */
export function refuseForGemini(req: ImageRequest, model: ImageModel): void {
  for (const [name, value] of Object.entries(req.params)) {
    if (value == null || CARRIED.has(name) || PROVIDER_CHOICE[name] === value) continue;
    throw invalid(name.slice(0, 100), `\`${name.slice(0, 100)}\` is not supported by ${model.slug}.`);
  }
  if (req.mask) {
    throw invalid(req.mask.param, `${model.slug} takes no mask: Gemini edits by the prompt alone, so describe in the prompt what to change.`);
  }
  for (const p of req.images) pictureType(p);
}

/**
 * An OpenAI images request → a Gemini generateContent call (https://ai.google.dev/api/generate-content) asking
 * for pictures only: one user turn of the prompt and the input pictures as inlineData, responseModalities
 * ["IMAGE"], and the ImageConfig of the size. The key goes in the x-goog-api-key header, never the URL.
 */
export function buildGeminiImageRequest(req: ImageRequest, target: UpstreamTarget): JsonUpstreamRequest {
  const parts: Record<string, unknown>[] = [{ text: req.prompt }, ...req.images.map((p) => ({ inlineData: inlinePicture(p) }))];
  const generationConfig: Record<string, unknown> = { responseModalities: ["IMAGE"] };
  const config = imageConfig(typeof req.params.size === "string" ? req.params.size : undefined);
  if (config) generationConfig.imageConfig = config;
  const model = target.upstreamModel.replace(/^models\//, "");
  return {
    url: new URL(`${target.baseUrl.replace(/\/+$/, "")}/models/${encodeURIComponent(model)}:generateContent`),
    headers: { "x-goog-api-key": target.credential, "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ contents: [{ role: "user", parts }], generationConfig }),
  };
}
