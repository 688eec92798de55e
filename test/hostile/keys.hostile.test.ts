import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashKey } from "../../proto/key-hash.ts";
import { createKey, eventually, mediaUpstreamEnv, useEmbeddedGateway } from "../harness/gateway.ts";
import { JSON_ROUTES, FORM_ROUTES } from "./generators.ts";
import { dialectOf, gatewaySecrets, HostileClient, multipart, rawExchange, type Reply } from "./kit.ts";

type Credential = "none" | "malformed" | "unknown" | "revoked" | "management" | "inference";
const CREDENTIALS: readonly Credential[] = ["none", "malformed", "unknown", "revoked", "management", "inference"];

interface Cell {
  method: string;
  path: string;
  kind: "inference" | "management";
  /** Authenticated by the control plane behind the relay, which has one code for a missing and a bad key. */
  relayed?: boolean;
  body?: () => { body: Buffer | string; contentType: string };
}

const json = (r: (typeof JSON_ROUTES)[number]) => () => ({ body: JSON.stringify(r.valid), contentType: "application/json" });
const form = (r: (typeof FORM_ROUTES)[number]) => () => ({ body: multipart("matrixBoundary", r.parts), contentType: "multipart/form-data; boundary=matrixBoundary" });
const byPath = (p: string) => JSON_ROUTES.find((r) => r.path === p)!;

/** Every route and method a credential can be presented to (SPEC 4, 5). `{id}` is a key of the same organization. */
const MATRIX: readonly Cell[] = [
  { method: "POST", path: "/v1/chat/completions", kind: "inference", body: json(byPath("/v1/chat/completions")) },
  { method: "POST", path: "/v1/messages", kind: "inference", body: json(byPath("/v1/messages")) },
  { method: "POST", path: "/v1/messages/count_tokens", kind: "inference", body: json(byPath("/v1/messages/count_tokens")) },
  { method: "POST", path: "/v1/embeddings", kind: "inference", body: json(byPath("/v1/embeddings")) },
  { method: "POST", path: "/v1/images/generations", kind: "inference", body: json(byPath("/v1/images/generations")) },
  { method: "POST", path: "/v1/images/edits", kind: "inference", body: form(FORM_ROUTES[0]!) },
  { method: "POST", path: "/v1/audio/transcriptions", kind: "inference", body: form(FORM_ROUTES[1]!) },
  { method: "GET", path: "/v1/models", kind: "inference" },
  { method: "GET", path: "/v1/models/openai%2Fgpt-4o", kind: "inference" },
  { method: "GET", path: "/v1/credits", kind: "inference" },
  { method: "GET", path: "/v1/key", kind: "inference" },
  { method: "DELETE", path: "/v1/key", kind: "inference", relayed: true },
  { method: "GET", path: "/v1/management/keys", kind: "management" },
  { method: "POST", path: "/v1/management/keys", kind: "management", body: () => ({ body: JSON.stringify({ name: "matrix" }), contentType: "application/json" }) },
  { method: "GET", path: "/v1/management/keys/{id}", kind: "management" },
  { method: "PATCH", path: "/v1/management/keys/{id}", kind: "management", body: () => ({ body: JSON.stringify({ name: "renamed" }), contentType: "application/json" }) },
  { method: "DELETE", path: "/v1/management/keys/{id}", kind: "management" },
];

/** What each credential must get on a route of each kind; undefined: served (any status but 401 and 403). */
function expected(cred: Credential, cell: Cell): { status: number; code: string } | undefined {
  if (cred === "none" || cred === "malformed") return { status: 401, code: cell.kind === "management" || cell.relayed ? "invalid_api_key" : "missing_api_key" };
  if (cred === "unknown") return { status: 401, code: "invalid_api_key" };
  // revoking oneself is idempotent: a revoked key may say so again (docs/api.md)
  if (cred === "revoked") return cell.method === "DELETE" && cell.path === "/v1/key" ? undefined : { status: 401, code: "invalid_api_key" };
  if (cred === "management") return cell.kind === "inference" ? { status: 403, code: "inference_key_required" } : undefined;
  return cell.kind === "management" ? { status: 403, code: "management_key_required" } : undefined;
}

