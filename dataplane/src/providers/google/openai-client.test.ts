// The translated stream, served over HTTP, read by the official `openai` npm client: proof the events are what
// OpenAI's own SDK expects, not only what our assertions expect.
import { describe, expect, it } from "vitest";
import { serveTranslatedStreams } from "../shared/translated-stream.test-helper.ts";
import { MODEL, recordedAnswer, recordedBlocks } from "./fixture-stream.test-helper.ts";
import { GeminiStreamTranslator } from "./stream.ts";

const { client, params, readStream } = serveTranslatedStreams({ model: MODEL, translator: (ctx) => new GeminiStreamTranslator(ctx), recordedBlocks });

describe("the official openai client reading a translated Gemini stream", () => {
  it("streams text, and the usage chunk when asked", async () => {
    const fixture = "stream-text-sse.sse.txt";
    const { objects, content, finishes, usage } = await readStream(fixture, true);
    expect(new Set(objects)).toEqual(new Set(["chat.completion.chunk"]));
    expect(content).toBe(recordedAnswer(recordedBlocks(fixture)).text);
    expect(finishes).toEqual(["stop"]);
    expect(usage).toMatchObject({ prompt_tokens: 18, completion_tokens: 115, total_tokens: 133, completion_tokens_details: { reasoning_tokens: 35 } });
  });

  it.each(["stream-function-call-gemini2.sse.txt", "stream-function-call-thought-signature.sse.txt", "vercel-stream-tool-call-gemini3.chunks.jsonl"])(
    "assembles the tool calls of %s into a final completion",
    async (fixture) => {
      const final = await client().chat.completions.stream(params(fixture)).finalChatCompletion();
      const want = recordedAnswer(recordedBlocks(fixture));
      const choice = final.choices[0]!;
      expect(choice.finish_reason).toBe("tool_calls");
      const calls = (choice.message.tool_calls ?? []).map((c) => (c.type === "function" ? { id: c.id, name: c.function.name, args: JSON.parse(c.function.arguments) as unknown } : undefined));
      expect(calls).toEqual(want.calls.map((c, i) => ({ id: `call_${i}`, ...c })));
      expect(final.id).toBe("chatcmpl-req_test_1");
    },
  );

  it("assembles a thinking stream's answer, without the usage chunk unless asked", async () => {
    const fixture = "stream-thinking-include-thoughts.sse.txt";
    const final = await client().chat.completions.stream(params(fixture)).finalChatCompletion();
    expect(final.choices[0]?.message.content).toBe(recordedAnswer(recordedBlocks(fixture)).text);
    expect(final.choices[0]?.finish_reason).toBe("stop");
    expect(final.usage).toBeUndefined();
  });
});
