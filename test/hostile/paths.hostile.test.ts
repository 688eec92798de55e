import { describe, expect, it } from "vitest";
import { useEmbeddedGateway } from "../harness/gateway.ts";
import { expectErrorEnvelope, expectNoSecrets, gatewaySecrets, rawExchange, type RawExchange } from "./kit.ts";

/** Every public path and exactly the methods it serves (docs/api.md); `x` stands for any id. */
const SERVED: Record<string, string[]> = {
  "/v1/models": ["GET"],
  "/v1/models/x": ["GET"],
  "/v1/chat/completions": ["POST"],
  "/v1/messages": ["POST"],
  "/v1/messages/count_tokens": ["POST"],
  "/v1/embeddings": ["POST"],
  "/v1/images/generations": ["POST"],
  "/v1/images/edits": ["POST"],
  "/v1/audio/transcriptions": ["POST"],
  "/v1/credits": ["GET"],
  "/v1/key": ["GET", "DELETE"],
  "/v1/management/keys": ["GET", "POST"],
  "/v1/management/keys/x": ["GET", "PATCH", "DELETE"],
  "/status": ["GET", "OPTIONS"],
};
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT", "HEAD"];

/**
 * Paths as an attacker writes them: encoded, dotted, doubled, enormous, with methods nobody serves. Sent byte
 * for byte over a socket, since HTTP clients normalise `..` and `//` before sending.
 */
