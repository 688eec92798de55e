import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createLogger, type Logger } from "../../../proto/log.ts";
import { censorFields, secretScrubber, secretsFromEnv } from "../../../proto/log-secrets.ts";
import { CLIENT_CLOSED, logAccess, type Billing } from "./access-log.ts";
import type { RequestContext } from "./context.ts";

/** What logAccess reads of a request; a RequestContext needs a live uWS response. */
type Facts = Pick<RequestContext, "requestId" | "method" | "status" | "startedAtMs" | "errorCode" | "aborted" | "billing">;

const NOW = Date.parse("2026-03-04T05:06:07.089Z");

function ctx(over: Partial<Facts> = {}): RequestContext {
  const facts: Facts = { requestId: "req_0123456789abcdef0000000000000001", method: "POST", status: 200, startedAtMs: NOW - 42, errorCode: undefined, aborted: false, billing: undefined, ...over };
  return facts as unknown as RequestContext;
}

const billing: Billing = { keyId: "key_Ab3dEf6hIj9kLm2nOp5q", orgId: "org_Ab3dEf6hIj9kLm2nOp5q", modelSlug: "openai/gpt-4o-mini", provider: "openai", costMicros: 1234, upstreamMs: 37, errorCode: undefined };

const env = { OPENAI_API_KEY: "sk-upstream-test-credential", SVC_KEY_HASH_SECRET: "0123456789abcdef0123456789abcdef" };

function capture(environment: Record<string, string> = env): { log: Logger; raw: string[] } {
  const raw: string[] = [];
  const log = createLogger(environment, { service: "dataplane", bindings: { replica: "dp-1" }, destination: { write: (s: string) => void raw.push(s) } });
  return { log, raw };
}

/** The access line as it was written before it skipped pino: an object, through log.info / log.warn. */
function viaPino(log: Logger, c: RequestContext, route: string): void {
  const status = c.status === 0 ? CLIENT_CLOSED : c.status;
  const b = c.billing;
  const line = {
    request_id: c.requestId,
    method: c.method,
    route,
    status,
    duration_ms: Date.now() - c.startedAtMs,
    upstream_ms: b?.upstreamMs,
    model: b?.modelSlug,
    provider: b?.provider,
    key_id: b?.keyId,
    org_id: b?.orgId,
    cost_micros: b?.costMicros,
    error: c.errorCode ?? b?.errorCode ?? (c.aborted ? "client_disconnected" : undefined),
  };
  if (status >= 500) log.warn(line, "request");
  else log.info(line, "request");
}

