import { z } from "zod";
import { ToolCall, chatMessages, plainMessages, toolCallArguments } from "../shared/chat-request.ts";
import { fromZod, invalid } from "../shared/invalid.ts";
import { mayBeJsonText } from "../shared/json-start.ts";
import { KeptBoundary, translatedAfterKept, type TurnsKeeper } from "../shared/turns-kept.ts";
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

/** The conversation translated: the system instruction, and the turns after those kept (`kept`; all when none were). */
export interface TranslatedMessages {
  systemInstruction?: { parts: Part[] };
  contents: Content[];
  /** Turns kept from the key's last request (TurnsKept), written as `placeholder` before `contents`. */
  kept?: { placeholder: string };
}

/** What translating the messages after turns kept reads of them (TurnsKept.state). */
interface KeptState {
  readonly system: readonly Part[];
  readonly last: Content;
  /** The tool calls' names by id, as the kept messages left them. */
  readonly callNames: ReadonlyMap<string, string>;
}

/**
 * OpenAI's message list → Gemini's `systemInstruction` and `contents` (https://ai.google.dev/api/generate-content):
 * - system and developer messages, wherever they stand, become the system instruction's text parts, in order;
 * - assistant messages are `model` turns; their tool calls functionCall parts, with the thought signature back on
 *   the first call of the step (Gemini puts it there, and only there, for parallel calls);
 * - tool messages are functionResponse parts of a `user` turn, named after the call they answer (Gemini matches
 *   results to calls by name, OpenAI by id);
 * - consecutive messages of one role merge into one turn, as Gemini wants user and model turns to alternate.
 * With `keeper`, the turns the key's last request kept for the first messages are taken as written (TurnsKept), and
 * those this one's next request may find are kept.
 */
export function translateMessages(raw: unknown, keeper?: TurnsKeeper): TranslatedMessages {
  const continued = translatedAfterKept(raw, keeper, Messages, (rest, found) => {
    const after = translate(rest, found.messages, found.state as KeptState, keeper);
    return after && { ...after, kept: { placeholder: found.placeholder } };
  });
  if (continued !== undefined) return continued;
  const list = plainMessages(raw) ? (raw as z.infer<typeof Messages>) : parseMessages(raw);
  return translate(list, 0, undefined, keeper)!;
}

/**
 * Messages `from` on (`list`), after the turns kept (`state`) when from > 0. Undefined when the first of them would
 * join the last turn kept, or none would follow it: that turn is then no longer as it was written.
 */
function translate(list: z.infer<typeof Messages>, from: number, state: KeptState | undefined, keeper: TurnsKeeper | undefined): Omit<TranslatedMessages, "kept"> | undefined {
  const system: Part[] = state === undefined ? [] : [...state.system];
  const contents: Content[] = [];
  // ids restart at call_0 in every response: the latest assistant message that used an id names it
  const callNames = new Map<string, string>();
  const boundary = new KeptBoundary(keeper?.upTo ?? -1);
  let joinsKept = false;
  const add = (i: number, role: Content["role"], parts: Part[]): void => {
    if (parts.length === 0) return;
    const last = contents.at(-1);
    if (last?.role === role) last.parts.push(...parts);
    else if (last === undefined && state?.last.role === role) joinsKept = true;
    else {
      boundary.started(i, contents.length, system.length);
      contents.push({ role, parts });
    }
  };

  list.forEach((m, j) => {
    const i = from + j;
    const where = `messages[${i}]`;
    switch (m.role) {
      case "system":
      case "developer":
        system.push(...textParts(m.content));
        break;
      case "user":
        add(i, "user", userParts(m.content, `${where}.content`));
        break;
      case "assistant": {
        const parts = m.content ? assistantParts(m.content) : m.refusal ? textParts(m.refusal) : [];
        (m.tool_calls ?? []).forEach((call, k) => {
          callNames.set(call.id, call.function.name);
          const part: Part = { functionCall: { name: call.function.name, args: toolCallArguments(call.function.arguments, `${where}.tool_calls[${k}].function.arguments`) } };
          const signature = call.extra_content?.google?.thought_signature ?? (k === 0 ? SKIP_SIGNATURE : undefined);
          if (signature) part.thoughtSignature = signature;
          parts.push(part);
        });
        add(i, "model", parts);
        break;
      }
      case "tool": {
        const name = callNames.get(m.tool_call_id) ?? state?.callNames.get(m.tool_call_id);
        if (name === undefined) throw invalid(`${where}.tool_call_id`, `No earlier assistant message has a tool call with id \`${m.tool_call_id}\`.`);
        const text = typeof m.content === "string" ? m.content : m.content.map((p) => p.text).join("");
        add(i, "user", [{ functionResponse: { name, response: { result: toolResult(text) } } }]);
        break;
      }
    }
  });
  if (joinsKept || (state !== undefined && contents.length === 0)) return undefined;

  if (contents.length === 0) throw invalid("messages", "Gemini models need at least one user or assistant message with content.");
  // the turns before the boundary are complete: the message at it started another
  if (keeper !== undefined && boundary.turns > 0) {
    const names = new Map(state?.callNames);
    for (const m of list.slice(0, boundary.message - from)) for (const call of (m.role === "assistant" && m.tool_calls) || []) names.set(call.id, call.function.name);
    const keptState: KeptState = { system: system.slice(0, boundary.system), last: contents[boundary.turns - 1]!, callNames: names };
    keeper.keep(boundary.message, keptState, JSON.stringify(contents.slice(0, boundary.turns)).slice(1, -1), from);
  }
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
