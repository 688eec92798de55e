// Test support: replays recorded Gemini streams through the translator the way the chat route does, and reads back
// both what the recording itself says the answer was and what an OpenAI client assembles from the translated events.
// What every adapter's tests share (assembling, serving to the openai client) is in shared/translated-stream.test-helper.ts.
import { readFixture } from "../../../../test/harness/fixtures.ts";
import { sseData } from "../../upstream/sse-splitter.ts";
import { splitRecording, testContext } from "../shared/translated-stream.test-helper.ts";
import type { ChatContext } from "../types.ts";

export const MODEL = "google/gemini-2.5-flash";

export function testCtx(over: Partial<ChatContext> = {}): ChatContext {
  return testContext(MODEL, over);
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
  return splitRecording(text);
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