function errorCode(path: string, r: Reply): string {
  const body = JSON.parse(r.text) as { error: { code?: string; type: string } };
  return dialectOf(path) === "anthropic" ? (body.error.code ?? body.error.type) : (body.error.code ?? "");
}

/** Files under `dir`, read whole (the embedded control plane's PGlite files are small in a test). */
function filesUnder(dir: string): Buffer[] {
  const out: Buffer[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const s = statSync(p);
    if (s.isDirectory()) out.push(...filesUnder(p));
    else if (s.isFile()) out.push(readFileSync(p));
  }
  return out;
}

describe("credentials under attack", () => {
  // the guard off: the matrix presents hundreds of bad keys from one address on purpose
  const f = useEmbeddedGateway({ env: (mock) => ({ ...mediaUpstreamEnv(mock), SVC_AUTH_FAILURE_BURST: "0" }) });
  const presented: string[] = [];
  let client: HostileClient;
  let revoked: string;
  let unknown: string;

  beforeAll(async () => {
    client = new HostileClient(f.base, () => gatewaySecrets(f, presented));
    const r = await createKey(f.base, f.gw.managementKey, { name: "revoked" });
    revoked = r.key;
    const del = await fetch(`${f.base}/v1/management/keys/${r.id}`, { method: "DELETE", headers: { authorization: `Bearer ${f.gw.managementKey}` } });
    expect(del.status).toBe(200);
    unknown = `svc_${randomBytes(30).toString("base64url").replace(/[-_]/g, "x").slice(0, 40)}`;
    presented.push(revoked, unknown);
  });
  afterAll(async () => {
    console.log(`[hostile keys] ${client.tally.summary()}`);
    await client?.close();
  });

  it(`management and inference keys never cross: ${MATRIX.length} routes × ${CREDENTIALS.length} credentials`, async () => {
    f.mock.reset();
    const cells: string[] = [];
    for (const cell of MATRIX) {
      for (const cred of CREDENTIALS) {
        // a fresh key per cell where the cell itself changes keys (revoking, deleting), so cells stay independent
        const fresh = await createKey(f.base, f.gw.managementKey, { name: "cell" });
        presented.push(fresh.key);
        const inference = cell.method === "DELETE" && cell.path === "/v1/key" ? fresh.key : f.key;
        const header = { none: undefined, malformed: `Bearer`, unknown: `Bearer ${unknown}`, revoked: `Bearer ${revoked}`, management: `Bearer ${f.gw.managementKey}`, inference: `Bearer ${inference}` }[cred];
        const path = cell.path.replace("{id}", fresh.id);
        const b = cell.body?.();
        const headers: Record<string, string> = {};
        if (header) headers.authorization = header;
        if (b) headers["content-type"] = b.contentType;
        const r = await client.send(`matrix-${cred}`, cell.method, path, { headers, body: b?.body });
        const want = expected(cred, cell);
        if (want) {
          expect({ cell: `${cred} ${cell.method} ${cell.path}`, status: r.status, code: errorCode(path, r) }).toEqual({ cell: `${cred} ${cell.method} ${cell.path}`, ...want });
        } else {
          expect(r.status, `${cred} ${cell.method} ${cell.path}: ${r.text.slice(0, 200)}`).toBeLessThan(400);
        }
        cells.push(`${cred} ${cell.method} ${cell.path} → ${r.status}`);
      }
    }
    expect(cells).toHaveLength(MATRIX.length * CREDENTIALS.length);
    // every malformed spelling of the header is a 401 too, never a 500 or a pass
    for (const header of ["Bearer", "Bearer  ", "Basic dXNlcjpwYXNz", `Bearer ${f.key} extra`, `Token ${f.key}`, `${f.key}`, `Bearer ${f.key.slice(0, -1)}`, `Bearer ${f.key}x`, `Bearer ${f.key.toUpperCase()}`, "Bearer \u00e9", `Bearer ${"k".repeat(4_000)}`]) {
      const r = await client.send("malformed-bearer", "GET", "/v1/key", { headers: { authorization: header } });
      expect(r.status, header.slice(0, 40)).toBe(401);
    }
    // a client that sends its key the Anthropic SDK way (x-api-key) is told how to send it instead
    const xApiKey = await client.send("x-api-key-only", "POST", "/v1/messages", { headers: { "x-api-key": f.key, "content-type": "application/json" }, body: JSON.stringify(byPath("/v1/messages").valid) });
    expect(xApiKey.status).toBe(401);
    expect(JSON.parse(xApiKey.text)).toMatchObject({ type: "error", error: { type: "authentication_error", message: expect.stringContaining("Authorization: Bearer") } });
    // only the cells a key was meant for reached a provider
    const servedInference = MATRIX.filter((c) => c.kind === "inference" && c.method === "POST").length;
    expect(f.mock.requests.length).toBeLessThanOrEqual(servedInference);
  });

  it("keys are stored only as keyed hashes: neither the replica nor the control plane's files hold a plaintext key", async () => {
    const dp = f.gw.dataPlanes[0]!.deps;
    const fresh = await createKey(f.base, f.gw.managementKey, { name: "stored" });
    const entry = await eventually(async () => {
      const e = dp.store.keyById(fresh.id);
      expect(e).toBeDefined();
      return e!;
    });
    // looked up by HMAC-SHA-256 under the deployment secret: the lookup takes the same time whatever the guess
    expect(entry.hash).toBe(hashKey(dp.keyHashSecret, fresh.key));
    expect(JSON.stringify(entry)).not.toContain(fresh.key.slice(4));
    const files = await eventually(async () => {
      const all = filesUnder(dp.config.dataDir);
      // the positive control: the hash is on disk, so the search below would find a plaintext key too
      expect(all.some((b) => b.includes(entry.hash!))).toBe(true);
      return all;
    }, 10_000, 200);
    for (const k of [fresh.key, f.key, f.gw.managementKey]) expect(files.some((b) => b.includes(k)), `${k.slice(0, 8)}… on disk`).toBe(false);
  });

  it("the upstream URL is the provider's whatever the client sends: model ids, headers and bodies cannot redirect it", async () => {
    f.mock.reset();
    // model ids shaped like URLs or paths are unknown models, and nothing goes upstream
    for (const model of ["http://169.254.169.254/latest/meta-data/", "openai/../../x", "openai/gpt-4o?x=@evil.example", "openai/gpt-4o#@evil", "//evil.example/v1", "openai/gpt-4o/../../admin", "openai%2Fgpt-4o"]) {
      for (const path of ["/v1/chat/completions", "/v1/messages", "/v1/embeddings"]) {
        const r = await client.send("ssrf-model", "POST", path, { headers: { authorization: `Bearer ${f.key}`, "content-type": "application/json" }, body: JSON.stringify({ model, max_tokens: 5, input: "x", messages: [{ role: "user", content: "x" }] }) });
        expect(r.status, `${model} on ${path}`).toBe(404);
      }
    }
    expect(f.mock.requests).toEqual([]);
    // valid requests carrying every steering field and header an attacker might try
    const steering = { base_url: "http://evil.example", api_base: "http://evil.example", url: "http://evil.example", baseURL: "http://evil.example", endpoint: "http://evil.example", headers: { host: "evil.example" } };
    const hostileHeaders = {
      host: "evil.example",
      "x-forwarded-host": "evil.example",
      "x-forwarded-for": "169.254.169.254",
      "x-forwarded-proto": "gopher",
      forwarded: "for=1.2.3.4;host=evil.example",
      "x-original-url": "/admin",
      "x-rewrite-url": "/admin",
      "x-api-key": "sk-client-attempt-0000000000",
      "x-goog-api-key": "goog-client-attempt",
      "proxy-authorization": "Basic YXR0YWNrZXI6cGFzcw==",
      cookie: "session=client-cookie-value",
      "anthropic-version": "2023-06-01",
      te: "trailers",
      trailer: "x-after",
      upgrade: "h2c",
      "keep-alive": "timeout=999",
      "proxy-connection": "keep-alive",
      "x-hop-secret": "nominated-hop-by-hop",
      connection: "keep-alive, x-hop-secret",
    };
    const calls = [
      { path: "/v1/chat/completions", body: { ...byPath("/v1/chat/completions").valid, ...steering } },
      { path: "/v1/chat/completions", body: { ...byPath("/v1/chat/completions").valid, model: "google/gemini-2.5-flash", ...steering } },
      { path: "/v1/messages", body: { ...byPath("/v1/messages").valid, ...steering } },
      { path: "/v1/messages/count_tokens", body: { ...byPath("/v1/messages/count_tokens").valid, ...steering } },
      { path: "/v1/embeddings", body: { ...byPath("/v1/embeddings").valid, ...steering } },
      { path: "/v1/images/generations", body: { ...byPath("/v1/images/generations").valid } },
    ];
    const p = Number(new URL(f.base).port);
    for (const c of calls) {
      const body = JSON.stringify(c.body);
      const lines = [`POST ${c.path}?base_url=http://evil.example&api-version=x HTTP/1.1`, ...Object.entries({ ...hostileHeaders, authorization: `Bearer ${f.key}`, "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) }).map(([k, v]) => `${k}: ${v}`)];
      const x = await rawExchange(p, [`${lines.join("\r\n")}\r\n\r\n${body}`], { endAfterResponseMs: 0, deadlineMs: 5_000 });
      expect(x.status, `${c.path}: ${x.raw.slice(0, 300)}`).toBeLessThan(500);
    }
    const upstream = f.mock.requests;
    expect(upstream.length).toBeGreaterThanOrEqual(calls.length - 1);
    const mockHost = new URL(f.mock.origin).host;
    for (const rec of upstream) {
      const where = `${rec.method} ${rec.path}`;
      // only the provider's own endpoints, on the provider's own host, without the client's query
      expect(rec.path, where).toMatch(/^\/(v1\/(chat\/completions|messages(\/count_tokens)?|embeddings|images\/generations)|v1beta\/models\/[^/?]+:(generateContent|streamGenerateContent)(\?alt=sse)?)$/);
      expect(rec.headers.host, where).toBe(mockHost);
      // answered in full: the `cancelled` the disconnect tests rely on is not set on every request
      expect(rec.cancelled, where).toBeUndefined();
      for (const h of ["x-forwarded-host", "x-forwarded-for", "x-forwarded-proto", "forwarded", "x-original-url", "x-rewrite-url", "proxy-authorization", "cookie", "te", "trailer", "upgrade", "proxy-connection", "x-hop-secret"]) {
        expect(rec.headers[h], `${where} forwards ${h}`).toBeUndefined();
      }
      expect(rec.headers["keep-alive"] ?? "", where).not.toContain("999");
      // the provider sees the gateway's credential, never the client's key or the client's x-api-key
      const all = JSON.stringify(rec.headers);
      expect(all, where).not.toContain(f.key);
      expect(all, where).not.toContain("sk-client-attempt");
      expect(all, where).not.toContain("goog-client-attempt");
      expect(rec.bodyText, where).not.toContain(f.key);
    }
    const anthropic = upstream.filter((r) => r.path.startsWith("/v1/messages"));
    expect(anthropic.length).toBe(2);
    for (const rec of anthropic) {
      expect(rec.headers["x-api-key"]).toBe("sk-ant-upstream-test-credential");
      expect(rec.headers.authorization).toBeUndefined();
    }
    for (const rec of upstream.filter((r) => r.path === "/v1/chat/completions" || r.path === "/v1/embeddings")) {
      expect(rec.headers.authorization).toBe("Bearer sk-upstream-test-credential");
      expect(rec.headers["x-api-key"]).toBeUndefined();
    }
    for (const rec of upstream.filter((r) => r.path.startsWith("/v1beta/"))) {
      expect(rec.headers["x-goog-api-key"]).toBe("goog-upstream-test-credential");
      expect(rec.headers.authorization).toBeUndefined();
    }
    f.mock.reset();
  });
});

describe("brute force: bad keys from one address", () => {
  const f = useEmbeddedGateway({ env: { SVC_AUTH_FAILURE_BURST: "5", SVC_AUTH_FAILURES_PER_MINUTE: "60" } });
  // loopback is a /8: each of these is its own client address to the gateway
  let attacker: HostileClient;
  let neighbour: HostileClient;
  let bystander: HostileClient;

  beforeAll(() => {
    const secrets = () => gatewaySecrets(f);
    attacker = new HostileClient(f.base, secrets, { localAddress: "127.0.0.2" });
    neighbour = new HostileClient(f.base, secrets, { localAddress: "127.0.0.3" });
    bystander = new HostileClient(f.base, secrets);
  });
  afterAll(async () => {
    await Promise.all([attacker?.close(), neighbour?.close(), bystander?.close()]);
  });

  const guess = () => `Bearer svc_${randomBytes(30).toString("hex").slice(0, 40)}`;

  it("are refused with 401 up to the burst, then 429 with Retry-After on every authenticated route, while other addresses are unaffected", async () => {
    for (let i = 0; i < 5; i++) {
      const r = await attacker.send("brute-force", "GET", "/v1/models", { headers: { authorization: guess() } });
      expect(r.status, `guess ${i + 1}`).toBe(401);
    }
    const refused = await attacker.send("brute-force", "POST", "/v1/chat/completions", { headers: { authorization: guess(), "content-type": "application/json" }, body: "{}" });
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.text)).toMatchObject({ error: { code: "too_many_auth_failures", type: "rate_limit_error" } });
    const wait = Number(refused.headers["retry-after"]);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(2);
    expect(refused.headers.connection).toBe("close");
    // in the route's own dialect, and before any credential is looked at: a good key from that address waits too,
    // or a guesser would learn which key is good from 429 versus 200
    const native = await attacker.send("brute-force", "POST", "/v1/messages", { headers: { authorization: `Bearer ${f.key}`, "content-type": "application/json" }, body: "{}" });
    expect(native.status).toBe(429);
    expect(JSON.parse(native.text)).toMatchObject({ type: "error", error: { type: "rate_limit_error" } });
    expect((await attacker.send("brute-force", "GET", "/v1/management/keys", { headers: { authorization: `Bearer ${f.gw.managementKey}` } })).status).toBe(429);
    // the public endpoints stay open to it
    expect((await attacker.send("brute-force", "GET", "/status")).status).toBe(200);
    expect((await fetch(`${f.base}/health`)).status).toBe(200);
    // another address: its good key works and its own bad keys get their own burst of 401s
    expect((await bystander.send("brute-force-bystander", "GET", "/v1/key", { headers: { authorization: `Bearer ${f.key}` } })).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await neighbour.send("brute-force-neighbour", "GET", "/v1/key", { headers: { authorization: guess() } })).status).toBe(401);
    expect((await neighbour.send("brute-force-neighbour", "GET", "/v1/key", { headers: { authorization: `Bearer ${f.key}` } })).status).toBe(200);
    // once Retry-After has passed the address has earned back exactly one attempt
    await new Promise((r) => setTimeout(r, wait * 1_000 + 100));
    expect((await attacker.send("brute-force", "GET", "/v1/key", { headers: { authorization: guess() } })).status).toBe(401);
    expect((await attacker.send("brute-force", "GET", "/v1/key", { headers: { authorization: guess() } })).status).toBe(429);
    // a request with no key at all is not a guess, and does not count
    expect((await neighbour.send("brute-force-neighbour", "GET", "/v1/key")).status).toBe(401);
    expect((await neighbour.send("brute-force-neighbour", "GET", "/v1/key", { headers: { authorization: `Bearer ${f.key}` } })).status).toBe(200);
  });
});
