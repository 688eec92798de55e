// What is sent: the same request to the upstream directly and through the gateway.

export interface Target {
  name: "direct" | "gateway";
  url: string;
  headers: Record<string, string>;
  /** The gateway addresses models as provider/model; the upstream only knows the bare name. */
  model: string;
}

export interface Scenario {
  name: "chat" | "chat-stream";
  body(model: string): string;
  /** Returns why a response is unusable, or undefined when it looks right. */
  check(status: number, body: string): string | undefined;
}

/** Content chunks the mock is shaped to for the stream scenario. */
export const STREAM_CHUNKS = 20;

const messages = [{ role: "user", content: "What is the capital of France?" }];

export const scenarios: Scenario[] = [
  {
    name: "chat",
    body: (model) => JSON.stringify({ model, messages }),
    check: (status, body) => (status !== 200 ? `status ${status}: ${body.slice(0, 300)}` : body.includes('"chat.completion"') ? undefined : `not a chat.completion: ${body.slice(0, 300)}`),
  },
  {
    name: "chat-stream",
    body: (model) => JSON.stringify({ model, messages, stream: true, stream_options: { include_usage: true } }),
    check: (status, body) => {
      if (status !== 200) return `status ${status}: ${body.slice(0, 300)}`;
      // Loose on purpose: the gateway may add or reshape events, but must relay all content and end properly.
      const events = body.split("\n\n").filter((e) => e.startsWith("data: ")).length;
      if (events < STREAM_CHUNKS + 2) return `expected at least ${STREAM_CHUNKS + 2} SSE events, got ${events}: ${body.slice(0, 300)}`;
      return body.trimEnd().endsWith("data: [DONE]") ? undefined : `stream does not end with [DONE]: ${body.slice(-300)}`;
    },
  },
];

export function directTarget(openaiBaseUrl: string): Target {
  return { name: "direct", url: `${openaiBaseUrl}/chat/completions`, headers: { authorization: "Bearer sk-bench", "content-type": "application/json" }, model: "gpt-4o" };
}

export function gatewayTarget(origin: string, key: string): Target {
  return { name: "gateway", url: `${origin}/v1/chat/completions`, headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, model: "openai/gpt-4o" };
}

/** One request before loading, so a misrouted target fails loudly instead of benchmarking 4xx answers. */
export async function preflight(target: Target, scenario: Scenario): Promise<void> {
  const res = await fetch(target.url, { method: "POST", headers: target.headers, body: scenario.body(target.model) });
  const problem = scenario.check(res.status, await res.text());
  if (problem) throw new Error(`${target.name} ${scenario.name}: ${problem}`);
}
