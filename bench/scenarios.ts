// What is sent: the same request, byte for byte, to the mock directly, through nginx and through the gateway.
import { agentChatRequestBody, agentRequestBody } from "./agent-request.ts";

export type ScenarioName =
  | "chat"
  | "chat-stream"
  | "chat-stream-translated"
  | "messages-stream"
  | "messages-agent"
  | "chat-agent"
  | "chat-agent-translated"
  | "chat-agent-gemini"
  | "embeddings"
  | "embeddings-base64";
/** `<mode>@<rev>`: the gateway of a baseline revision (`--baseline`). */
export type TargetName = "direct" | "nginx" | "relay" | "embedded" | "split" | `${"embedded" | "split"}@${string}`;

/** Content chunks per stream in the throughput runs (the timed streams use the same count). */
export const STREAM_CHUNKS = 20;

export interface Scenario {
  name: ScenarioName;
  title: string;
  path: string;
  stream: boolean;
  body: string;
  /** Returns why a response is unusable, or undefined when it looks right. */
  check(status: number, body: string): string | undefined;
  /** Gateway statuses meaning "this route is not there yet": the scenario is skipped with a note, not failed. */
  skipWhen?: readonly number[];
}

/** How the load reaches a target; `processes` are what its CPU and memory are read from. */
export interface Target {
  name: TargetName;
  origin: string;
  /** Credentials only; the rest of the headers are the scenario's and the same for every target. */
  authorization: string;
  gateway: boolean;
  processes: TargetProcesses;
}

export interface TargetProcesses {
  /** The process(es) serving the target, whose CPU is counted: the mock, nginx's master and worker, the gateway or data plane. */
  server: number[];
  /** The one whose memory is reported (nginx: its worker). */
  memory: number;
  /** Split mode only: the control plane, reported apart from the data plane. */
  controlPlane?: number;
  /**
   * The mock the target answers from (for direct, the server itself), whose CPU per answer is reported apart: it
   * shares the servers' core, and how often a relay wakes it moves its cost (docs/performance.md).
   */
  upstream?: number;
}

const messages = [{ role: "user", content: "What is the capital of France?" }];
const status = (s: number, body: string): string | undefined => (s === 200 ? undefined : `status ${s}: ${body.slice(0, 300)}`);
const count = (text: string, needle: string): number => text.split(needle).length - 1;

/** An OpenAI embeddings list of one vector, the vector as `ok` expects it. */
function checkEmbedding(body: string, ok: (embedding: unknown) => boolean): string | undefined {
  try {
    const list = JSON.parse(body) as { data?: { embedding?: unknown }[] };
    return list.data?.length === 1 && ok(list.data[0]!.embedding) ? undefined : `not the recorded vector: ${body.slice(0, 300)}`;
  } catch {
    return `not JSON: ${body.slice(0, 300)}`;
  }
}

/** An OpenAI chat stream as a client reads it: every content chunk and the end. */
function checkChatStream(s: number, body: string): string | undefined {
  if (status(s, body)) return status(s, body);
  // loose on purpose: a relay may add or reshape events, but must pass every content chunk and end properly
  const events = count(body, "data: ");
  if (events < STREAM_CHUNKS + 2) return `expected at least ${STREAM_CHUNKS + 2} SSE events, got ${events}: ${body.slice(0, 300)}`;
  return body.trimEnd().endsWith("data: [DONE]") ? undefined : `stream does not end with [DONE]: ${body.slice(-300)}`;
}

/** An Anthropic stream as a client reads it: every content delta and the end. */
function checkMessagesStream(s: number, body: string): string | undefined {
  if (status(s, body)) return status(s, body);
  const deltas = count(body, "event: content_block_delta");
  if (deltas !== STREAM_CHUNKS) return `expected ${STREAM_CHUNKS} content_block_delta events, got ${deltas}: ${body.slice(0, 300)}`;
  return body.includes("event: message_stop") ? undefined : `stream has no message_stop: ${body.slice(-300)}`;
}

