import { describe, expect, it } from "vitest";
import { readFixture } from "../../../../test/harness/fixtures.ts";
import { geminiUpstreamError } from "./errors.ts";

const KEY = "AIzaSyTESTKEY_0123456789abcdefghijklm";
const envelope = (code: number, status: string, message: string, details?: unknown[]) => JSON.stringify({ error: { code, message, status, ...(details ? { details } : {}) } });

describe("Gemini error answers", () => {
  it("429 RESOURCE_EXHAUSTED (recorded) → upstream_rate_limited with retry-after from RetryInfo, rounded up", () => {
    const err = geminiUpstreamError(429, {}, readFixture("gemini/error-429-retry-info.json"), KEY);
    expect(err.code).toBe("upstream_rate_limited");
    expect(err.status).toBe(429);
    expect(err.headers).toEqual({ "retry-after": "35" });
    expect(JSON.parse(err.toOpenAI())).toMatchObject({ error: { type: "rate_limit_error", code: "upstream_rate_limited" } });
  });

  it("429 without RetryInfo keeps a numeric retry-after header, or sends none", () => {
    expect(geminiUpstreamError(429, { "retry-after": "7" }, envelope(429, "RESOURCE_EXHAUSTED", "quota"), KEY).headers).toEqual({ "retry-after": "7" });
    expect(geminiUpstreamError(429, {}, "not json", KEY).headers).toEqual({});
  });

  it("404 NOT_FOUND (recorded) keeps its status and Google's message", () => {
    const err = geminiUpstreamError(404, {}, readFixture("gemini/error-404-model-not-found.json"), KEY);
    expect(err.code).toBe("invalid_request_error");
    expect(err.status).toBe(404);
    expect(err.message).toMatch(/^models\/gemini-3\.6-flahs is not found for API version v1beta/);
  });

  // SYNTHETIC: the shape Google answers an invalid key with (400 INVALID_ARGUMENT + ErrorInfo API_KEY_INVALID)
  it("a 400 whose ErrorInfo reason is API_KEY_INVALID is the gateway's credential failing", () => {
    const body = envelope(400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.", [
      { "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "API_KEY_INVALID", domain: "googleapis.com", metadata: { service: "generativelanguage.googleapis.com" } },
    ]);
    const err = geminiUpstreamError(400, {}, body, KEY);
    expect(err.code).toBe("upstream_auth_failed");
    expect(err.status).toBe(502);
    expect(err.message).not.toContain("API key not valid");
  });

  it.each([401, 403])("%i → upstream_auth_failed", (status) => {
    expect(geminiUpstreamError(status, {}, envelope(status, "PERMISSION_DENIED", "denied"), KEY).code).toBe("upstream_auth_failed");
  });

  it.each([500, 503, 504])("%i → upstream_error, without the provider's words", (status) => {
    const err = geminiUpstreamError(status, {}, envelope(status, "UNAVAILABLE", "The model is overloaded. Please try again later."), KEY);
    expect(err.code).toBe("upstream_error");
    expect(err.status).toBe(502);
    expect(err.message).toBe(`The provider failed to answer (HTTP ${status}).`);
  });

  it("a client error keeps Google's message, with the credential and anything key-like redacted", () => {
    const body = envelope(400, "INVALID_ARGUMENT", `* GenerateContentRequest.contents: contents is not specified (key ${KEY}, other AIzaSyOTHER_0123456789abcdefghijklmn)`);
    const err = geminiUpstreamError(400, {}, body, KEY);
    expect(err.status).toBe(400);
    expect(err.message).toBe("* GenerateContentRequest.contents: contents is not specified (key [redacted], other [redacted])");
    expect(err.toOpenAI()).not.toContain("AIza");
  });

  it("a body that is not Google's envelope gets a generic message", () => {
    expect(geminiUpstreamError(400, {}, "<html>Bad Request</html>", KEY).message).toBe("The provider rejected the request (HTTP 400).");
  });
});
