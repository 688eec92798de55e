// The translated stream, served over HTTP, read by the official `openai` npm client: proof the events are what
// OpenAI's own SDK expects, not only what our assertions expect.
import { describe, expect, it } from "vitest";
import { serveTranslatedStreams } from "../shared/translated-stream.test-helper.ts";
import { MODEL, recordedAnswer, recordedBlocks } from "./fixture-stream.test-helper.ts";
import { AnthropicStreamTranslator } from "./stream.ts";

const { client, params, readStream } = serveTranslatedStreams({ model: MODEL, translator: (ctx) => new AnthropicStreamTranslator(ctx), recordedBlocks });

describe("the official openai client reading a translated stream", () => {
  it("streams text, and the usage chunk when asked", async () => {
    const fixture = "vercel-stream-text.chunks.jsonl";
    const { objects, content, finishes, usage } = await readStream(fixture, true);
    expect(new Set(objects)).toEqual(new Set(["chat.completion.chunk"]));
    expect(content).toBe(recordedAnswer(recordedBlocks(fixture)).text);
    expect(finishes).toEqual(["stop"]);
    expect(usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 30, total_tokens: 42 });
  });

  it.each(["raw-stream-tool-use-with-args.sse.txt", "raw-stream-thinking-then-tool-use.sse.txt", "vercel-stream-tool-use.chunks.jsonl"])(
    "assembles the tool calls of %s into a final completion",
    async (fixture) => {
      const final = await client().chat.completions.stream(params(fixture)).finalChatCompletion();
      const want = recordedAnswer(recordedBlocks(fixture));
      const choice = final.choices[0]!;
      expect(choice.finish_reason).toBe("tool_calls");
      const calls = (choice.message.tool_calls ?? []).map((c) => (c.type === "function" ? { name: c.function.name, args: JSON.parse(c.function.arguments) as unknown } : undefined));
      expect(calls).toEqual(want.toolNames.map((name, i) => ({ name, args: JSON.parse(want.toolArgs[i] || "{}") as unknown })));
      expect(final.id).toBe("chatcmpl-req_test_1");
    },
  );

  it("assembles a thinking stream's text", async () => {
    const fixture = "stream-thinking.sse.txt";
    const final = await client().chat.completions.stream(params(fixture, true)).finalChatCompletion();
    expect(final.choices[0]?.message.content).toBe(recordedAnswer(recordedBlocks(fixture)).text);
    expect(final.usage).toMatchObject({ prompt_tokens: 43, completion_tokens: 282 });
  });
});