export const scenarios: readonly Scenario[] = [
  {
    name: "chat",
    title: "chat, non-stream",
    path: "/v1/chat/completions",
    stream: false,
    body: JSON.stringify({ model: "openai/gpt-4o", messages }),
    check: (s, body) => status(s, body) ?? (body.includes('"chat.completion"') ? undefined : `not a chat.completion: ${body.slice(0, 300)}`),
  },
  {
    name: "chat-stream",
    title: `chat, stream (${STREAM_CHUNKS} chunks)`,
    path: "/v1/chat/completions",
    stream: true,
    body: JSON.stringify({ model: "openai/gpt-4o", messages, stream: true, stream_options: { include_usage: true } }),
    check: checkChatStream,
  },
  {
    // what the OpenAI SDK pointed at a Claude model gets: the gateway asks the provider's /v1/messages and turns its
    // events into chat chunks. A proxy cannot translate, so direct, nginx and the relay pass the same request to the
    // mock's OpenAI endpoint: their rows are the pass-through floor, the gateway's the translated stream.
    name: "chat-stream-translated",
    title: `chat, stream translated from Anthropic (${STREAM_CHUNKS} chunks)`,
    path: "/v1/chat/completions",
    stream: true,
    body: JSON.stringify({ model: "anthropic/claude-haiku-4-5", messages, stream: true, stream_options: { include_usage: true } }),
    check: checkChatStream,
  },
  {
    name: "messages-stream",
    title: `/v1/messages, stream (${STREAM_CHUNKS} chunks)`,
    path: "/v1/messages",
    stream: true,
    body: JSON.stringify({ model: "anthropic/claude-haiku-4-5", max_tokens: 256, messages, stream: true }),
    check: checkMessagesStream,
  },
  {
    // a coding agent's turn (bench/agent-request.ts): ~230 KB of request, a stream back
    name: "messages-agent",
    title: `/v1/messages, a coding agent's ~230 KB request, stream (${STREAM_CHUNKS} chunks)`,
    path: "/v1/messages",
    stream: true,
    body: agentRequestBody("anthropic/claude-haiku-4-5"),
    check: checkMessagesStream,
  },
  {
    // the same turn in OpenAI's shape, for an OpenAI-compatible provider: the chat route forwards the client's bytes and
    // reads of the conversation only what it checks (routes/chat-body-bytes.ts)
    name: "chat-agent",
    title: `chat, a coding agent's ~230 KB request, stream (${STREAM_CHUNKS} chunks)`,
    path: "/v1/chat/completions",
    stream: true,
    body: agentChatRequestBody("openai/gpt-4o"),
    check: checkChatStream,
  },
  {
    // that turn for a Claude model: the gateway rebuilds the conversation as a /v1/messages request (its long texts set
    // aside, routes/chat-body-bytes.ts), then translates the stream back; direct, nginx and the relay pass it to the mock's OpenAI endpoint, as for
    // chat-stream-translated, so their rows are the pass-through floor
    name: "chat-agent-translated",
    title: `chat, a coding agent's ~230 KB request, stream translated from Anthropic (${STREAM_CHUNKS} chunks)`,
    path: "/v1/chat/completions",
    stream: true,
    body: agentChatRequestBody("anthropic/claude-haiku-4-5"),
    check: checkChatStream,
  },
  {
    // that turn for a Gemini model: rebuilt as a streamGenerateContent request (its texts set aside as for Anthropic,
    // but the tool results that may be JSON, which go to Gemini as data), the stream translated back
    name: "chat-agent-gemini",
    title: `chat, a coding agent's ~230 KB request, stream translated from Gemini (${STREAM_CHUNKS} chunks)`,
    path: "/v1/chat/completions",
    stream: true,
    body: agentChatRequestBody("google/gemini-2.5-flash"),
    check: checkChatStream,
  },
  {
    // the recorded vector of real size (bench/mock-embeddings.ts): floats, as JSON text, are most of the answer
    name: "embeddings",
    title: "embeddings, 1,536 floats",
    path: "/v1/embeddings",
    stream: false,
    body: JSON.stringify({ model: "openai/text-embedding-3-small", input: "Hello, world!", encoding_format: "float" }),
    check: (s, body) => status(s, body) ?? checkEmbedding(body, (e) => Array.isArray(e) && e.length === 1536),
    skipWhen: [404, 503],
  },
  {
    name: "embeddings-base64",
    title: "embeddings, base64 (the OpenAI SDKs' default)",
    path: "/v1/embeddings",
    stream: false,
    body: JSON.stringify({ model: "openai/text-embedding-3-small", input: "Hello, world!", encoding_format: "base64" }),
    check: (s, body) => status(s, body) ?? checkEmbedding(body, (e) => typeof e === "string" && Buffer.from(e, "base64").length === 1536 * 4),
    skipWhen: [404, 503],
  },
];

/** Every header the load sends: the target's credential plus the scenario's (Anthropic's version header). */
export function requestHeaders(target: Target, scenario: Scenario): Record<string, string> {
  const headers: Record<string, string> = { authorization: target.authorization, "content-type": "application/json" };
  if (scenario.path === "/v1/messages") headers["anthropic-version"] = "2023-06-01";
  return headers;
}

export type Preflight = { ok: true } | { ok: false; skip: boolean; problem: string };

/** One request before loading, so a misrouted target fails loudly instead of benchmarking error answers. */
export async function preflight(target: Target, scenario: Scenario): Promise<Preflight> {
  const res = await fetch(`${target.origin}${scenario.path}`, { method: "POST", headers: requestHeaders(target, scenario), body: scenario.body });
  const body = await res.text();
  const problem = scenario.check(res.status, body);
  if (problem === undefined) return { ok: true };
  return { ok: false, skip: target.gateway && (scenario.skipWhen ?? []).includes(res.status), problem: `${target.name} ${scenario.name}: ${problem}` };
}
