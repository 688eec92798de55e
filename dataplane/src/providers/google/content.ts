import { z } from "zod";
import { dataUrl } from "../shared/chat-request.ts";
import { invalid } from "../shared/invalid.ts";

/**
 * OpenAI content parts (https://platform.openai.com/docs/api-reference/chat/create#chat-create-messages) and the
 * Gemini Parts made of them (https://ai.google.dev/api/caching#Part): text, inlineData {mimeType, data} for bytes
 * sent with the request, fileData {fileUri, mimeType} for a file Gemini fetches itself.
 */
export const TextPart = z.looseObject({ type: z.literal("text"), text: z.string() });
const ImagePart = z.looseObject({
  type: z.literal("image_url"),
  image_url: z.union([z.looseObject({ url: z.string(), detail: z.string().optional() }), z.string()]),
});
const AudioPart = z.looseObject({ type: z.literal("input_audio"), input_audio: z.looseObject({ data: z.string(), format: z.string() }) });
const FilePart = z.looseObject({
  type: z.literal("file"),
  file: z.looseObject({ file_data: z.string().optional(), file_id: z.string().optional(), filename: z.string().optional() }),
});
const RefusalPart = z.looseObject({ type: z.literal("refusal"), refusal: z.string() });

export const UserPart = z.discriminatedUnion("type", [TextPart, ImagePart, AudioPart, FilePart]);
export const AssistantPart = z.discriminatedUnion("type", [TextPart, RefusalPart]);

export type Part = Record<string, unknown>;

/** Text → text parts. An empty string makes no part: a Content must not hold nothing but empty text. */
export function textParts(content: string | readonly { text: string }[]): Part[] {
  const texts = typeof content === "string" ? [content] : content.map((p) => p.text);
  return texts.filter((t) => t !== "").map((text) => ({ text }));
}

export function assistantParts(content: string | readonly z.infer<typeof AssistantPart>[]): Part[] {
  if (typeof content === "string") return textParts(content);
  return textParts(content.map((p) => ({ text: p.type === "text" ? p.text : p.refusal })));
}

/** A user message's content; `param` names it (e.g. `messages[1].content`) for errors. */
export function userParts(content: string | readonly z.infer<typeof UserPart>[], param: string): Part[] {
  if (typeof content === "string") return textParts(content);
  return content.flatMap((part, i): Part[] => {
    const where = `${param}[${i}]`;
    switch (part.type) {
      case "text":
        return textParts(part.text);
      case "image_url":
        return [imagePart(typeof part.image_url === "string" ? part.image_url : part.image_url.url, `${where}.image_url.url`)];
      case "input_audio":
        return [audioPart(part.input_audio, `${where}.input_audio.format`)];
      case "file":
        return [filePart(part.file, `${where}.file`)];
    }
  });
}

/**
 * Image types Gemini documents (https://ai.google.dev/gemini-api/docs/image-understanding),
 * by file extension: an http(s) URL goes to Gemini as fileData, which needs its MIME type, and the path's
 * extension is all the gateway knows of it without fetching it (Gemini fetches public and signed URLs itself:
 * https://ai.google.dev/gemini-api/docs/file-input-methods).
 */
const IMAGE_TYPES: Readonly<Record<string, string>> = { png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", webp: "image/webp", heic: "image/heic", heif: "image/heif" };

function imagePart(url: string, param: string): Part {
  const data = dataUrl(url);
  // A data: URL says its own type; Gemini reads images, PDFs, audio and video inline, so the type goes as given.
  if (data) return { inlineData: { mimeType: data.mediaType === "image/jpg" ? "image/jpeg" : data.mediaType, data: data.base64 } };
  if (!/^https?:\/\//i.test(url)) throw invalid(param, "An image must be an http(s) URL or a base64 data: URL.");
  let ext: string | undefined;
  try {
    ext = /\.([a-z0-9]+)$/i.exec(new URL(url).pathname)?.[1]?.toLowerCase();
  } catch {
    throw invalid(param, "The image URL is not a valid URL.");
  }
  const mimeType = ext === undefined ? undefined : IMAGE_TYPES[ext];
  if (!mimeType) {
    throw invalid(param, "Gemini models need an image URL's type, read from its file extension (.png, .jpg, .jpeg, .webp, .heic, .heif); send other images as a base64 data: URL.");
  }
  return { fileData: { fileUri: url, mimeType } };
}

/** Audio types Gemini documents (https://ai.google.dev/gemini-api/docs/audio), by OpenAI's `format`. */
const AUDIO_TYPES: Readonly<Record<string, string>> = { wav: "audio/wav", mp3: "audio/mp3", aiff: "audio/aiff", aac: "audio/aac", ogg: "audio/ogg", flac: "audio/flac" };

function audioPart(audio: { data: string; format: string }, param: string): Part {
  const mimeType = AUDIO_TYPES[audio.format.toLowerCase()];
  if (!mimeType) throw invalid(param, `Gemini models take audio as ${Object.keys(AUDIO_TYPES).join(", ")}, not ${audio.format}.`);
  return { inlineData: { mimeType, data: audio.data } };
}

/**
 * OpenAI documents file_data as base64 and its SDK examples send a data: URL; both are accepted, bare base64 being
 * a PDF (the only kind OpenAI's chat API takes). Gemini reads PDFs inline
 * (https://ai.google.dev/gemini-api/docs/document-processing). OpenAI file ids mean nothing to Gemini.
 */
function filePart(file: z.infer<typeof FilePart>["file"], param: string): Part {
  if (file.file_data === undefined) {
    throw invalid(file.file_id !== undefined ? `${param}.file_id` : `${param}.file_data`, "Gemini models need the file itself: send it as `file_data` (base64), not as a file id.");
  }
  const data = dataUrl(file.file_data) ?? { mediaType: "application/pdf", base64: file.file_data };
  return { inlineData: { mimeType: data.mediaType, data: data.base64 } };
}
