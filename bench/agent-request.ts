// A coding agent's /v1/messages request, the kind Claude Code sends on every turn: a long system prompt, a set of
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

/** The request body: `stream` as the scenario wants, the model named as the gateway names it. */
export function agentRequestBody(model: string): string {
  const messages: unknown[] = [{ role: "user", content: "Please refactor the module so that it handles errors. ".repeat(20) }];
  for (let t = 1; t < 60; t++) {
    if (t % 2) messages.push({ role: "assistant", content: [{ type: "text", text: `I will read file ${t}. `.repeat(10) }, { type: "tool_use", id: `toolu_${t}`, name: "Tool3", input: { p0: `src/file${t}.ts` } }] });
    else messages.push({ role: "user", content: [{ type: "tool_result", tool_use_id: `toolu_${t - 1}`, content: sourceFile(t) }] });
  }
  messages.push({ role: "user", content: "Now run the tests." });
  const system = [{ type: "text", text: "You are a coding agent. ".repeat(600), cache_control: { type: "ephemeral" } }];
  const tools = Array.from({ length: 18 }, (_, i) => tool(i));
  return JSON.stringify({ model, max_tokens: 8192, stream: true, system, tools, messages });
}
