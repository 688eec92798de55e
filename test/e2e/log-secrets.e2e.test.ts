import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateKey } from "../../proto/key-hash.ts";
import { startEmbeddedGateway, testLogEnv, type TestGateway } from "../harness/gateway.ts";
import { startMockUpstream, type MockUpstream } from "../harness/mock-upstream.ts";

const HASH_SECRET = randomBytes(32).toString("hex");
const OPENAI_CREDENTIALS = ["sk-upstream-test-credential", "sk-upstream-test-credential-spare"];
/** The other providers' credentials, as test/harness/gateway.ts sets them. */
const OTHER_CREDENTIALS = ["sk-ant-upstream-test-credential", "goog-upstream-test-credential"];
const MAX_BODY = 64 * 1024;

/** One request as its client saw it. */
interface Exchange {
  what: string;
  status: number;
  requestId: string | null;
  body: string;
}

interface LogLine {
  level?: unknown;
  time?: unknown;
  service?: unknown;
  msg?: unknown;
  request_id?: string;
  [field: string]: unknown;
}

/**
 * Issue 7/9: a gateway driven with keys and credentials everywhere a client or a provider can put them, then every
 * line it logged is read back. Each must be JSON with a level and a time, each request must have left one line
 * under the x-request-id its client got, and none may hold a key, a provider credential or the key-hash secret.
 */
