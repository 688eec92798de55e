import { describe, expect, it } from "vitest";
import { readFixture } from "../../../../test/harness/fixtures.ts";
import { anthropicUpstreamError } from "./errors.ts";

const cred = "sk-ant-api03-SECRETSECRETSECRET";
const envelope = (type: string, message: string) => JSON.stringify({ type: "error", error: { type, message } });

describe("anthropicUpstreamError", () => {
  it.each([
    [401, envelope("authentication_error", "invalid x-api-key"), "upstream_auth_failed", 502],
    [403, envelope("permission_error", "no access"), "upstream_auth_failed", 502],
    [500, envelope("api_error", "Internal server error"), "upstream_error", 502],
    [529, readFixture("anthropic/error-overloaded.json"), "upstream_error", 502],
    [400, readFixture("anthropic/error-400-invalid-request.json"), "invalid_request_error", 400],
    [404, readFixture("anthropic/error-404-model-not-found.json"), "invalid_request_error", 404],
    [413, envelope("request_too_large", "Request exceeds the maximum allowed number of bytes."), "invalid_request_error", 413],
  ])("HTTP %i → %s", (status, body, code, clientStatus) => {
    const err = anthropicUpstreamError(status, {}, body, cred);
    expect([err.code, err.status]).toEqual([code, clientStatus]);
  });

  it("keeps the provider's message for the client's own mistakes", () => {
    expect(anthropicUpstreamError(400, {}, readFixture("anthropic/error-400-prompt-too-long.json"), cred).message).toBe("prompt is too long: 205351 tokens > 200000 maximum");
    expect(anthropicUpstreamError(404, {}, readFixture("anthropic/error-404-model-not-found.json"), cred).message).toBe("model: claude-sonet-4-5");
  });

  it("never echoes the credential", () => {
    const err = anthropicUpstreamError(400, {}, envelope("invalid_request_error", `key ${cred} is malformed`), cred);
    expect(err.message).not.toContain("SECRET");
    expect(err.message).toContain("[redacted]");
  });

  it("says 529 is an overload, and hides the provider's failure text", () => {
    expect(anthropicUpstreamError(529, {}, readFixture("anthropic/error-overloaded.json"), cred).message).toMatch(/overloaded/);
    expect(anthropicUpstreamError(500, {}, envelope("api_error", "stack at foo.py:12"), cred).message).toBe("The provider failed to answer (HTTP 500).");
  });

  it("passes retry-after on 429", () => {
    const err = anthropicUpstreamError(429, { "retry-after": "7" }, envelope("rate_limit_error", "slow down"), cred);
    expect([err.code, err.status, err.headers]).toEqual(["upstream_rate_limited", 429, { "retry-after": "7" }]);
  });

  it("copes with a body that is not JSON", () => {
    const err = anthropicUpstreamError(400, {}, "<html>bad request</html>", cred);
    expect([err.code, err.status, err.message]).toEqual(["invalid_request_error", 400, "The provider rejected the request (HTTP 400)."]);
  });

  it("is an OpenAI-dialect error", () => {
    const err = anthropicUpstreamError(400, {}, readFixture("anthropic/error-400-invalid-request.json"), cred);
    expect(JSON.parse(err.toOpenAI())).toEqual({
      error: { message: "This model does not support effort level 'xhigh'. Supported levels: high, low, max, medium.", type: "invalid_request_error", param: null, code: "invalid_request_error" },
    });
  });
});
