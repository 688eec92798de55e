import type { Model } from "../../../catalog/src/index.ts";
import { GatewayError } from "../errors.ts";

type Label = "tools" | "json" | "reasoning" | "cache" | "image" | "audio" | "pdf";

const WHAT: Record<Label, string> = {
  tools: "tools and tool calls",
  json: "JSON mode (response_format)",
  reasoning: "reasoning (reasoning_effort)",
  cache: "prompt caching (cache_control)",
  image: "image input",
  audio: "audio input",
  pdf: "PDF documents",
};

/**
 * The members of a message, and of a content part, that labelsUsed reads: a body whose messages keep only these gets
 * the same labels (chat-body-bytes.ts reads a forwarded body's conversation so). labelsUsed's types come from them.
 */
export const MESSAGE_MEMBERS_READ = ["role", "tool_calls", "cache_control", "content"] as const;
export const PART_MEMBERS_READ = ["type", "cache_control", "file"] as const;

type Read<K extends readonly string[]> = { [k in K[number]]?: unknown };

/** What a body that uses no label gets: most bodies, for which no set is made. */
const NO_LABELS: ReadonlySet<Label> = new Set<Label>();

/** Which capability labels (SPEC 2.1) an OpenAI chat body uses. Walks only the fields that carry them. */
export function labelsUsed(body: Record<string, unknown>): ReadonlySet<Label> {
  let used: Set<Label> | undefined;
  const add = (label: Label) => (used ??= new Set<Label>()).add(label);
  if ((Array.isArray(body.tools) && body.tools.length > 0) || (body.tool_choice !== undefined && body.tool_choice !== "none")) add("tools");
  const rf = body.response_format as { type?: unknown } | null | undefined;
  if (rf && (rf.type === "json_object" || rf.type === "json_schema")) add("json");
  if (typeof body.reasoning_effort === "string" && body.reasoning_effort !== "none") add("reasoning");
  for (const m of Array.isArray(body.messages) ? body.messages : []) {
    if (m === null || typeof m !== "object") continue;
    const msg = m as Read<typeof MESSAGE_MEMBERS_READ>;
    if (msg.role === "tool" || (Array.isArray(msg.tool_calls) && msg.tool_calls.length > 0)) add("tools");
    if (msg.cache_control) add("cache");
    if (!Array.isArray(msg.content)) continue;
    for (const p of msg.content) {
      if (p === null || typeof p !== "object") continue;
      const part = p as Read<typeof PART_MEMBERS_READ>;
      if (part.cache_control) add("cache");
      if (part.type === "image_url") add("image");
      else if (part.type === "input_audio") add("audio");
      else if (part.type === "file") add(isImageFile(part.file as { file_data?: unknown } | null | undefined) ? "image" : "pdf");
    }
  }
  return used ?? NO_LABELS;
}

function isImageFile(file: { file_data?: unknown } | null | undefined): boolean {
  const data = typeof file?.file_data === "string" ? file.file_data : "";
  return data.startsWith("data:image/");
}

/** Each catalog model's labels as a set, made once. */
const labelSets = new WeakMap<Model, ReadonlySet<string>>();

/**
 * A request that uses a capability the model's labels lack gets a 400 that says which one, before any
 * credit is reserved or provider called. A chat model with none of the labels is text only.
 */
export function requireCapabilities(model: Model, body: Record<string, unknown>): void {
  const used = labelsUsed(body);
  // most requests use none: no model's labels to look up (~3 µs of a request at one request at a time, cold)
  if (used.size === 0) return;
  let labels = labelSets.get(model);
  if (labels === undefined) labelSets.set(model, (labels = new Set(model.labels)));
  for (const l of used) {
    if (!labels.has(l)) {
      throw new GatewayError("invalid_request_error", `\`${model.slug}\` does not support ${WHAT[l]}; GET /v1/models/${model.slug} and catalog/MODELS.md list what each model supports.`, {
        param: l === "tools" ? "tools" : l === "json" ? "response_format" : l === "reasoning" ? "reasoning_effort" : "messages",
      });
    }
  }
}
