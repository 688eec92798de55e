import { z } from "zod";
import { ToolCall, chatMessages, plainMessages, toolCallArguments } from "../shared/chat-request.ts";
import { fromZod, invalid } from "../shared/invalid.ts";
import { mayBeJsonText } from "../shared/json-start.ts";
import { AssistantPart, type Part, TextPart, UserPart, assistantParts, textParts, userParts } from "./content.ts";

const GoogleToolCall = ToolCall.extend({
  /** where Google's OpenAI-compatible API, and this adapter, put a call's thought signature */
  extra_content: z.looseObject({ google: z.looseObject({ thought_signature: z.string().optional() }).optional() }).nullish(),
});

export const Messages = chatMessages({ text: TextPart, user: UserPart, assistant: AssistantPart, toolCall: GoogleToolCall });

function parseMessages(raw: unknown): z.infer<typeof Messages> {
  const parsed = Messages.safeParse(raw);
  if (!parsed.success) throw fromZod(parsed.error, ["messages"]);
  return parsed.data;
}

export interface Content {
  role: "user" | "model";
  parts: Part[];
}

/**
 * What Gemini documents to send for a function call whose signature was lost (a client that drops
 * `extra_content`, or history from another model): it skips the signature check Gemini 3 enforces on the current
 * turn's function calls, which would otherwise fail the request with a 400
 * (https://ai.google.dev/gemini-api/docs/thought-signatures).
 */
export const SKIP_SIGNATURE = "skip_thought_signature_validator";

/**
 * OpenAI's message list → Gemini's `systemInstruction` and `contents` (https://ai.google.dev/api/generate-content):
 * - system and developer messages, wherever they stand, become the system instruction's text parts, in order;
 * - assistant messages are `model` turns; their tool calls functionCall parts, with the thought signature back on
 *   the first call of the step (Gemini puts it there, and only there, for parallel calls);
 * - tool messages are functionResponse parts of a `user` turn, named after the call they answer (Gemini matches
 *   results to calls by name, OpenAI by id);
 * - consecutive messages of one role merge into one turn, as Gemini wants user and model turns to alternate.
 */
export function translateMessages(raw: unknown): { systemInstruction?: { parts: Part[] }; contents: Content[] } {
  const list = plainMessages(raw) ? (raw as z.infer<typeof Messages>) : parseMessages(raw);
  const system: Part[] = [];
  const contents: Content[] = [];
  const callNames = new Map<string, string>();
  const add = (role: Content["role"], parts: Part[]): void => {
    if (parts.length === 0) return;
    const last = contents.at(-1);
    if (last?.role === role) last.parts.push(...parts);
    else contents.push({ role, parts });
  };

  list.forEach((m, i) => {
    const where = `messages[${i}]`;
    switch (m.role) {
      case "system":
      case "developer":
        system.push(...textParts(m.content));
        break;
      case "user":
        add("user", userParts(m.content, `${where}.content`));
        break;
      case "assistant": {
        const parts = m.content ? assistantParts(m.content) : m.refusal ? textParts(m.refusal) : [];
        (m.tool_calls ?? []).forEach((call, j) => {
          // ids restart at call_0 in every response: the latest assistant message that used an id names it
          callNames.set(call.id, call.function.name);
          const part: Part = { functionCall: { name: call.function.name, args: toolCallArguments(call.function.arguments, `${where}.tool_calls[${j}].function.arguments`) } };
          const signature = call.extra_content?.google?.thought_signature ?? (j === 0 ? SKIP_SIGNATURE : undefined);
          if (signature) part.thoughtSignature = signature;
          parts.push(part);
        });
        add("model", parts);
        break;
      }
      case "tool": {
        const name = callNames.get(m.tool_call_id);
        if (name === undefined) throw invalid(`${where}.tool_call_id`, `No earlier assistant message has a tool call with id \`${m.tool_call_id}\`.`);
        const text = typeof m.content === "string" ? m.content : m.content.map((p) => p.text).join("");
        add("user", [{ functionResponse: { name, response: { result: toolResult(text) } } }]);
        break;
      }
    }
  });

  if (contents.length === 0) throw invalid("messages", "Gemini models need at least one user or assistant message with content.");
  return system.length > 0 ? { systemInstruction: { parts: system }, contents } : { contents };
}

/**
 * A tool's output goes back as structured data when it is JSON (so the model reads fields, not an escaped
 * string), as text otherwise. functionResponse.response must be an object, hence the `result` wrapper, the key
 * Google's function-calling examples use (https://ai.google.dev/gemini-api/docs/function-calling).
 */
function toolResult(text: string): unknown {
  if (!mayBeJsonText(text)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