describe("the log of a gateway under traffic that carries keys and credentials everywhere", () => {
  const dir = mkdtempSync(join(tmpdir(), "svc-log-secrets-"));
  const exchanges: Exchange[] = [];
  let mock: MockUpstream;
  let gw: TestGateway;
  let base: string;
  let lines: string[] = [];
  let parsed: LogLine[] = [];
  let orgKey: { id: string; key: string };
  let selfRevoked: { id: string; key: string };
  let revokedByAdmin: { id: string; key: string };
  const unknownKey = generateKey("inference");
  const unknownManagementKey = generateKey("management");

  async function call(what: string, path: string, init: RequestInit = {}): Promise<Exchange> {
    const res = await fetch(`${base}${path}`, init);
    const exchange = { what, status: res.status, requestId: res.headers.get("x-request-id"), body: await res.text() };
    exchanges.push(exchange);
    return exchange;
  }
  const bearer = (key: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${key}`, "content-type": "application/json", ...extra });
  const chat = (key: string, body: Record<string, unknown> = {}, extra: Record<string, string> = {}): RequestInit => ({
    method: "POST",
    headers: bearer(key, extra),
    body: JSON.stringify({ model: "gpt-4o", messages: [{ role: "user", content: "hi" }], ...body }),
  });
  const mint = async (what: string, body: Record<string, unknown>) => JSON.parse((await call(what, "/v1/management/keys", { method: "POST", headers: bearer(gw.managementKey), body: JSON.stringify(body) })).body) as { id: string; key: string };
  const exchange = (what: string) => {
    const found = exchanges.find((e) => e.what === what);
    if (!found) throw new Error(`no exchange "${what}"`);
    return found;
  };
  const accessLine = (what: string) => parsed.find((l) => l.msg === "request" && l.request_id === exchange(what).requestId);

  beforeAll(async () => {
    mock = await startMockUpstream();
    gw = await startEmbeddedGateway(mock, {
      ...testLogEnv("log-secrets", dir),
      SVC_KEY_HASH_SECRET: HASH_SECRET,
      OPENAI_API_KEY: OPENAI_CREDENTIALS.join(","),
      SVC_MAX_BODY_BYTES: String(MAX_BODY),
    });
    base = gw.baseUrls[0]!;
    const mgmt = gw.managementKey;

    // management: keys minted, listed, changed, looked up by a pasted key, revoked
    orgKey = await mint("mint a key", { name: "primary" });
    selfRevoked = await mint("mint a key to revoke itself", {});
    revokedByAdmin = await mint(`mint a key named after the management key ${mgmt}`, { name: `copy of ${mgmt}` });
    await call("list keys", "/v1/management/keys", { headers: bearer(mgmt) });
    await call("rename a key", `/v1/management/keys/${orgKey.id}`, { method: "PATCH", headers: bearer(mgmt), body: JSON.stringify({ name: `was ${orgKey.key}` }) });
    await call("look a key up by its plaintext", `/v1/management/keys/${orgKey.key}`, { headers: bearer(mgmt) });
    await call("management API with an inference key", "/v1/management/keys", { headers: bearer(orgKey.key) });
    await call("management API with an unknown management key", "/v1/management/keys", { headers: bearer(unknownManagementKey) });

    // inference: good, wrong and misplaced keys
    await call("chat", "/v1/chat/completions", chat(orgKey.key));
    await call("stream", "/v1/chat/completions", chat(orgKey.key, { stream: true }));
    await call("chat with an unknown key", "/v1/chat/completions", chat(unknownKey));
    await call("chat with the management key", "/v1/chat/completions", chat(mgmt));
    await call("chat with no key", "/v1/chat/completions", { method: "POST", body: "{}" });
    await call("credits", "/v1/credits", { headers: bearer(orgKey.key) });
    await call("models", `/v1/models?api_key=${orgKey.key}`, { headers: bearer(orgKey.key) });
    await call(
      "keys in the body",
      "/v1/chat/completions",
      chat(orgKey.key, { user: mgmt, api_key: selfRevoked.key, messages: [{ role: "user", content: `my keys are ${orgKey.key} and ${mgmt}; the provider's is ${OPENAI_CREDENTIALS[0]}` }] }),
    );
    await call("keys in the query", `/v1/chat/completions?key=${orgKey.key}&token=${mgmt}&credential=${OPENAI_CREDENTIALS[0]}`, chat(orgKey.key));
    await call("keys in custom headers", "/v1/chat/completions", chat(orgKey.key, {}, { "x-api-key": selfRevoked.key, "x-forward-auth": `Bearer ${mgmt}`, cookie: `session=${orgKey.key}` }));
    await call("x-api-key instead of Bearer", "/v1/messages", {
      method: "POST",
      headers: { "x-api-key": orgKey.key, "anthropic-version": "2023-06-01", "content-type": "application/json" },
      body: JSON.stringify({ model: "claude-haiku-4-5", max_tokens: 10, messages: [{ role: "user", content: "hi" }] }),
    });
    await call("a key as the model", "/v1/chat/completions", chat(orgKey.key, { model: mgmt }));
    await call("a key as a model id in the path", `/v1/models/${orgKey.key}`, { headers: bearer(orgKey.key) });
    await call("a key as the path", `/v1/${mgmt}?key=${orgKey.key}`, { headers: bearer(orgKey.key) });
    await call("a wrong method", `/v1/chat/completions?key=${orgKey.key}`, { headers: bearer(orgKey.key) });
    await call("a key in a body that is not JSON", "/v1/chat/completions", { method: "POST", headers: bearer(orgKey.key), body: `{"oops": ${orgKey.key}` });
    await call("a key in a body too large", "/v1/chat/completions", chat(orgKey.key, { padding: `${mgmt} `.repeat(MAX_BODY / 40) }));

    // a stream the client cuts off half way
    mock.setStreamShape({ chunks: 200, delayMs: 5 });
    const abort = new AbortController();
    const cut = await fetch(`${base}/v1/chat/completions`, { ...chat(orgKey.key, { stream: true }), signal: abort.signal });
    exchanges.push({ what: "a stream cut off by its client", status: cut.status, requestId: cut.headers.get("x-request-id"), body: "" });
    const reader = cut.body!.getReader();
    await reader.read();
    await reader.read();
    abort.abort();
    mock.reset();

    // providers that answer with an error quoting the credential they were sent
    mock.failNext(500, { error: { message: `Internal error for key ${OPENAI_CREDENTIALS[0]} (and ${OPENAI_CREDENTIALS[1]})` } }, { times: 2 });
    await call("a provider error quoting the credential", "/v1/chat/completions", chat(orgKey.key));
    mock.failNext(401, { error: { message: `Incorrect API key provided: ${OPENAI_CREDENTIALS[0]}`, code: "invalid_api_key" } }, { times: 2 });
    await call("a provider refusing the credential", "/v1/chat/completions", chat(orgKey.key));
    mock.failNext(401, { type: "error", error: { type: "authentication_error", message: `invalid x-api-key ${OTHER_CREDENTIALS[0]}` } });
    await call("an Anthropic refusal quoting the credential", "/v1/messages", {
      method: "POST",
      headers: { ...bearer(orgKey.key), "anthropic-version": "2023-06-01" },
      body: JSON.stringify({ model: "claude-haiku-4-5", max_tokens: 10, messages: [{ role: "user", content: "hi" }] }),
    });

    // revocation, by the key itself and by the organization, and the revoked keys used afterwards
    await call("a key revoking itself", "/v1/key", { method: "DELETE", headers: bearer(selfRevoked.key) });
    await call("a self-revoked key used", "/v1/chat/completions", chat(selfRevoked.key));
    await call("revoke a key", `/v1/management/keys/${revokedByAdmin.id}`, { method: "DELETE", headers: bearer(mgmt) });
    await call("a revoked key used", "/v1/credits", { headers: bearer(revokedByAdmin.key) });

    // the log is complete once both planes have stopped
    await gw.close();
    lines = readFileSync(gw.logFile, "utf8").split("\n").filter((l) => l !== "");
    parsed = lines.map((l) => {
      try {
        return JSON.parse(l) as LogLine;
      } catch {
        return { unparseable: true };
      }
    });
  }, 60_000);

  afterAll(async () => {
    await mock?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("drove the traffic it meant to: every path was reached and answered as a client would expect", () => {
    const statuses = Object.fromEntries(exchanges.map((e) => [e.what, e.status]));
    expect(statuses).toMatchObject({
      "look a key up by its plaintext": 404,
      "management API with an inference key": 403,
      "management API with an unknown management key": 401,
      chat: 200,
      stream: 200,
      "chat with an unknown key": 401,
      "chat with the management key": 403,
      "chat with no key": 401,
      models: 200,
      "keys in the body": 200,
      "keys in the query": 200,
      "keys in custom headers": 200,
      "x-api-key instead of Bearer": 401,
      "a key as the model": 404,
      "a key as a model id in the path": 404,
      "a key as the path": 404,
      "a wrong method": 405,
      "a key in a body that is not JSON": 400,
      "a key in a body too large": 413,
      "a stream cut off by its client": 200,
      "a provider refusing the credential": 502,
      "an Anthropic refusal quoting the credential": 502,
      "a key revoking itself": 200,
      "a self-revoked key used": 401,
      "revoke a key": 200,
      "a revoked key used": 401,
    });
    expect(exchange("a provider error quoting the credential").status).toBeGreaterThanOrEqual(500);
    expect(exchanges.every((e) => e.requestId?.startsWith("req_"))).toBe(true);
  });

  it("wrote only JSON lines, each with a level, an ISO time and its service", () => {
    expect(lines.length).toBeGreaterThan(exchanges.length);
    for (const [i, l] of parsed.entries()) {
      expect({ line: i + 1, ...l }).toMatchObject({ level: expect.stringMatching(/^(trace|debug|info|warn|error|fatal)$/), time: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/), service: expect.stringMatching(/^(dataplane|controlplane)$/) });
    }
  });

  it("left exactly one access line per request, under the x-request-id its client got, and no line under another id", () => {
    const clientIds = new Set(exchanges.map((e) => e.requestId));
    const accessIds = parsed.filter((l) => l.msg === "request").map((l) => l.request_id);
    expect([...accessIds].sort()).toEqual([...clientIds].sort());
    for (const l of parsed) if (l.request_id !== undefined) expect(clientIds).toContain(l.request_id);
  });

  it("says in each access line what happened: route pattern, status, model, provider, key id, organization, cost", () => {
    const orgId = accessLine("chat")?.org_id;
    expect(orgId).toMatch(/^org_/);
    expect(accessLine("chat")).toMatchObject({ level: "info", method: "POST", route: "/v1/chat/completions", status: 200, model: "openai/gpt-4o", provider: "openai", key_id: orgKey.id, cost_micros: expect.any(Number) });
    expect(accessLine("chat")!.cost_micros).toBeGreaterThan(0);
    expect(accessLine("chat")!.upstream_ms).toBeGreaterThanOrEqual(0);
    expect(accessLine("chat")!.duration_ms).toBeGreaterThanOrEqual(accessLine("chat")!.upstream_ms as number);
    expect(accessLine("keys in the query")).toMatchObject({ route: "/v1/chat/completions", status: 200, key_id: orgKey.id });
    expect(accessLine("chat with an unknown key")).toMatchObject({ route: "/v1/chat/completions", status: 401, error: "invalid_api_key" });
    expect(accessLine("chat with an unknown key")).not.toHaveProperty("key_id");
    expect(accessLine("a key as a model id in the path")).toMatchObject({ route: "/v1/models/*", status: 404 });
    expect(accessLine("a key as the path")).toMatchObject({ route: "*", method: "GET", status: 404, error: "not_found" });
    expect(accessLine("a wrong method")).toMatchObject({ route: "*", status: 405, error: "method_not_allowed" });
    expect(accessLine("a key in a body too large")).toMatchObject({ status: 413, error: "request_too_large" });
    expect(accessLine("a stream cut off by its client")).toMatchObject({ status: 200, key_id: orgKey.id, error: "client_disconnected" });
    expect(accessLine("a provider refusing the credential")).toMatchObject({ level: "warn", status: 502, provider: "openai", key_id: orgKey.id, org_id: orgId, cost_micros: 0 });
    expect(accessLine("list keys")).toMatchObject({ route: "/v1/management/keys", method: "GET", status: 200 });
  });

  it("logs each management call once in the control plane, under the same request id, with the caller's ids", () => {
    const management = (what: string) => parsed.filter((l) => l.msg === "management call" && l.request_id === exchange(what).requestId);
    expect(management("revoke a key")).toEqual([
      expect.objectContaining({ service: "controlplane", method: "DELETE", route: "/v1/management/keys/{id}", status: 200, target_key_id: revokedByAdmin.id, org_id: accessLine("chat")!.org_id, key_id: expect.stringMatching(/^key_/) }),
    ]);
    expect(management("a key revoking itself")).toEqual([expect.objectContaining({ route: "/v1/key", status: 200, key_id: selfRevoked.id })]);
    expect(management("look a key up by its plaintext")[0]).not.toHaveProperty("target_key_id");
    expect(management("management API with an inference key")).toEqual([expect.objectContaining({ status: 403, error: "management_key_required" })]);
  });

  it("holds no key, no provider credential and not the key-hash secret in any line", () => {
    const secrets: Record<string, string> = {
      "the inference key": orgKey.key,
      "the self-revoked key": selfRevoked.key,
      "the key revoked by the organization": revokedByAdmin.key,
      "the unknown inference key": unknownKey,
      "the management key": gw.managementKey,
      "the unknown management key": unknownManagementKey,
      "the key-hash secret": HASH_SECRET,
      ...Object.fromEntries([...OPENAI_CREDENTIALS, ...OTHER_CREDENTIALS].map((c, i) => [`provider credential ${i + 1}`, c])),
    };
    const leaks = lines.flatMap((l, i) => Object.entries(secrets).filter(([, s]) => l.includes(s)).map(([name]) => `line ${i + 1}: ${name}`));
    expect(leaks).toEqual([]);
    // the search looked at the right log: the public ids of the same keys are there
    const all = lines.join("\n");
    for (const k of [orgKey, selfRevoked, revokedByAdmin]) expect(all).toContain(k.id);
  });

  it("gives no client an error body holding a provider credential or the key-hash secret", () => {
    const hidden = [...OPENAI_CREDENTIALS, ...OTHER_CREDENTIALS, HASH_SECRET];
    const leaks = exchanges.filter((e) => e.status >= 400 && hidden.some((s) => e.body.includes(s))).map((e) => e.what);
    expect(leaks).toEqual([]);
  });
});
