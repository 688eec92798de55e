import { z } from "zod";
import { dataUrl } from "../shared/chat-request.ts";
import { invalid } from "../shared/invalid.ts";

/**
 * OpenAI content parts (https://platform.openai.com/docs/api-reference/chat/create#chat-create-messages) and their
 * Anthropic content blocks (https://docs.anthropic.com/en/api/messages#body-messages-content).
 *
 * `cache_control` is not OpenAI's, but OpenAI-format clients of Claude (OpenRouter, LiteLLM) put Anthropic's
 * breakpoint marker on content parts; it is carried onto the block made from the part
 * (https://docs.anthropic.com/en/docs/build-with-claude/prompt-caching).
 */
export const CacheControl = z.looseObject({ type: z.literal("ephemeral"), ttl: z.enum(["5m", "1h"]).optional() });

export const TextPart = z.looseObject({ type: z.literal("text"), text: z.string(), cache_control: CacheControl.optional() });
const ImagePart = z.looseObject({
  type: z.literal("image_url"),
  image_url: z.looseObject({ url: z.string(), detail: z.string().optional() }),
  cache_control: CacheControl.optional(),
});
const FilePart = z.looseObject({
  type: z.literal("file"),
  file: z.looseObject({ file_data: z.string().optional(), file_id: z.string().optional(), filename: z.string().optional() }),
  cache_control: CacheControl.optional(),
});
const AudioPart = z.looseObject({ type: z.literal("input_audio") });
const RefusalPart = z.looseObject({ type: z.literal("refusal"), refusal: z.string() });

export const UserPart = z.discriminatedUnion("type", [TextPart, ImagePart, FilePart, AudioPart]);
export const AssistantPart = z.discriminatedUnion("type", [TextPart, RefusalPart]);
type UserPart = z.infer<typeof UserPart>;
type AssistantPart = z.infer<typeof AssistantPart>;

export type Block = Record<string, unknown>;

/** Anthropic rejects empty text blocks ("text content blocks must be non-empty"): an empty part is dropped. */
export function textBlocks(content: string | readonly z.infer<typeof TextPart>[]): Block[] {
  if (typeof content === "string") return content === "" ? [] : [{ type: "text", text: content }];
  return content.filter((p) => p.text !== "").map((p) => withCache({ type: "text", text: p.text }, p.cache_control));
}

export function assistantBlocks(content: string | readonly AssistantPart[]): Block[] {
  if (typeof content === "string") return textBlocks(content);
  return textBlocks(content.map((p) => (p.type === "text" ? p : { type: "text" as const, text: p.refusal })));
}

/** A user message's parts; `param` names the message's content (e.g. `messages[1].content`) for errors. */
export function userBlocks(content: string | readonly UserPart[], param: string): Block[] {
  if (typeof content === "string") return textBlocks(content);
  const out: Block[] = [];
  content.forEach((part, i) => {
    const where = `${param}[${i}]`;
    switch (part.type) {
      case "text":
        out.push(...textBlocks([part]));
        break;
      case "image_url":
        out.push(withCache({ type: "image", source: imageSource(part.image_url.url, `${where}.image_url.url`) }, part.cache_control));
        break;
      case "file":
        out.push(withCache({ type: "document", source: documentSource(part.file, `${where}.file`) }, part.cache_control));
        break;
      case "input_audio":
        throw invalid(where, "Anthropic models do not accept audio input.");
    }
  });
  return out;
}

/** https://docs.anthropic.com/en/docs/build-with-claude/vision: base64 in these four types, or a URL Anthropic fetches. */
const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"]);

function imageSource(url: string, param: string): Block {
  const data = dataUrl(url);
  if (data) {
    if (!IMAGE_TYPES.has(data.mediaType)) throw invalid(param, `Anthropic models accept images as JPEG, PNG, GIF or WebP, not ${data.mediaType}.`);
    return { type: "base64", media_type: data.mediaType, data: data.base64 };
  }
  if (/^https?:\/\//i.test(url)) return { type: "url", url };
  throw invalid(param, "An image must be an http(s) URL or a base64 data: URL.");
}

/**
 * https://docs.anthropic.com/en/docs/build-with-claude/pdf-support: a PDF as base64; plain text as a text source.
 * OpenAI documents file_data as base64 and its SDK examples send a data: URL; both are accepted, bare base64
 * being a PDF (the only kind OpenAI's chat API takes). OpenAI file ids mean nothing to Anthropic.
 */
function documentSource(file: z.infer<typeof FilePart>["file"], param: string): Block {
  if (file.file_data === undefined) {
    throw invalid(file.file_id !== undefined ? `${param}.file_id` : `${param}.file_data`, "Anthropic models need the file itself: send it as `file_data` (base64), not as a file id.");
  }
  const data = dataUrl(file.file_data) ?? { mediaType: "application/pdf", base64: file.file_data };
  if (data.mediaType === "application/pdf") return { type: "base64", media_type: "application/pdf", data: data.base64 };
  if (data.mediaType === "text/plain") return { type: "text", media_type: "text/plain", data: Buffer.from(data.base64, "base64").toString("utf8") };
  throw invalid(`${param}.file_data`, `Anthropic models accept files as PDF or plain text, not ${data.mediaType}.`);
}

function withCache(block: Block, cache: z.infer<typeof CacheControl> | undefined): Block {
  return cache ? { ...block, cache_control: cache } : block;
}
