import { OptionalFunctionTools, type FunctionTools } from "./chat-request.ts";

/**
 * A client's `tools` as a translating adapter writes them: the JSON text of the array of its entries for them
 * (`[{…},{…}]`), and the tools' names, in order.
 */
export interface ToolEntries {
  readonly json: string;
  readonly names: readonly string[];
}

/**
 * Tools the route set aside (routes/tools-memo.ts): their entries were written for an earlier request with the same
 * tools, byte for byte. The body's `tools` is then an array of as many nulls, and the adapter writes `placeholder`
 * as one element of its tools array: the route puts the entries, without their array's brackets, in its place in
 * the request written.
 */
export interface ToolsAside {
  readonly placeholder: string;
  readonly names: readonly string[];
}

// a symbol: never a member a client sent, and not written by JSON.stringify
const TOOLS_ASIDE = Symbol("tools set aside");

/** Marks `body`'s tools as set aside (ToolsAside); the route does, after parsing the body with their placeholder. */
export function setToolsAside(body: Record<string, unknown>, aside: ToolsAside): void {
  body.tools = new Array<null>(aside.names.length).fill(null);
  (body as { [TOOLS_ASIDE]?: ToolsAside })[TOOLS_ASIDE] = aside;
}

/** The tools set aside from this body, if they were. */
export function toolsAside(body: Record<string, unknown>): ToolsAside | undefined {
  return (body as { [TOOLS_ASIDE]?: ToolsAside })[TOOLS_ASIDE];
}

/**
 * The client's tools (a body's `tools`) as an adapter's `entries` write them, or undefined when there are none or
 * they are refused (the adapter's own check then answers, in its own order, from the body read as usual).
 * JSON.stringify writes a value the same wherever it stands, so the array written here holds, between its brackets,
 * the bytes the adapter's whole request holds for them.
 */
export function toolEntriesOf(tools: unknown, entries: (list: FunctionTools) => unknown[]): ToolEntries | undefined {
  const parsed = OptionalFunctionTools.safeParse(tools);
  if (!parsed.success || !parsed.data || parsed.data.length === 0) return undefined;
  let written: unknown[];
  try {
    written = entries(parsed.data);
  } catch {
    return undefined;
  }
  return { json: JSON.stringify(written), names: parsed.data.map((t) => t.function.name) };
}
