// A coding agent's request, the kind Claude Code sends to /v1/messages on every turn (and other agents, in OpenAI's
// shape, to /v1/chat/completions): a long system prompt, a set of
// tools with JSON schemas, and a conversation of tool calls whose results are source files. ~230 KB of JSON, most of
// it strings, with some non-ASCII text (comments, names) as real code has. Built the same way every run, so that two
// runs (and a baseline) load the same bytes. Where a gateway parses, copies or re-encodes a body, this is where it
// shows: the other scenarios' requests are a hundred bytes.

/** A source file as a tool result carries it: lines of code with quotes, tabs, escapes and a few non-ASCII comments. */
function sourceFile(turn: number): string {
  const lines: string[] = [];
  for (let i = 0; i < 60; i++) {
    const comment = i % 10 === 0 ? ` // étape ${i}: vérifier l'entrée ✓` : ` // step ${i}`;
    lines.push(`  const value${i} = compute("${turn}-${i}", { depth: ${i}, label: 'item ${i}\t"quoted"' });${comment}`);
  }
  return `${lines.join("\n")}\n`;
}

function tool(i: number) {
  const properties = Object.fromEntries(
    Array.from({ length: 8 }, (_, j) => [`p${j}`, { type: j % 2 ? "string" : "array", description: `Parameter ${j} of tool ${i}. `.repeat(5), ...(j % 2 ? {} : { items: { type: "string" } }) }]),
  );
  return { name: `Tool${i}`, description: `Does thing ${i}. `.repeat(40), input_schema: { type: "object", properties, required: ["p0"] } };
}

/** The conversation's turns, in neither provider's shape: the user's asks, the agent's reads, the files read. */
function turns(): Array<{ ask: string } | { say: string; read: string; id: string } | { result: string; id: string }> {
  const out: Array<{ ask: string } | { say: string; read: string; id: string } | { result: string; id: string }> = [{ ask: "Please refactor the module so that it handles errors. ".repeat(20) }];
  for (let t = 1; t < 60; t++) {
    if (t % 2) out.push({ say: `I will read file ${t}. `.repeat(10), read: `src/file${t}.ts`, id: `toolu_${t}` });
    else out.push({ result: sourceFile(t), id: `toolu_${t - 1}` });
  }
  out.push({ ask: "Now run the tests." });
  return out;
}

const SYSTEM = "You are a coding agent. ".repeat(600);

/** The Anthropic Messages body (/v1/messages), streamed, the model named as the gateway names it. */
export function agentRequestBody(model: string): string {
  const messages = turns().map((t) =>
    "ask" in t
      ? { role: "user", content: t.ask }
      : "say" in t
        ? { role: "assistant", content: [{ type: "text", text: t.say }, { type: "tool_use", id: t.id, name: "Tool3", input: { p0: t.read } }] }
        : { role: "user", content: [{ type: "tool_result", tool_use_id: t.id, content: t.result }] },
  );
  const system = [{ type: "text", text: SYSTEM, cache_control: { type: "ephemeral" } }];
  const tools = Array.from({ length: 18 }, (_, i) => tool(i));
  return JSON.stringify({ model, max_tokens: 8192, stream: true, system, tools, messages });
}

/** The same turn as an OpenAI chat body (/v1/chat/completions), streamed with its usage. */
export function agentChatRequestBody(model: string): string {
  const messages: unknown[] = [{ role: "system", content: SYSTEM }];
  for (const t of turns()) {
    if ("ask" in t) messages.push({ role: "user", content: t.ask });
    else if ("say" in t) messages.push({ role: "assistant", content: t.say, tool_calls: [{ id: t.id, type: "function", function: { name: "Tool3", arguments: JSON.stringify({ p0: t.read }) } }] });
    else messages.push({ role: "tool", tool_call_id: t.id, content: t.result });
  }
  const tools = Array.from({ length: 18 }, (_, i) => {
    const { name, description, input_schema } = tool(i);
    return { type: "function", function: { name, description, parameters: input_schema } };
  });
  return JSON.stringify({ model, max_tokens: 8192, stream: true, stream_options: { include_usage: true }, tools, messages });
}
