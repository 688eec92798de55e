// Test support: replays recorded Anthropic streams through the translator the way the chat route does, and reads
// back what an OpenAI client would assemble from the translated events.
// What every adapter's tests share (assembling, serving to the openai client) is in shared/translated-stream.test-helper.ts.
import { readFixture } from "../../../../test/harness/fixtures.ts";
import { sseData } from "../../upstream/sse-splitter.ts";
import { splitRecording, testContext, translateAll as translateWith } from "../shared/translated-stream.test-helper.ts";
import type { ChatContext } from "../types.ts";
import { AnthropicStreamTranslator } from "./stream.ts";

export const MODEL = "anthropic/claude-haiku-4-5";

export function testCtx(over: Partial<ChatContext> = {}): ChatContext {
  return testContext(MODEL, over);
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
  return splitRecording(text);
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

/** Pushes every block through a new translator, then finish(); returns the events in order. */
export function translateAll(blocks: readonly string[], ctx: ChatContext): { events: string[]; translator: AnthropicStreamTranslator } {
  return translateWith(new AnthropicStreamTranslator(ctx), blocks);
}
