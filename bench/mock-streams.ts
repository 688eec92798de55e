// The SSE streams the bench mock serves, built from the shared recordings: an OpenAI chat stream, an Anthropic
// messages stream and a Gemini streamGenerateContent stream of N content chunks. Each returned string is one whole event (blank line included).
import { readFixture } from "../test/harness/fixtures.ts";
import { splitSseEvents, synthesiseChatEvents, withUsageOption } from "../test/harness/openai-sse.ts";

/**
 * Written into a content chunk in place of its text when chunks are timed; the mock replaces it with the send
 * time at the moment it writes the chunk, so the client can tell when each chunk left the upstream.
 */
export const STAMP_PLACEHOLDER = "@@SENT@@";
/** How a stamped chunk's text looks on the wire: ~<µs since the epoch>~ (ASCII, so no relay re-escapes it). */
export const STAMP_PATTERN = /~(\d{13,17})~/;

export function stampText(sentUs: number): string {
  return `~${Math.round(sentUs)}~`;
}

export interface ChatStreams {
  /** Requests asking stream_options.include_usage get the usage chunk; others do not, as the real API does. */
  withUsage: string[];
  withoutUsage: string[];
}

function reframeData(event: string, edit: (json: Record<string, unknown>) => void): string {
  const lines = event.split("\n");
  const dataAt = lines.findIndex((l) => l.startsWith("data: "));
  const json = JSON.parse(lines[dataAt]!.slice(6)) as Record<string, unknown>;
  edit(json);
  lines[dataAt] = `data: ${JSON.stringify(json)}`;
  return lines.join("\n");
}

function isOpenAiContent(event: string): boolean {
  if (!event.startsWith("data: {")) return false;
  const chunk = JSON.parse(event.slice(6)) as { choices?: { delta?: { content?: unknown } }[] };
  const content = chunk.choices?.[0]?.delta?.content;
  return typeof content === "string" && content !== "";
}

export function openAiChatStreams(chunks: number, stamped: boolean): ChatStreams {
  const recorded = splitSseEvents(readFixture("openai/chat-stream-text-include-usage.sse.txt"));
  let events = synthesiseChatEvents(recorded, chunks);
  if (stamped) {
    events = events.map((e) =>
      isOpenAiContent(e)
        ? reframeData(e, (json) => {
            const choice = (json["choices"] as { delta: Record<string, unknown> }[])[0]!;
            choice.delta["content"] = STAMP_PLACEHOLDER;
          })
        : e,
    );
  }
  return { withUsage: withUsageOption(events, true), withoutUsage: withUsageOption(events, false) };
}

const WORDS = ["The", " capital", " of", " France", " is", " Paris", "."];

/**
 * message_start, content_block_start, ping, N text deltas, content_block_stop, message_delta (output_tokens N)
 * and message_stop, each cloned from the recording so every field the gateway meters from stays as sent.
 */
export function anthropicMessageStream(chunks: number, stamped: boolean): string[] {
  const recorded = splitSseEvents(readFixture("anthropic/stream-text.sse.txt"));
  const named = (type: string): string => {
    const hit = recorded.find((e) => e.startsWith(`event: ${type}\n`));
    if (hit === undefined) throw new Error(`anthropic/stream-text.sse.txt has no ${type} event`);
    return hit;
  };
  const out = [named("message_start"), named("content_block_start"), named("ping")];
  for (let i = 0; i < chunks; i++) {
    out.push(
      reframeData(named("content_block_delta"), (json) => {
        (json["delta"] as Record<string, unknown>)["text"] = stamped ? STAMP_PLACEHOLDER : WORDS[i % WORDS.length];
      }),
    );
  }
  out.push(
    named("content_block_stop"),
    reframeData(named("message_delta"), (json) => {
      (json["usage"] as Record<string, unknown>)["output_tokens"] = chunks;
    }),
    named("message_stop"),
  );
  return out;
}

/**
 * N events of Gemini's `streamGenerateContent?alt=sse`, each a clone of the recording's first with its text replaced,
 * then the recording's last (finishReason STOP and the final usage), as Gemini ends a stream. Gemini ends its lines
 * with CRLF, and so do these.
 */
export function geminiContentStream(chunks: number, stamped: boolean): string[] {
  const recorded = readFixture("gemini/stream-text-sse.sse.txt")
    .split("\r\n\r\n")
    .filter((e) => e.startsWith("data: "))
    .map((e) => JSON.parse(e.slice("data: ".length)) as { candidates: { content: { parts: Array<Record<string, unknown>> } }[] });
  const event = (json: unknown) => `data: ${JSON.stringify(json)}\r\n\r\n`;
  const out: string[] = [];
  for (let i = 0; i < chunks; i++) {
    const json = structuredClone(recorded[0]!);
    json.candidates[0]!.content.parts[0]!["text"] = stamped ? STAMP_PLACEHOLDER : WORDS[i % WORDS.length];
    out.push(event(json));
  }
  out.push(event(recorded.at(-1)));
  return out;
}
