import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { eventually, useEmbeddedGateway } from "../harness/gateway.ts";

const tool = (name: string): OpenAI.ChatCompletionTool => ({ type: "function", function: { name, parameters: { type: "object", properties: { name: { type: "string" } } } } });

/**
 * Tools and JSON schema through the gateway with the official openai client, one provider of each wire format,
 * against recordings of real answers to such requests; the ledger is checked after each.
 */
describe("tools and json_schema for each kind of provider", () => {
  const g = useEmbeddedGateway();
  let spent = 0;

  const expectLedger = async (cost: number) => {
    spent += cost;
    await eventually(async () => {
      const c = (await (await fetch(`${g.base}/v1/credits`, { headers: { authorization: `Bearer ${g.key}` } })).json()) as { available_micros: number };
      expect(c.available_micros).toBe(10_000_000 - spent);
    });
  };

  it("OpenAI: a tool call (tools forwarded as sent)", async () => {
    const res = await g.client.chat.completions.create({ model: "openai/gpt-4o", tools: [tool("get_user_country")], messages: [{ role: "user", content: "where am I?" }] }).withResponse();
    expect(res.data.choices[0]).toMatchObject({ finish_reason: "tool_calls", message: { tool_calls: [{ type: "function", function: { name: "get_user_country", arguments: "{}" } }] } });
    expect((g.mock.requests.at(-1)!.json as { tools: unknown[] }).tools).toHaveLength(1);
    await expectLedger(Math.ceil(71 * 2.5 + 12 * 10)); // 297.5 → 298: rounded up once
  });

  it("OpenAI: json_schema", async () => {
    const res = await g.client.chat.completions.create({
      model: "openai/gpt-4o",
      response_format: { type: "json_schema", json_schema: { name: "city", schema: { type: "object", properties: { city: { type: "string" }, country: { type: "string" } } } } },
      messages: [{ role: "user", content: "largest city in Mexico?" }],
    });
    expect(JSON.parse(res.choices[0]!.message.content!)).toEqual({ city: "Mexico City", country: "Mexico" });
    await expectLedger(Math.ceil(92 * 2.5 + 15 * 10));
  });

  it("Anthropic: parallel tool_use blocks become parallel tool_calls", async () => {
    const res = await g.client.chat.completions.create({ model: "anthropic/claude-haiku-4-5", tools: [tool("retrieve_entity_info")], messages: [{ role: "user", content: "look them up" }] });
    const calls = res.choices[0]!.message.tool_calls!;
    expect(res.choices[0]!.finish_reason).toBe("tool_calls");
    expect(calls.map((c) => (c.type === "function" ? JSON.parse(c.function.arguments) : null))).toEqual([{ name: "Alice" }, { name: "Bob" }, { name: "Charlie" }, { name: "Daisy" }]);
    const sent = g.mock.requests.at(-1)!.json as { tools: { name: string; input_schema: unknown }[] };
    expect(sent.tools[0]).toMatchObject({ name: "retrieve_entity_info", input_schema: { type: "object" } });
    await expectLedger(423 * 1 + 202 * 5);
  });

  it("Gemini: a functionCall becomes a tool call", async () => {
    const res = await g.client.chat.completions.create({ model: "google/gemini-2.5-flash", tools: [tool("get_user_country")], messages: [{ role: "user", content: "where am I?" }] });
    expect(res.choices[0]).toMatchObject({ finish_reason: "tool_calls", message: { tool_calls: [{ type: "function", function: { name: "get_user_country" } }] } });
    const sent = g.mock.requests.at(-1)!.json as { tools: { functionDeclarations: { name: string }[] }[] };
    expect(sent.tools[0]!.functionDeclarations[0]!.name).toBe("get_user_country");
    // gemini-2.5-flash: $0.30 in, $2.50 out per Mtok: 33 × 0.3 + 5 × 2.5 = 22.4 → 23 micro-USD (rounded up once)
    await expectLedger(23);
  });

  const citySchema = { type: "json_schema" as const, json_schema: { name: "city", schema: { type: "object", properties: { city: { type: "string" }, country: { type: "string" } }, required: ["city", "country"] } } };

  it("Anthropic: json_schema through a forced output tool, answered as message content", async () => {
    const res = await g.client.chat.completions.create({ model: "anthropic/claude-haiku-4-5", response_format: citySchema, messages: [{ role: "user", content: "largest city in Mexico?" }] });
    expect(res.choices[0]!.finish_reason).toBe("stop");
    expect(JSON.parse(res.choices[0]!.message.content!)).toEqual({ city: "Mexico City", country: "Mexico" });
    const sent = g.mock.requests.at(-1)!.json as { tools: { name: string; input_schema: unknown }[]; tool_choice: unknown };
    expect(sent.tools.find((t) => t.name === "gateway_json_output")?.input_schema).toEqual(citySchema.json_schema.schema);
    await expectLedger(412 * 1 + 58 * 5);
  });

  it("Gemini: json_schema as responseJsonSchema, answered as JSON content", async () => {
    const res = await g.client.chat.completions.create({ model: "google/gemini-2.5-flash", response_format: citySchema, messages: [{ role: "user", content: "largest city in Mexico?" }] });
    expect(JSON.parse(res.choices[0]!.message.content!)).toEqual({ city: "Mexico City", country: "Mexico" });
    const sent = g.mock.requests.at(-1)!.json as { generationConfig: { responseMimeType: string; responseJsonSchema: unknown } };
    expect(sent.generationConfig.responseMimeType).toBe("application/json");
    expect(sent.generationConfig.responseJsonSchema).toEqual(citySchema.json_schema.schema);
    // 21 × 0.3 + 14 × 2.5 = 41.3 → 42
    await expectLedger(42);
  });
});
