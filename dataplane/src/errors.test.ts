import { describe, expect, it } from "vitest";
import { GatewayError } from "./errors.ts";

describe("error bodies never carry a key a client quoted", () => {
  const key = "svc_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcd";
  const err = new GatewayError("model_not_found", `The model \`${key}\` does not exist.`, { param: `messages.${key}` });

  it.each([
    ["OpenAI", () => err.toOpenAI()],
    ["Anthropic", () => err.toAnthropic()],
  ])("in the %s dialect, message and param withhold it and keep the rest", (_, body) => {
    const text = body();
    expect(text).not.toContain(key);
    expect(text).toContain("does not exist");
    expect(text).toContain("[redacted]");
  });

  it("leaves ordinary model ids and field names as they are", () => {
    const e = new GatewayError("wrong_endpoint_for_model", "`together/meta-llama/Llama-4-Maverick-17B-128E-Instruct-FP8` is a chat model.", { param: "limits.monthly_budget_micros" });
    expect(JSON.parse(e.toOpenAI())).toEqual({
      error: { message: e.message, type: "invalid_request_error", param: "limits.monthly_budget_micros", code: "wrong_endpoint_for_model" },
    });
  });
});
