import OpenAI, { APIConnectionError, APIError } from "openai";

/** What one request came to, as its client saw it. */
export interface Outcome {
  replica: number;
  /** "200", "<status> <error code>", "connection_error" (no HTTP answer at all) or "stream_cut". */
  result: string;
  requestId: string | undefined;
  /** What the gateway said the request cost (x-svc-cost-micros, or the usage chunk's cost_micros). */
  costMicros: number | undefined;
}

/** A mix of prices (three rates, two wire formats) and of streamed and non-streamed answers. */
const VARIANTS = [
  { model: "openai/gpt-4o", stream: false },
  { model: "openai/gpt-4o-mini", stream: false },
  { model: "anthropic/claude-haiku-4-5", stream: false },
  { model: "openai/gpt-4o", stream: true },
] as const;

export interface Load {
  readonly outcomes: readonly Outcome[];
  /** Stops sending and waits for every request in flight to end. */
  stop(): Promise<Outcome[]>;
}

/**
 * Steady load with the official openai client (no retries, so every failure is seen as it was): `workers`
 * concurrent clients per data plane, each sending one chat request after another.
 */
export function startLoad(opts: { baseUrls: readonly string[]; key: string; workers: number; pauseMs: number }): Load {
  const outcomes: Outcome[] = [];
  let running = true;
  let n = 0;
  const worker = async (replica: number) => {
    const client = new OpenAI({ baseURL: `${opts.baseUrls[replica]}/v1`, apiKey: opts.key, maxRetries: 0, timeout: 30_000 });
    while (running) {
      outcomes.push({ replica, ...(await send(client, VARIANTS[n++ % VARIANTS.length]!)) });
      await new Promise((r) => setTimeout(r, opts.pauseMs));
    }
  };
  const workers = opts.baseUrls.flatMap((_, replica) => Array.from({ length: opts.workers }, () => worker(replica)));
  return {
    outcomes,
    async stop() {
      running = false;
      await Promise.all(workers);
      return outcomes;
    },
  };
}

async function send(client: OpenAI, v: (typeof VARIANTS)[number]): Promise<Omit<Outcome, "replica">> {
  const messages = [{ role: "user" as const, content: "What is the capital of France?" }];
  let requestId: string | undefined;
  try {
    if (!v.stream) {
      const { data, response } = await client.chat.completions.create({ model: v.model, messages, max_tokens: 64 }).withResponse();
      requestId = response.headers.get("x-request-id") ?? undefined;
      if (!data.choices[0]?.message) return { result: "200 without a message", requestId, costMicros: undefined };
      return { result: "200", requestId, costMicros: Number(response.headers.get("x-svc-cost-micros")) };
    }
    const { data: stream, response } = await client.chat.completions.create({ model: v.model, messages, max_tokens: 64, stream: true, stream_options: { include_usage: true } }).withResponse();
    requestId = response.headers.get("x-request-id") ?? undefined;
    let cost: number | undefined;
    for await (const chunk of stream) {
      const c = (chunk.usage as { cost_micros?: number } | null | undefined)?.cost_micros;
      if (c !== undefined) cost = c;
    }
    return cost === undefined ? { result: "200 without usage", requestId, costMicros: undefined } : { result: "200", requestId, costMicros: cost };
  } catch (err) {
    if (err instanceof APIConnectionError) return { result: requestId ? "stream_cut" : "connection_error", requestId, costMicros: undefined };
    if (err instanceof APIError) return { result: `${err.status ?? "?"} ${String(err.code ?? "")}`.trim(), requestId: requestId ?? err.headers?.get("x-request-id") ?? undefined, costMicros: undefined };
    return { result: requestId ? "stream_cut" : `client error: ${err instanceof Error ? err.message : String(err)}`, requestId, costMicros: undefined };
  }
}

/** Outcomes counted by result, e.g. { "200": 812, "connection_error": 3 }. */
export function countByResult(outcomes: readonly Outcome[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const o of outcomes) out[o.result] = (out[o.result] ?? 0) + 1;
  return out;
}
