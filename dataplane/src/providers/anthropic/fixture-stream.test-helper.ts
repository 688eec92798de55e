// Test support: replays recorded Anthropic streams through the translator the way the chat route does, and reads
// back what an OpenAI client would assemble from the translated events.
import { readFixture } from "../../../../test/harness/fixtures.ts";
import { SseSplitter, sseData } from "../../upstream/sse-splitter.ts";
import type { ChatContext } from "../types.ts";
import { AnthropicStreamTranslator } from "./stream.ts";

export function testCtx(over: Partial<ChatContext> = {}): ChatContext {
  return { model: "anthropic/claude-haiku-4-5", requestId: "req_test_1", clientWantsUsage: false, createdSec: 1_760_000_000, priceMicros: () => 1234, ...over };
}

/**
 * A recorded stream as the blocks the chat route would push: `.sse.txt` bytes cut by the SseSplitter (fed in odd
 * small pieces, so events also arrive split across reads); `.chunks.jsonl` (vercel's recorder kept only the data
 * payloads) framed back into `event:` + `data:` blocks.
 */
export function recordedBlocks(rel: string): string[] {
  const text = readFixture(`anthropic/${rel}`);
  if (rel.endsWith(".chunks.jsonl")) {
    return text
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => `event: ${(JSON.parse(l) as { type: string }).type}\ndata: ${l}`);
  }
  const bytes = new TextEncoder().encode(text);
  const splitter = new SseSplitter();
  const blocks: string[] = [];
  for (let i = 0; i < bytes.length; i += 37) blocks.push(...splitter.push(bytes.subarray(i, i + 37)));
  blocks.push(...splitter.flush());
  return blocks;
}

/** What the recording itself says the answer was: the text, thinking and client tool calls' arguments. */
export function recordedAnswer(blocks: readonly string[]): { text: string; thinking: string; toolArgs: string[]; toolNames: string[] } {
  const kinds = new Map<number, string>();
  const args = new Map<number, string>();
  const out = { text: "", thinking: "", toolArgs: [] as string[], toolNames: [] as string[] };
  for (const b of blocks) {
    const data = sseData(b);
    if (!data) continue;
    const ev = JSON.parse(data) as { type: string; index?: number; content_block?: { type: string; name?: string }; delta?: Record<string, string> };
    if (ev.type === "content_block_start" && ev.index !== undefined && ev.content_block) {
      kinds.set(ev.index, ev.content_block.type);
      if (ev.content_block.type === "tool_use") {
        args.set(ev.index, "");
        out.toolNames.push(ev.content_block.name ?? "");
      }
    }
    if (ev.type === "content_block_delta" && ev.index !== undefined && ev.delta) {
      const kind = kinds.get(ev.index);
      if (kind === "text" && ev.delta.type === "text_delta") out.text += ev.delta.text;
      if (kind === "thinking" && ev.delta.type === "thinking_delta") out.thinking += ev.delta.thinking;
      if (kind === "tool_use" && ev.delta.type === "input_json_delta") args.set(ev.index, (args.get(ev.index) ?? "") + ev.delta.partial_json);
    }
  }
  out.toolArgs = [...args.values()];
  return out;
}

export interface Chunk {
  id: string;
  object: string;
  created: number;
  model: string;
  choices: Array<{ index: number; delta: Record<string, unknown>; finish_reason: string | null }>;
  usage?: Record<string, unknown>;
}

/** Translated events → the chunks, and what a client accumulates from them. */
export function assemble(events: readonly string[]) {
  const chunks: Chunk[] = [];
  let done = 0;
  for (const e of events) {
    if (!e.startsWith("data: ")) throw new Error(`not a data event: ${e}`);
    if (e === "data: [DONE]") done++;
    else chunks.push(JSON.parse(e.slice(6)) as Chunk);
  }
  let content = "";
  let reasoning = "";
  const tools: Array<{ id?: string; name?: string; arguments: string }> = [];
  const finishes: string[] = [];
  for (const c of chunks) {
    const choice = c.choices[0];
    if (!choice) continue;
    if (typeof choice.delta.content === "string") content += choice.delta.content;
    if (typeof choice.delta.reasoning_content === "string") reasoning += choice.delta.reasoning_content;
    for (const tc of (choice.delta.tool_calls as Array<{ index: number; id?: string; function?: { name?: string; arguments?: string } }> | undefined) ?? []) {
      const t = (tools[tc.index] ??= { arguments: "" });
      if (tc.id) t.id = tc.id;
      if (tc.function?.name) t.name = tc.function.name;
      t.arguments += tc.function?.arguments ?? "";
    }
    if (choice.finish_reason) finishes.push(choice.finish_reason);
  }
  return { chunks, done, content, reasoning, tools, finishes, usageChunks: chunks.filter((c) => c.choices.length === 0) };
}

/** Pushes every block, then finish(); returns the events in order. */
export function translateAll(blocks: readonly string[], ctx: ChatContext): { events: string[]; translator: AnthropicStreamTranslator } {
  const translator = new AnthropicStreamTranslator(ctx);
  const events = blocks.flatMap((b) => translator.push(b));
  events.push(...translator.finish());
  return { events, translator };
}