function parse(raw: readonly string[]): Record<string, unknown>[] {
  return raw.map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe("the access line", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it.each<[string, Partial<Facts>, string]>([
    ["an unauthenticated refusal", { status: 401, errorCode: "invalid_api_key", method: "GET" }, "/v1/models"],
    ["an unmatched route", { status: 404, errorCode: "not_found", method: "DELETE" }, "*"],
    ["a metered success", { billing }, "/v1/chat/completions"],
    ["a metered request whose upstream never answered", { status: 502, billing: { ...billing, upstreamMs: undefined, costMicros: 0, errorCode: "upstream_unavailable" } }, "/v1/chat/completions"],
    ["an error code of the request winning over the meter's", { status: 503, errorCode: "gateway_stopping", billing: { ...billing, errorCode: "upstream_error" } }, "/v1/embeddings"],
    ["a client that left before anything was sent", { status: 0, aborted: true, method: "HEAD" }, "/v1/models"],
    ["a client that left mid-stream", { status: 200, aborted: true, billing, method: "PUT" }, "/v1/messages"],
    ["a cost that is not a number", { billing: { ...billing, costMicros: Number.NaN } }, "/v1/images/generations"],
    ["route and ids needing escapes", { requestId: 'req_"odd"\\id\n', billing: { ...billing, modelSlug: "ünïcödé/✓", keyId: "key_\u0000" } }, '/v1/"x"'],
  ])("is byte for byte the line pino wrote: %s", (_, over, route) => {
    const before = capture();
    const now = capture();
    viaPino(before.log, ctx(over), route);
    logAccess(now.log, ctx(over), route);
    expect(now.raw).toHaveLength(1);
    expect(now.raw).toEqual(before.raw);
    const [a] = parse(now.raw);
    const [b] = parse(before.raw);
    expect(Object.keys(a!)).toEqual(Object.keys(b!));
    expect(a).toEqual(b);
  });

  it("names each request's own model, provider, key and org when one key's requests vary them (the fields kept per key)", () => {
    const before = capture();
    const now = capture();
    const variants: Billing[] = [
      billing,
      { ...billing, modelSlug: "anthropic/claude-haiku-4-5", provider: "anthropic" },
      { ...billing, orgId: "org_other" },
      { ...billing, provider: "azure" },
      { ...billing, keyId: "key_other" },
      billing,
    ];
    for (const b of [...variants, ...variants.reverse()]) {
      viaPino(before.log, ctx({ billing: b }), "/v1/chat/completions");
      logAccess(now.log, ctx({ billing: b }), "/v1/chat/completions");
    }
    expect(now.raw).toEqual(before.raw);
    expect(new Set(parse(now.raw).map((l) => `${l.model} ${l.provider} ${l.key_id} ${l.org_id}`)).size).toBe(5);
  });

  it("is a warning from status 500 up, a 499 when nothing was sent, and says why it failed", () => {
    const { log, raw } = capture();
    logAccess(log, ctx({ status: 502, billing: { ...billing, errorCode: "upstream_error" } }), "/v1/chat/completions");
    logAccess(log, ctx({ status: 0, aborted: true }), "/v1/chat/completions");
    logAccess(log, ctx({ status: 429, errorCode: "rate_limited" }), "/v1/chat/completions");
    expect(parse(raw).map((l) => [l.level, l.status, l.error, l.duration_ms])).toEqual([
      ["warn", 502, "upstream_error", 42],
      ["info", CLIENT_CLOSED, "client_disconnected", 42],
      ["info", 429, "rate_limited", 42],
    ]);
  });

  it("follows LOG_LEVEL", () => {
    const { log, raw } = capture({ LOG_LEVEL: "warn" });
    logAccess(log, ctx({ status: 200 }), "/v1/models");
    logAccess(log, ctx({ status: 503, errorCode: "gateway_stopping" }), "/v1/models");
    expect(parse(raw).map((l) => [l.level, l.status])).toEqual([["warn", 503]]);
  });

  it("names a known method as it is and any other as OTHER, since the method is the client's", () => {
    const { log, raw } = capture();
    const known = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];
    const odd = ["PROPFIND", "CONNECT", "TRACE", "", "get", "GET ", '"}{"injected":1,"x":"', "SK-PROJ-AB3DEF6HIJ9KLM2NOP5QRS8TUV1WXY4Z", "BEARER\tABCDEFGHIJKL", "__PROTO__", "CONSTRUCTOR"];
    for (const method of [...known, ...odd]) logAccess(log, ctx({ method }), "*");
    expect(parse(raw).map((l) => l.method)).toEqual([...known, ...odd.map(() => "OTHER")]);
    expect(raw.join("")).not.toMatch(/injected|SK-PROJ|ABCDEFGHIJKL/);
  });

  it("loses nothing by skipping the censor and the scrubber: neither would change a line the gateway builds", () => {
    const { log, raw } = capture();
    const scrub = secretScrubber(secretsFromEnv(env));
    logAccess(log, ctx({ billing }), "/v1/chat/completions");
    logAccess(log, ctx({ status: 0, aborted: true, method: "PATCH" }), "*");
    logAccess(log, ctx({ status: 502, billing: { ...billing, upstreamMs: undefined, errorCode: "upstream_error" } }), "/v1/messages");
    expect(raw).toHaveLength(3);
    for (const line of raw) {
      // no field of the line is under a credential's name, and nothing in it is secret-shaped
      const parsed = JSON.parse(line) as Record<string, unknown>;
      expect(censorFields(parsed)).toBe(parsed);
      expect(scrub(line)).toBe(line);
    }
  });
});
