// Test support: replays recorded Gemini streams through the translator the way the chat route does, and reads back
// both what the recording itself says the answer was and what an OpenAI client assembles from the translated events.
import { readFixture } from "../../../../test/harness/fixtures.ts";
import { SseSplitter, sseData } from "../../upstream/sse-splitter.ts";
import type { ChatContext } from "../types.ts";

export function testCtx(over: Partial<ChatContext> = {}): ChatContext {
  return { model: "google/gemini-2.5-flash", requestId: "req_test_1", clientWantsUsage: false, createdSec: 1_760_000_000, priceMicros: () => 1234, ...over };
}

/**
 * A recorded stream as the blocks the chat route would push: `.sse.txt` bytes (CRLF-framed, as Google sends them)
 * cut by the SseSplitter, fed in odd small pieces so events also arrive split across reads; `.chunks.jsonl`
 * (vercel's recorder kept only the data payloads) framed back into `data:` blocks.
 */
export function recordedBlocks(rel: string): string[] {
  const text = readFixture(`gemini/${rel}`);
  if (rel.endsWith(".chunks.jsonl")) {
    return text
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => `data: ${l}`);
  }
  const bytes = new TextEncoder().encode(text);
  const splitter = new SseSplitter();
  const blocks: string[] = [];
  for (let i = 0; i < bytes.length; i += 37) blocks.push(...splitter.push(bytes.subarray(i, i + 37)));
  blocks.push(...splitter.flush());
  return blocks;
}

interface RecordedPart {
  text?: string;
  thought?: boolean;
  functionCall?: { name?: string; args?: Record<string, unknown> };
}
interface RecordedChunk {
  candidates?: Array<{ content?: { parts?: RecordedPart[] }; finishReason?: string }>;
  usageMetadata?: Record<string, number>;
}

/** What the recording says: answer text, thoughts, calls, the last finishReason and the last usageMetadata. */
export function recordedAnswer(blocks: readonly string[]) {
  const out = { text: "", thoughts: "", calls: [] as Array<{ name: string; args: Record<string, unknown> }>, finishReason: undefined as string | undefined, usage: {} as Record<string, number> };
  for (const b of blocks) {
    const data = sseData(b);
    if (!data) continue;
    const chunk = JSON.parse(data) as RecordedChunk;
    for (const p of chunk.candidates?.[0]?.content?.parts ?? []) {
      if (p.functionCall?.name) out.calls.push({ name: p.functionCall.name, args: p.functionCall.args ?? {} });
      else if (p.thought) out.thoughts += p.text ?? "";
      else out.text += p.text ?? "";
    }
    out.finishReason = chunk.candidates?.[0]?.finishReason ?? out.finishReason;
    if (chunk.usageMetadata) out.usage = chunk.usageMetadata;
  }
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

interface ToolDelta {
  index: number;
  id?: string;
  type?: string;
  function?: { name?: string; arguments?: string };
  extra_content?: { google?: { thought_signature?: string } };
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
  const tools: Array<{ id?: string; name?: string; arguments: string; signature?: string }> = [];
  const finishes: string[] = [];
  for (const c of chunks) {
    const choice = c.choices[0];
    if (!choice) continue;
    if (typeof choice.delta.content === "string") content += choice.delta.content;
    if (typeof choice.delta.reasoning_content === "string") reasoning += choice.delta.reasoning_content;
    for (const t of (choice.delta.tool_calls as ToolDelta[] | undefined) ?? []) {
      const slot = (tools[t.index] ??= { arguments: "" });
      if (t.id) slot.id = t.id;
      if (t.function?.name) slot.name = t.function.name;
      slot.arguments += t.function?.arguments ?? "";
      if (t.extra_content?.google?.thought_signature) slot.signature = t.extra_content.google.thought_signature;
    }
    if (choice.finish_reason) finishes.push(choice.finish_reason);
  }
  return { chunks, done, content, reasoning, tools, finishes, usageChunks: chunks.filter((c) => c.usage !== undefined) };
}
