// The translated stream, served over HTTP, read by the official `openai` npm client: proof the events are what
// OpenAI's own SDK expects, not only what our assertions expect.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordedAnswer, recordedBlocks, testCtx } from "./fixture-stream.test-helper.ts";
import { GeminiStreamTranslator } from "./stream.ts";

let server: Server;
let client: OpenAI;

beforeAll(async () => {
  // POST /v1/chat/completions: `metadata.fixture` picks the recording to translate; each translated event is
  // written as soon as it is produced.
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString("utf8")));
    req.on("end", () => {
      const body = JSON.parse(raw) as { metadata: { fixture: string }; stream_options?: { include_usage?: boolean } };
      const t = new GeminiStreamTranslator(testCtx({ clientWantsUsage: body.stream_options?.include_usage === true }));
      res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" });
      for (const block of recordedBlocks(body.metadata.fixture)) for (const e of t.push(block)) res.write(`${e}\n\n`);
      res.end(`${t.finish().join("\n\n")}\n\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  client = new OpenAI({ baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, apiKey: "x", maxRetries: 0 });
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

// the recording to replay rides in `metadata`, a field the client sends untouched
const params = (fixture: string, includeUsage = false): OpenAI.ChatCompletionCreateParamsStreaming => ({
  model: "google/gemini-2.5-flash",
  messages: [{ role: "user", content: "hi" }],
  stream: true,
  metadata: { fixture },
  ...(includeUsage ? { stream_options: { include_usage: true } } : {}),
});

describe("the official openai client reading a translated Gemini stream", () => {
  it("streams text, and the usage chunk when asked", async () => {
    const fixture = "stream-text-sse.sse.txt";
    const stream = await client.chat.completions.create(params(fixture, true));
    let content = "";
    const finishes: string[] = [];
    let usage: OpenAI.CompletionUsage | undefined | null;
    for await (const chunk of stream) {
      expect(chunk.object).toBe("chat.completion.chunk");
      content += chunk.choices[0]?.delta.content ?? "";
      const finish = chunk.choices[0]?.finish_reason;
      if (finish) finishes.push(finish);
      if (chunk.usage) usage = chunk.usage;
    }
    expect(content).toBe(recordedAnswer(recordedBlocks(fixture)).text);
    expect(finishes).toEqual(["stop"]);
    expect(usage).toMatchObject({ prompt_tokens: 18, completion_tokens: 115, total_tokens: 133, completion_tokens_details: { reasoning_tokens: 35 } });
  });

  it.each(["stream-function-call-gemini2.sse.txt", "stream-function-call-thought-signature.sse.txt", "vercel-stream-tool-call-gemini3.chunks.jsonl"])(
    "assembles the tool calls of %s into a final completion",
    async (fixture) => {
      const final = await client.chat.completions.stream(params(fixture)).finalChatCompletion();
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
    const final = await client.chat.completions.stream(params(fixture)).finalChatCompletion();
    expect(final.choices[0]?.message.content).toBe(recordedAnswer(recordedBlocks(fixture)).text);
    expect(final.choices[0]?.finish_reason).toBe("stop");
    expect(final.usage).toBeUndefined();
  });
});
