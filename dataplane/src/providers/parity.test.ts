import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../../catalog/src/index.ts";
import { readFixture } from "../../../test/harness/fixtures.ts";
import { costMicros } from "../metering/cost.ts";
import { sseData } from "../upstream/sse-splitter.ts";
import { anthropicChat } from "./anthropic/chat.ts";
import { geminiChat } from "./google/chat.ts";
import { buildChatRequest, parseChatResponse } from "./openai-compat/chat.ts";
import { OpenAIStreamMeter } from "./openai-compat/stream.ts";
import { splitRecording, testContext, translateAll } from "./shared/translated-stream.test-helper.ts";
import { bodyText } from "./shared/json-pieces.test-helper.ts";
import type { ChatAdapter, StreamTranslator, Usage } from "./types.ts";

/**
 * Streamed and non-streamed, the same answer costs the same. Each recorded stream is folded into the body the
 * provider documents for the same answer without streaming (OpenAI: the usage chunk's usage; Anthropic: the
 * message of message_start with message_delta's cumulative usage; Gemini: the last chunk's usageMetadata), and
 * both paths' usage is priced by the one cost function. Peers have billed streams at zero, or cached tokens at
 * the full rate, exactly where these paths disagreed.
 */
const catalog = loadCatalog();
/** Just the fields the folds read, of any provider's stream event. */
interface StreamEvent {
  type?: string;
  message?: { usage?: object } & Record<string, unknown>;
  delta?: { stop_reason?: string };
  usage?: object;
  choices?: unknown[];
  usageMetadata?: unknown;
}
const events = (rel: string) => splitRecording(readFixture(rel)).map((b) => sseData(b)).filter((d): d is string => d !== undefined && d !== "[DONE]").map((d) => JSON.parse(d) as StreamEvent);

function streamed(adapter: ChatAdapter | ((c: ReturnType<typeof testContext>) => StreamTranslator), model: string, rel: string): Usage | undefined {
  const ctx = testContext(model);
  const translator = typeof adapter === "function" ? adapter(ctx) : adapter.createStreamTranslator(ctx);
  return translateAll(translator, splitRecording(readFixture(rel))).translator.usage;
}

function foldAnthropic(rel: string): string {
  const evs = events(rel);
  const start = evs.find((e) => e.type === "message_start")!.message!;
  const deltas = evs.filter((e) => e.type === "message_delta");
  const usage = Object.assign({}, start.usage, ...deltas.map((d) => d.usage));
  const stop = deltas.at(-1)?.delta?.stop_reason ?? "end_turn";
  return JSON.stringify({ ...start, content: [{ type: "text", text: "(same answer)" }], stop_reason: stop, usage });
}

function foldGemini(rel: string): string {
  const evs = events(rel);
  const last = evs.at(-1)!;
  return JSON.stringify({ candidates: [{ content: { role: "model", parts: [{ text: "(same answer)" }] }, finishReason: "STOP", index: 0 }], usageMetadata: last.usageMetadata });
}

function foldOpenAI(rel: string): string {
  const usage = events(rel).find((e) => Array.isArray(e.choices) && e.choices.length === 0 && e.usage)!.usage;
  return JSON.stringify({ id: "x", object: "chat.completion", choices: [{ index: 0, message: { role: "assistant", content: "(same answer)" }, finish_reason: "stop" }], usage });
}

const cases: [string, string, () => { s: Usage | undefined; n: Usage | undefined }][] = [
  ["openai/gpt-4o-mini", "openai/chat-stream-text-include-usage.sse.txt", () => ({ s: streamed((c) => new OpenAIStreamMeter(c), "openai/gpt-4o-mini", "openai/chat-stream-text-include-usage.sse.txt"), n: parseChatResponse(foldOpenAI("openai/chat-stream-text-include-usage.sse.txt")).usage })],
  ["openai/gpt-5", "openai/chat-stream-gpt5-include-usage.sse.txt", () => ({ s: streamed((c) => new OpenAIStreamMeter(c), "openai/gpt-5", "openai/chat-stream-gpt5-include-usage.sse.txt"), n: parseChatResponse(foldOpenAI("openai/chat-stream-gpt5-include-usage.sse.txt")).usage })],
  ...["stream-text", "stream-thinking", "stream-tool-use-input-json-delta", "raw-stream-tool-use-with-args", "raw-stream-thinking-then-tool-use", "stream-redacted-thinking"].map(
    (name): [string, string, () => { s: Usage | undefined; n: Usage | undefined }] => {
      const rel = `anthropic/${name}.sse.txt`;
      return ["anthropic/claude-sonnet-4-5", rel, () => ({ s: streamed(anthropicChat, "anthropic/claude-sonnet-4-5", rel), n: anthropicChat.parseResponse(foldAnthropic(rel), testContext("anthropic/claude-sonnet-4-5")).usage })];
    },
  ),
  ...["stream-text-sse", "stream-thinking-include-thoughts", "stream-function-call-gemini2", "stream-function-call-thought-signature"].map(
    (name): [string, string, () => { s: Usage | undefined; n: Usage | undefined }] => {
      const rel = `gemini/${name}.sse.txt`;
      return ["google/gemini-2.5-flash", rel, () => ({ s: streamed(geminiChat, "google/gemini-2.5-flash", rel), n: geminiChat.parseResponse(foldGemini(rel), testContext("google/gemini-2.5-flash")).usage })];
    },
  ),
];

describe("streamed and non-streamed cost of the same answer", () => {
  it.each(cases)("%s, %s", (slug, _, run) => {
    const { s, n } = run();
    expect(s, "the stream reported usage").toBeDefined();
    expect(s?.inputTokens).toBeGreaterThan(0);
    expect(s).toEqual(n);
    const model = catalog.resolve(slug)!;
    expect(costMicros(model, s!)).toBe(costMicros(model, n!));
    expect(costMicros(model, s!)).toBeGreaterThan(0);
  });

  it("the OpenAI-compatible request asks for the usage chunk, so no stream goes unbilled", () => {
    const req = buildChatRequest({ model: "x", messages: [] }, { baseUrl: "http://u/v1", credential: "c", upstreamModel: "m", maxOutputTokens: 1 }, true);
    expect(JSON.parse(bodyText(req.body)).stream_options).toEqual({ include_usage: true });
  });
});
