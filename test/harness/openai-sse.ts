// Builds the SSE event list of an OpenAI chat completion stream from a recorded body.
// Each returned string is one complete event including its terminating blank line, so
// joining them reproduces the wire bytes and writing them one by one keeps event boundaries.

interface ChunkChoice {
  delta: Record<string, unknown>;
  finish_reason: string | null;
}

interface ChatChunk {
  choices: ChunkChoice[];
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number } | null;
}

export function splitSseEvents(body: string): string[] {
  const events: string[] = [];
  let start = 0;
  for (let end = body.indexOf("\n\n", start); end !== -1; end = body.indexOf("\n\n", start)) {
    events.push(body.slice(start, end + 2));
    start = end + 2;
  }
  if (start < body.length) events.push(body.slice(start));
  return events;
}

function chunkOf(event: string): ChatChunk | undefined {
  const payload = event.startsWith("data: ") ? event.slice(6).trim() : "";
  if (!payload.startsWith("{")) return undefined;
  return JSON.parse(payload) as ChatChunk;
}

function isUsageEvent(event: string): boolean {
  const chunk = chunkOf(event);
  return chunk !== undefined && chunk.choices.length === 0 && typeof chunk.usage === "object" && chunk.usage !== null;
}

/**
 * The real API adds `"usage":null` to every chunk and a final `choices: []` usage chunk only
 * when `stream_options.include_usage` is true; without it both are absent. The recordings were
 * all made with include_usage, so the other variant is derived by deleting exactly those bytes.
 */
export function withUsageOption(events: readonly string[], includeUsage: boolean): string[] {
  if (includeUsage) return [...events];
  return events
    .filter((event) => !isUsageEvent(event))
    .map((event) => event.replace(',"usage":null', "").replace('"usage":null,', ""));
}

function isContent(c: ChatChunk | undefined): boolean {
  const content = c?.choices[0]?.delta["content"];
  return typeof content === "string" && content !== "";
}

const words = ["The", " capital", " of", " the", " UK", " is", " London", "."];

/**
 * N content chunks cloned from the recorded ones (so keys, id, created, model, fingerprint and
 * obfuscation stay as the provider sent them), framed like the recording: role chunk first,
 * finish chunk, usage chunk, [DONE]. Returned with include_usage on; apply withUsageOption.
 */
export function synthesiseChatEvents(recorded: readonly string[], contentChunks?: number): string[] {
  const chunks = recorded.map(chunkOf);
  const find = (test: (c: ChatChunk) => boolean): ChatChunk => {
    const hit = chunks.find((c) => c !== undefined && test(c));
    if (hit === undefined) throw new Error("recorded stream lacks a chunk the synthetic stream needs");
    return hit;
  };
  const role = find((c) => c.choices[0]?.delta["role"] !== undefined);
  const content = find(isContent);
  const finish = find((c) => c.choices[0]?.finish_reason != null);
  const usage = find((c) => c.choices.length === 0 && c.usage != null);
  const frame = (c: unknown): string => `data: ${JSON.stringify(c)}\n\n`;
  // Without a count the synthetic stream carries as many words as the recording.
  const n = contentChunks ?? chunks.filter(isContent).length;

  const out = [frame(role)];
  for (let i = 0; i < n; i++) {
    const clone = structuredClone(content);
    const choice = clone.choices[0];
    if (choice) choice.delta["content"] = words[i % words.length];
    out.push(frame(clone));
  }
  out.push(frame(finish));
  const usageClone = structuredClone(usage);
  if (usageClone.usage) {
    usageClone.usage.completion_tokens = n;
    usageClone.usage.total_tokens = usageClone.usage.prompt_tokens + n;
  }
  out.push(frame(usageClone), "data: [DONE]\n\n");
  return out;
}