describe("hostile paths and methods", () => {
  const f = useEmbeddedGateway();
  const port = () => Number(new URL(f.base).port);

  /** One request, byte for byte; every error it gets back is checked for keys and credentials. */
  async function send(method: string, target: string, headers: Record<string, string> = {}): Promise<RawExchange> {
    const lines = [`${method} ${target} HTTP/1.1`, "host: gateway", ...Object.entries({ authorization: `Bearer ${f.key}`, ...headers }).map(([k, v]) => `${k}: ${v}`)];
    const x = await rawExchange(port(), [`${lines.join("\r\n")}\r\n\r\n`], { endAfterResponseMs: 0, deadlineMs: 3_000 });
    if ((x.status ?? 0) >= 400) expectNoSecrets(`${x.status} on ${method} ${target.slice(0, 80)}`, x.body, gatewaySecrets(f));
    return x;
  }

  function expectError(x: RawExchange, path: string, status: number, code: string): void {
    expect(x.status, `${path}: ${x.raw.slice(0, 300)}`).toBe(status);
    expectErrorEnvelope(path, status, x.body);
    expect((JSON.parse(x.body) as { error: { code: string } }).error.code).toBe(code);
    expectNoSecrets(`${status} on ${path}`, x.body, gatewaySecrets(f));
  }

  it("a percent-encoded model id is the same model; malformed escapes are a 404, not a crash", async () => {
    const plain = await send("GET", "/v1/models/openai/gpt-4o");
    expect(plain.status).toBe(200);
    for (const target of ["/v1/models/openai%2Fgpt-4o", "/v1/models/openai%2fgpt-4o", "/v1/models/%6Fpenai%2F%67pt-4o", "/v1/models/gpt-4o"]) {
      const x = await send("GET", target);
      expect(x.status, target).toBe(200);
      expect(JSON.parse(x.body), target).toEqual(JSON.parse(plain.body));
    }
    for (const target of ["/v1/models/%", "/v1/models/%zz", "/v1/models/openai%2", "/v1/models/%00", "/v1/models/%C0%AF", "/v1/models/%ED%A0%80", "/v1/models/openai%252Fgpt-4o"]) {
      expectError(await send("GET", target), target, 404, "model_not_found");
    }
  });

  it("`..`, `//` and encoded separators never reach another route", async () => {
    // each would be /v1/key, /health or another route if the path were resolved; they are model ids or nothing
    for (const target of ["/v1/models/../key", "/v1/models/..%2Fkey", "/v1/models/%2E%2E/key", "/v1/models/openai/../../key", "/v1/models/./gpt-4o"]) {
      const x = await send("GET", target);
      expectError(x, target, 404, "model_not_found");
    }
    for (const target of ["//v1/models", "/v1//models", "/v1/models//", "/v1/chat/completions/../embeddings", "/health/../v1/key", "/v1/./key", "/v1/key/", "/V1/KEY", "/v1\\key", "/%76%31/key"]) {
      const x = await send("GET", target);
      expect(x.status, `${target}: ${x.raw.slice(0, 200)}`).toBe(404);
      expect(x.body).not.toContain("spend_this_month_micros");
      expectErrorEnvelope(target, 404, x.body);
    }
    // the management relay passes the path on; the control plane's router does not resolve dots either
    for (const target of ["/v1/management/keys/../../key", "/v1/management/keys/..%2F..%2Fkey"]) {
      const x = await send("GET", target, { authorization: `Bearer ${f.gw.managementKey}` });
      expect([404]).toContain(x.status);
      expect(x.body).not.toContain("spend_this_month_micros");
      expectErrorEnvelope(target, 404, x.body);
    }
  });

  it("a very long model id gets a short answer: never megabytes of echo", async () => {
    const id = "m".repeat(3_000);
    const viaPath = await send("GET", `/v1/models/${id}`);
    expectError(viaPath, "/v1/models/x", 404, "model_not_found");
    expect(viaPath.body.length).toBeLessThan(600);
    for (const path of ["/v1/chat/completions", "/v1/messages", "/v1/embeddings"]) {
      const res = await fetch(`${f.base}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${f.key}`, "content-type": "application/json" },
        body: JSON.stringify({ model: "z".repeat(1_000_000), max_tokens: 5, messages: [{ role: "user", content: "hi" }], input: "hi" }),
      });
      const text = await res.text();
      expect(res.status, path).toBe(404);
      expectErrorEnvelope(path, 404, text);
      expect(text.length).toBeLessThan(600);
    }
    // a key pasted into a path is not quoted back (send() checks every error body for it)
    for (const [method, target] of [["GET", `/v1/models/${f.key}`], ["GET", `/v1/models/openai%2F${f.key}`], ["GET", `/v1/${f.key}`], ["PUT", `/v1/models/${f.gw.managementKey}`]] as const) {
      const x = await send(method, target);
      expect([404, 405], target.slice(0, 20)).toContain(x.status);
      expect(x.body).toContain("[redacted]");
    }
    // a request line past uWS's header limit is closed unanswered (see limits.hostile.test.ts)
    const tooLong = await rawExchange(port(), [`GET /v1/models/${"m".repeat(200_000)} HTTP/1.1\r\nhost: x\r\n\r\n`], { deadlineMs: 3_000 });
    expect(tooLong).toMatchObject({ status: undefined, closedByServer: true });
  });

  it("every standard method a path does not serve is a 405 whose Allow lists exactly what it serves", async () => {
    let checked = 0;
    for (const [path, served] of Object.entries(SERVED)) {
      for (const method of METHODS.filter((m) => !served.includes(m))) {
        const x = await send(method, path);
        expect(x.status, `${method} ${path}: ${x.raw.slice(0, 200)}`).toBe(405);
        expect(x.headers.allow?.split(", ").sort(), `${method} ${path}`).toEqual([...served].sort());
        if (method === "HEAD") expect(x.body).toBe("");
        else expectErrorEnvelope(path, 405, x.body);
        expect(Object.keys(x.headers).filter((h) => h.startsWith("access-control-"))).toEqual([]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(90);
  });

  it("methods outside HTTP's standard set are dropped by uWS without an answer", async () => {
    for (const method of ["FOO", "PROPFIND", "get", "M-SEARCH"]) {
      const x = await rawExchange(port(), [`${method} /v1/models HTTP/1.1\r\nhost: x\r\n\r\n`], { deadlineMs: 2_000 });
      expect(x, method).toMatchObject({ status: undefined, closedByServer: true });
    }
  });

  it("HEAD: /health answers 200 for probes; elsewhere 405 with Allow; never a body, so keep-alive stays in step", async () => {
    // two requests on one connection: a body after the HEAD answer would be read as the second response
    const pipelined = (first: string) =>
      rawExchange(port(), [`HEAD ${first} HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${f.key}\r\n\r\nGET /health HTTP/1.1\r\nhost: x\r\n\r\n`], { deadlineMs: 1_000 });
    const health = await pipelined("/health");
    expect(health.raw).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*?\r\n\r\nHTTP\/1\.1 200 OK\r\n[^]*\r\n\r\n\{"status":"ok"\}$/);
    const models = await pipelined("/v1/models");
    expect(models.status).toBe(405);
    expect(models.headers.allow).toBe("GET");
    expect(models.raw).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n[^]*?\r\n\r\nHTTP\/1\.1 200 OK\r\n[^]*\r\n\r\n\{"status":"ok"\}$/);
    const unknown = await send("HEAD", "/nowhere");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toBe("");
  });

  it("OPTIONS: /v1 has no CORS, so a preflight is a plain 405 with no Access-Control-* header; /status is the one cross-origin endpoint", async () => {
    const preflight = { origin: "https://evil.example", "access-control-request-method": "POST", "access-control-request-headers": "authorization" };
    for (const path of ["/v1/chat/completions", "/v1/models", "/v1/key", "/v1/management/keys"]) {
      const x = await send("OPTIONS", path, preflight);
      expect(x.status, path).toBe(405);
      expect(Object.keys(x.headers).filter((h) => h.startsWith("access-control-")), path).toEqual([]);
    }
    const status = await send("OPTIONS", "/status", preflight);
    expect(status.status).toBe(204);
    expect(status.headers["access-control-allow-origin"]).toBe("*");
    expect(status.headers["access-control-allow-headers"] ?? "").not.toContain("authorization");
  });
});
