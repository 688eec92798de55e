import { z } from "zod";
import { NamedFunction, OptionalFunctionTools, type FunctionTools } from "../shared/chat-request.ts";
import { fromZod, invalid } from "../shared/invalid.ts";
import { toolEntriesOf, toolsAside, type ToolEntries } from "../shared/tools-aside.ts";
import type { Block } from "./content.ts";
import { JSON_TOOL_NAME, type JsonTool } from "./json-mode.ts";

const ToolChoice = z.union([
  z.enum(["auto", "none", "required"]),
  NamedFunction,
]);
const OptionalToolChoice = ToolChoice.nullish();

/**
 * OpenAI `tools`, `tool_choice`, `parallel_tool_calls` (and the JSON-mode tool) → Anthropic `tools` and
 * `tool_choice` (https://docs.anthropic.com/en/api/messages#body-tools, #body-tool-choice):
 * auto → auto, none → none, required → any, {function: {name}} → {type: "tool", name};
 * parallel_tool_calls: false → disable_parallel_tool_use on the choice (Anthropic has no separate flag).
 * `strict` is dropped: Anthropic's strict tool use exists only on some models, and without it the call has the
 * same shape.
 */
export function translateTools(body: Record<string, unknown>, jsonTool: JsonTool | undefined): { tools?: Array<Block | string>; tool_choice?: Block } {
  // a body without tools (most): what the schemas' pass below would conclude, without their code (at one request at
  // a time zod's code is cold: ~6 µs of a translated request's build, docs/performance.md)
  if (body.tools == null && body.tool_choice == null && jsonTool === undefined && toolsAside(body) === undefined) return {};
  // tools set aside (toolEntries) were checked and written for an earlier request: their placeholder stands for them
  const aside = toolsAside(body);
  const parsedTools = aside === undefined ? OptionalFunctionTools.safeParse(body.tools) : undefined;
  if (parsedTools?.success === false) throw fromZod(parsedTools.error, ["tools"]);
  const parsedChoice = OptionalToolChoice.safeParse(body.tool_choice);
  if (!parsedChoice.success) throw fromZod(parsedChoice.error, ["tool_choice"]);
  const choice = parsedChoice.data ?? undefined;

  const tools: Array<Block | string> = aside !== undefined ? [aside.placeholder] : clientTools(parsedTools?.data ?? []);
  const clientCount = aside !== undefined ? aside.names.length : tools.length;
  if (jsonTool) tools.push({ ...jsonTool });
  if (tools.length === 0) return {};

  let toolChoice: Block | undefined;
  if (jsonTool) {
    // The answer must come through the JSON tool unless the client lets the model call its own tools first:
    // then "any" makes it call one of them or answer through the JSON tool, never answer in free text.
    if (typeof choice === "object") toolChoice = { type: "tool", name: choice.function.name };
    else if (clientCount > 0 && choice !== "none") toolChoice = { type: "any" };
    else toolChoice = { type: "tool", name: JSON_TOOL_NAME };
  } else if (choice === "auto") toolChoice = { type: "auto" };
  else if (choice === "none") toolChoice = { type: "none" };
  else if (choice === "required") toolChoice = { type: "any" };
  else if (typeof choice === "object") toolChoice = { type: "tool", name: choice.function.name };

  if (body.parallel_tool_calls === false && toolChoice?.type !== "none") {
    toolChoice = { ...(toolChoice ?? { type: "auto" }), disable_parallel_tool_use: true };
  }
  return toolChoice ? { tools, tool_choice: toolChoice } : { tools };
}

/** The client's function tools as Anthropic's tools. */
function clientTools(list: FunctionTools): Block[] {
  return list.map((t, i) => {
    if (t.function.name === JSON_TOOL_NAME) throw invalid(`tools[${i}].function.name`, `The function name \`${JSON_TOOL_NAME}\` is reserved by the gateway.`);
    const tool: Block = { name: t.function.name, input_schema: t.function.parameters ?? { type: "object", properties: {} } };
    if (t.function.description !== undefined) tool.description = t.function.description;
    return tool;
  });
}

/** The client's tools as translateTools writes them, depending on nothing else in the body (ToolEntries). */
export const anthropicToolEntries = (tools: unknown): ToolEntries | undefined => toolEntriesOf(tools, clientTools);
