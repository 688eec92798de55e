import { z } from "zod";
import { fromZod, invalid } from "../shared/invalid.ts";

/**
 * OpenAI's `response_format` (json_object / json_schema) on a Messages API that has no JSON mode of that shape.
 *
 * Decision: emulate it as Anthropic's tool-use docs recommend for JSON output
 * (https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use, "JSON mode"): one extra tool whose
 * input_schema is the client's schema, forced with tool_choice, and the tool's input handed back as the message
 * content. It works on every Claude model (native `output_config.format` does not), and json_object maps onto it
 * too (a tool input is always a JSON object). The response side recognises the tool by its reserved name alone —
 * it is stateless — so a client may not define a function of that name.
 *
 * Limits, refused up front with a 400 rather than failing upstream: Anthropic will not force a tool while
 * extended thinking is on (https://docs.anthropic.com/en/docs/build-with-claude/extended-thinking#extended-thinking-with-tool-use),
 * so response_format cannot be combined with reasoning_effort; a schema whose root is not an object cannot be a
 * tool input.
 */
export const JSON_TOOL_NAME = "gateway_json_output";

const ResponseFormat = z.discriminatedUnion("type", [
  z.looseObject({ type: z.literal("text") }),
  z.looseObject({ type: z.literal("json_object") }),
  z.looseObject({
    type: z.literal("json_schema"),
    json_schema: z.looseObject({
      name: z.string().optional(),
      description: z.string().optional(),
      schema: z.record(z.string(), z.unknown()).optional(),
    }),
  }),
]);

export interface JsonTool {
  name: typeof JSON_TOOL_NAME;
  description: string;
  input_schema: Record<string, unknown>;
}

/** The tool that carries the answer, or undefined when the client asked for plain text (or said nothing). */
export function jsonOutputTool(raw: unknown): JsonTool | undefined {
  if (raw === undefined || raw === null) return undefined;
  const parsed = ResponseFormat.safeParse(raw);
  if (!parsed.success) throw fromZod(parsed.error, ["response_format"]);
  const rf = parsed.data;
  if (rf.type === "text") return undefined;
  if (rf.type === "json_object") {
    return { name: JSON_TOOL_NAME, description: "Give your whole answer as a JSON object through this tool.", input_schema: { type: "object" } };
  }
  const schema = rf.json_schema.schema ?? { type: "object" };
  if (schema.type !== "object") {
    throw invalid("response_format.json_schema.schema", "Anthropic models can return JSON only as an object: the schema's root must have `type: \"object\"`.");
  }
  const about = rf.json_schema.description ?? (rf.json_schema.name ? `The ${rf.json_schema.name} answer.` : "The answer.");
  return { name: JSON_TOOL_NAME, description: `Give your whole answer through this tool, as JSON matching its schema. ${about}`, input_schema: schema };
}
