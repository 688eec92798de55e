import { z } from "zod";
import { NamedFunction, OptionalFunctionTools, type FunctionTools } from "../shared/chat-request.ts";
import { fromZod, invalid } from "../shared/invalid.ts";
import { toolEntriesOf, toolsAside, type ToolEntries } from "../shared/tools-aside.ts";
import { sanitizeJsonSchema } from "./schema.ts";

const ToolChoice = z.union([
  z.enum(["auto", "none", "required"]),
  NamedFunction,
  z.looseObject({
    type: z.literal("allowed_tools"),
    allowed_tools: z.looseObject({ mode: z.enum(["auto", "required"]), tools: z.array(NamedFunction) }),
  }),
]);
const OptionalToolChoice = ToolChoice.nullish();

export interface GeminiTools {
  tools?: Array<{ functionDeclarations: Array<Record<string, unknown> | string> }>;
  toolConfig?: { functionCallingConfig: { mode: string; allowedFunctionNames?: string[] } };
}

/**
 * OpenAI `tools` and `tool_choice` → Gemini `tools[].functionDeclarations` and `toolConfig.functionCallingConfig`
 * (https://ai.google.dev/gemini-api/docs/function-calling):
 * auto → AUTO, none → NONE, required → ANY, {function: {name}} → ANY limited to that name; allowed_tools limits
 * the names too, with ANY (required) or VALIDATED (auto: a call to one of them, or text).
 * Parameters go as JSON Schema in `parametersJsonSchema` (see schema.ts); a function without parameters has none.
 * `strict` and `parallel_tool_calls` have no Gemini counterpart and are dropped: the calls keep their shape.
 */
export function translateTools(body: Record<string, unknown>): GeminiTools {
  // a body without tools (most): what the schemas' pass below would conclude, without their code
  if (body.tools == null && body.tool_choice == null && toolsAside(body) === undefined) return {};
  // tools set aside (toolEntries) were checked and written for an earlier request: their placeholder stands for them
  const aside = toolsAside(body);
  const parsedTools = aside === undefined ? OptionalFunctionTools.safeParse(body.tools) : undefined;
  if (parsedTools?.success === false) throw fromZod(parsedTools.error, ["tools"]);
  const parsedChoice = OptionalToolChoice.safeParse(body.tool_choice);
  if (!parsedChoice.success) throw fromZod(parsedChoice.error, ["tool_choice"]);
  const tools = parsedTools?.data ?? [];
  const choice = parsedChoice.data ?? undefined;
  if (aside === undefined && tools.length === 0) {
    if (choice === "required" || typeof choice === "object") throw invalid("tool_choice", "`tool_choice` names a tool call, but the request has no `tools`.");
    return {};
  }

  const declarations: Array<Record<string, unknown> | string> = aside !== undefined ? [aside.placeholder] : functionDeclarations(tools);
  const known = new Set(aside !== undefined ? aside.names : tools.map((t) => t.function.name));
  const toolName = (name: string, param: string): string => {
    if (!known.has(name)) throw invalid(param, `\`${name}\` is not one of the request's tools.`);
    return name;
  };

  let config: NonNullable<GeminiTools["toolConfig"]>["functionCallingConfig"] | undefined;
  if (choice === "auto") config = { mode: "AUTO" };
  else if (choice === "none") config = { mode: "NONE" };
  else if (choice === "required") config = { mode: "ANY" };
  else if (choice?.type === "function") config = { mode: "ANY", allowedFunctionNames: [toolName(choice.function.name, "tool_choice.function.name")] };
  else if (choice?.type === "allowed_tools") {
    const { mode, tools: allowed } = choice.allowed_tools;
    const allowedFunctionNames = allowed.map((f, i) => toolName(f.function.name, `tool_choice.allowed_tools.tools[${i}].function.name`));
    config = { mode: mode === "required" ? "ANY" : "VALIDATED", allowedFunctionNames };
  }
  const out: GeminiTools = { tools: [{ functionDeclarations: declarations }] };
  if (config) out.toolConfig = { functionCallingConfig: config };
  return out;
}

/** The client's function tools as Gemini's function declarations. */
function functionDeclarations(list: FunctionTools): Array<Record<string, unknown>> {
  return list.map((t) => {
    const d: Record<string, unknown> = { name: t.function.name };
    if (t.function.description !== undefined) d.description = t.function.description;
    if (t.function.parameters !== undefined) d.parametersJsonSchema = sanitizeJsonSchema(t.function.parameters);
    return d;
  });
}

/** The client's tools as translateTools writes them, depending on nothing else in the body (ToolEntries). */
export const geminiToolEntries = (tools: unknown): ToolEntries | undefined => toolEntriesOf(tools, functionDeclarations);
