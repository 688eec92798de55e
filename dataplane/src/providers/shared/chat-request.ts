// The parts of an OpenAI-format chat request that every translating adapter reads the same way, whatever it then
// makes of them: the message list's shape, tool definitions, tool calls and their arguments. What a provider
// accepts differently (content parts, tool_choice forms, provider extensions) is passed in or stays in its folder.
import { z } from "zod";
import { invalid } from "./invalid.ts";
import { isObject } from "./provider-json.ts";

/** A function tool of `tools` (https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools). */
export const FunctionTool = z.looseObject({
  type: z.literal("function"),
  function: z.looseObject({
    name: z.string(),
    description: z.string().optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
  }),
});

/**
 * A body's `tools`, absent or null allowed. Made once, here: a schema built inside a request (as
 * `z.array(FunctionTool).nullish()` was, with the adapters' `ToolChoice.nullish()`) cost ~6 µs of every call
 * translated to Anthropic or Gemini, tools or not (docs/performance.md).
 */
export const OptionalFunctionTools = z.array(FunctionTool).nullish();
export type FunctionTools = NonNullable<z.infer<typeof OptionalFunctionTools>>;

/** `tool_choice: {type: "function", function: {name}}`, the form every adapter takes. */
export const NamedFunction = z.looseObject({ type: z.literal("function"), function: z.looseObject({ name: z.string() }) });

/** A tool call of an earlier assistant message; adapters that read extensions on it `.extend` it. */
export const ToolCall = z.looseObject({
  id: z.string(),
  type: z.literal("function").optional(),
  function: z.looseObject({ name: z.string(), arguments: z.string() }),
});

/**
 * The message list's shape (https://platform.openai.com/docs/api-reference/chat/create#chat-create-messages), by
 * role, with the content parts and tool call schema the adapter accepts.
 */
export function chatMessages<Text extends z.ZodType, User extends z.ZodType, Assistant extends z.ZodType, Call extends z.ZodType>(parts: {
  text: Text;
  user: User;
  assistant: Assistant;
  toolCall: Call;
}) {
  return z.array(
    z.discriminatedUnion("role", [
      z.looseObject({ role: z.enum(["system", "developer"]), content: z.union([z.string(), z.array(parts.text)]) }),
      z.looseObject({ role: z.literal("user"), content: z.union([z.string(), z.array(parts.user)]) }),
      z.looseObject({
        role: z.literal("assistant"),
        content: z.union([z.string(), z.array(parts.assistant)]).nullish(),
        refusal: z.string().nullish(),
        tool_calls: z.array(parts.toolCall).nullish(),
      }),
      z.looseObject({ role: z.literal("tool"), tool_call_id: z.string(), content: z.union([z.string(), z.array(parts.text)]) }),
    ]),
  );
}

/**
 * Whether every message is plainly one `chatMessages` accepts as it stands, whatever parts the adapter takes: an
 * object whose role is system, developer or user with string content; assistant with string or null content, a
 * string or null refusal, and plain tool calls (plainToolCalls) or none; or tool with a string tool_call_id and
 * string content. The schema's objects are loose (it keeps every member), so it would read such a list field for
 * field as it is: an adapter reads it without the schema's pass, and leaves every other list to the schema. Why: at
 * one request at a time zod's code is cold on every call; its pass over a short conversation cost a translated
 * request ~10 µs, over a coding agent's, all tool calls, about a third of the request's translation
 * (docs/performance.md).
 */
export function plainMessages(raw: unknown): boolean {
  if (!Array.isArray(raw)) return false;
  for (const m of raw as unknown[]) {
    if (!isObject(m)) return false;
    const { role, content } = m;
    if (role === "assistant") {
      if (!(typeof content === "string" || content == null) || !(typeof m.refusal === "string" || m.refusal == null)) return false;
      if (m.tool_calls != null && !plainToolCalls(m.tool_calls)) return false;
      continue;
    }
    if (typeof content !== "string") return false;
    if (role === "system" || role === "developer" || role === "user") continue;
    if (role !== "tool" || typeof m.tool_call_id !== "string") return false;
  }
  return true;
}

/**
 * Whether each tool call is `{id, type?: "function", function: {name, arguments}}` with strings where ToolCall wants
 * them, and no other member of its own: a member an adapter's extension of ToolCall reads (Gemini's
 * `extra_content`) is the schema's to check.
 */
function plainToolCalls(calls: unknown): boolean {
  if (!Array.isArray(calls)) return false;
  for (const c of calls as unknown[]) {
    if (!isObject(c)) return false;
    for (const k in c) if (k !== "id" && k !== "type" && k !== "function") return false;
    const { id, type, function: f } = c;
    if (typeof id !== "string" || (type !== undefined && type !== "function")) return false;
    if (!isObject(f) || typeof f.name !== "string" || typeof f.arguments !== "string") return false;
  }
  return true;
}

/**
 * A tool call's arguments (a JSON text in OpenAI's format) → the object both Anthropic's tool_use input and Gemini's
 * functionCall args want; empty arguments are no arguments. `param` names the field for the 400.
 */
export function toolCallArguments(args: string, param: string): Record<string, unknown> {
  if (args.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(args);
  } catch {
    throw invalid(param, `Invalid \`${param}\`: not valid JSON.`);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw invalid(param, `Invalid \`${param}\`: must be a JSON object.`);
  }
  return value as Record<string, unknown>;
}

/**
 * A base64 `data:` URL (media type lowercased, parameters such as `;charset=` skipped), as image_url and
 * file_data may carry; undefined for anything else.
 */
export function dataUrl(url: string): { mediaType: string; base64: string } | undefined {
  const m = /^data:([^;,]+)(?:;[^;,=]+=[^;,]*)*;base64,(.*)$/is.exec(url);
  return m ? { mediaType: m[1]!.toLowerCase(), base64: m[2]! } : undefined;
}
