import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../../catalog/src/index.ts";
import { GatewayError } from "../errors.ts";
import { labelsUsed, requireCapabilities } from "./chat-capabilities.ts";

const catalog = loadCatalog();
const user = (content: unknown) => ({ messages: [{ role: "user", content }] });
const tool = { type: "function", function: { name: "f", parameters: { type: "object" } } };

describe("capability labels a chat body uses", () => {
  it.each([
    ["plain text", user("hi"), []],
    ["tools", { ...user("hi"), tools: [tool] }, ["tools"]],
    ["a tool result", { messages: [{ role: "tool", tool_call_id: "c", content: "42" }] }, ["tools"]],
    ["json_schema", { ...user("hi"), response_format: { type: "json_schema", json_schema: { name: "x", schema: {} } } }, ["json"]],
    ["text response_format is not JSON mode", { ...user("hi"), response_format: { type: "text" } }, []],
    ["reasoning_effort", { ...user("hi"), reasoning_effort: "high" }, ["reasoning"]],
    ["an image part", user([{ type: "image_url", image_url: { url: "data:image/png;base64,AA" } }]), ["image"]],
    ["an audio part", user([{ type: "input_audio", input_audio: { data: "AA", format: "wav" } }]), ["audio"]],
    ["a PDF file", user([{ type: "file", file: { filename: "a.pdf", file_data: "data:application/pdf;base64,AA" } }]), ["pdf"]],
    ["a cache_control marker", user([{ type: "text", text: "long", cache_control: { type: "ephemeral" } }]), ["cache"]],
  ])("%s", (_, body, labels) => {
    expect([...labelsUsed(body as Record<string, unknown>)].sort()).toEqual([...labels].sort());
  });
});

describe("a capability the model lacks is a 400 naming it", () => {
  it.each([
    // groq/llama-3.3-70b-versatile: tools only
    ["groq/llama-3.3-70b-versatile", { ...user("hi"), tools: [tool] }, undefined],
    ["groq/llama-3.3-70b-versatile", user([{ type: "image_url", image_url: { url: "https://x.test/a.png" } }]), /image input/],
    ["groq/llama-3.3-70b-versatile", { ...user("hi"), response_format: { type: "json_object" } }, /JSON mode/],
    ["openai/gpt-4o", { ...user("hi"), reasoning_effort: "low" }, /reasoning/],
    ["openai/gpt-4o", user([{ type: "input_audio", input_audio: { data: "AA", format: "wav" } }]), /audio input/],
    ["openai/o4-mini", { ...user("hi"), reasoning_effort: "low", tools: [tool] }, undefined],
  ])("%s", (slug, body, error) => {
    const run = () => requireCapabilities(catalog.resolve(slug)!, body as Record<string, unknown>);
    if (error) {
      expect(run).toThrow(error);
      try {
        run();
      } catch (e) {
        expect((e as GatewayError).status).toBe(400);
      }
    } else expect(run).not.toThrow();
  });
});
