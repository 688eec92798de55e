import { describe, expect, it } from "vitest";
import { ControlError, ERROR_CODES, errorStatus, safeEcho, toErrorBody } from "./errors.ts";

describe("errors", () => {
  it("maps every code to a status", () => {
    for (const code of ERROR_CODES) expect(errorStatus(code).status).toBeGreaterThanOrEqual(400);
  });

  it("turns unknown errors into a generic 500 without their message", () => {
    const { status, body } = toErrorBody(new Error("connection to 10.0.0.3 failed, password=hunter2"));
    expect(status).toBe(500);
    expect(body.error).toEqual({ message: "The server had an error processing the request.", type: "server_error", param: null, code: "internal_error" });
  });

  it("keeps a ControlError's code, message and param", () => {
    expect(toErrorBody(new ControlError("key_not_found", "No such key.", { param: "id" }))).toEqual({
      status: 404,
      body: { error: { message: "No such key.", type: "not_found_error", param: "id", code: "key_not_found" } },
    });
  });

  it.each([
    ["gpt-4o", "gpt-4o"],
    ["svc_abcdef", "[redacted]"],
    ["svc_mgmt_abcdef", "[redacted]"],
    ["sk-proj-abc", "[redacted]"],
    ["x".repeat(45), "[redacted]"],
    ["a b\nc", "a b?c"],
    ["y ".repeat(60), `${"y ".repeat(38)}y...`],
  ])("safeEcho(%j) → %j", (input, out) => {
    expect(safeEcho(input)).toBe(out);
  });
});
