import type { z } from "zod";
import { ToolCall, chatMessages, plainMessages, toolCallArguments } from "../shared/chat-request.ts";
import { fromZod } from "../shared/invalid.ts";
import { KeptBoundary, translatedAfterKept, type TurnsKeeper } from "../shared/turns-kept.ts";
import { AssistantPart, type Block, TextPart, UserPart, assistantBlocks, textBlocks, userBlocks } from "./content.ts";

export const Messages = chatMessages({ text: TextPart, user: UserPart, assistant: AssistantPart, toolCall: ToolCall });

function parseMessages(raw: unknown): z.infer<typeof Messages> {
  const parsed = Messages.safeParse(raw);
  if (!parsed.success) throw fromZod(parsed.error, ["messages"]);
  return parsed.data;
}

export interface Turn {
  role: "user" | "assistant";
  content: Block[];
}

/** The conversation translated: `system`, and the turns after those kept (`kept`; all of them when none were). */
export interface TranslatedMessages {
  system: Block[];
  messages: Turn[];
  /** Turns kept from the key's last request (TurnsKept), written as `placeholder` before `messages`; the last of them. */
  kept?: { placeholder: string; last: Turn };
}

/** What translating the messages after turns kept reads of them (TurnsKept.state). */
interface KeptState {
  readonly system: readonly Block[];
  readonly last: Turn;
}

/**
 * OpenAI's message list → Anthropic's `system` and `messages` (https://docs.anthropic.com/en/api/messages):
 * - system and developer messages, wherever they stand, become the top-level system text blocks, in order;
 * - tool messages become tool_result blocks of a user turn;
 * - consecutive turns of one role merge into one turn, since Anthropic wants user and assistant to alternate,
 *   and within a user turn the tool_result blocks go first, as Anthropic requires of the turn after a tool use
 *   (https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use).
 * With `keeper`, the turns the key's last request kept for the first messages are taken as written (TurnsKept), and
 * those this one's next request may find are kept.
 */
export function translateMessages(raw: unknown, keeper?: TurnsKeeper): TranslatedMessages {
  const continued = translatedAfterKept(raw, keeper, Messages, (rest, found) => {
    const state = found.state as KeptState;
    const after = translate(rest, found.messages, state, keeper);
    return after && { ...after, kept: { placeholder: found.placeholder, last: state.last } };
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
  const system: Block[] = state === undefined ? [] : [...state.system];
  const turns: Turn[] = [];
  const boundary = new KeptBoundary(keeper?.upTo ?? -1);
  let joinsKept = false;
  const add = (i: number, role: Turn["role"], blocks: Block[]): void => {
    if (blocks.length === 0) return;
    const last = turns.at(-1);
    if (last?.role === role) last.content.push(...blocks);
    else if (last === undefined && state?.last.role === role) joinsKept = true;
    else {
      boundary.started(i, turns.length, system.length);
      turns.push({ role, content: blocks });
    }
  };

  list.forEach((m, j) => {
    const i = from + j;
    const where = `messages[${i}]`;
    switch (m.role) {
      case "system":
      case "developer":
        system.push(...textBlocks(m.content));
        break;
      case "user":
        add(i, "user", userBlocks(m.content, `${where}.content`));
        break;
      case "assistant": {
        const blocks = m.content ? assistantBlocks(m.content) : m.refusal ? textBlocks(m.refusal) : [];
        (m.tool_calls ?? []).forEach((call, k) => {
          blocks.push({ type: "tool_use", id: call.id, name: call.function.name, input: toolCallArguments(call.function.arguments, `${where}.tool_calls[${k}].function.arguments`) });
        });
        add(i, "assistant", blocks);
        break;
      }
      case "tool": {
        const content = typeof m.content === "string" ? m.content : textBlocks(m.content);
        const result: Block = { type: "tool_result", tool_use_id: m.tool_call_id };
        if (content.length > 0) result.content = content;
        add(i, "user", [result]);
        break;
      }
    }
  });
  if (joinsKept) return undefined;

  for (const turn of turns) {
    if (turn.role === "user") turn.content.sort((a, b) => rank(a) - rank(b));
  }
  trimFinalAssistant(turns);
  if (state !== undefined && turns.length === 0) return undefined;
  // the turns before the boundary are complete: the message at it started another
  if (keeper !== undefined && boundary.turns > 0) {
    const keptState: KeptState = { system: system.slice(0, boundary.system), last: turns[boundary.turns - 1]! };
    keeper.keep(boundary.message, keptState, JSON.stringify(turns.slice(0, boundary.turns)).slice(1, -1), from);
  }
  return { system, messages: turns };
}

/**
 * Whether the conversation ends inside a tool loop: the last turn returns tool results to the assistant turn
 * before it, which called the tools. With thinking on, Anthropic wants that assistant turn to start with the signed
 * thinking block that preceded the calls, which OpenAI's message format cannot carry back.
 */
export function endsInToolLoop(turns: readonly Turn[]): boolean {
  const last = turns.at(-1);
  const before = turns.at(-2);
  return last?.role === "user" && last.content.some((b) => b.type === "tool_result") && before?.role === "assistant" && before.content.some((b) => b.type === "tool_use");
}

/** Stable sort key: tool results before anything else (Array.prototype.sort is stable). */
function rank(block: Block): number {
  return block.type === "tool_result" ? 0 : 1;
}

/**
 * A conversation that ends on an assistant turn is a prefill, and Anthropic rejects a prefill ending in whitespace
 * ("final assistant content cannot end with trailing whitespace").
 */
function trimFinalAssistant(turns: Turn[]): void {
  const last = turns.at(-1);
  if (last?.role !== "assistant") return;
  const block = last.content.at(-1);
  if (block?.type !== "text" || typeof block.text !== "string") return;
  const text = block.text.trimEnd();
  if (text === "") last.content.pop();
  else block.text = text;
  if (last.content.length === 0) turns.pop();
}
