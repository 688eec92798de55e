import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../catalog/src/index.ts";
import { worstCaseMicros } from "../../dataplane/src/metering/cost.ts";
import { createKey, eventually, useEmbeddedGateway } from "../harness/gateway.ts";
import { expectErrorEnvelope, expectNoSecrets, gatewaySecrets, rawExchange, requestsInFlight, type RawExchange } from "./kit.ts";

const MAX_BODY = 256 * 1024;
const BODY_IDLE_MS = 1_000;
/** uWS closes a connection idle for 10 s; its timer ticks every 4 s, so the close comes 8 to 12 s in. */
const UWS_IDLE_CLOSE_MS = 14_000;

const CHAT = { model: "openai/gpt-4o", messages: [{ role: "user", content: "hi" }], max_tokens: 16 };

function head(port: number, method: string, path: string, headers: Record<string, string>): string {
  const lines = [`${method} ${path} HTTP/1.1`, `host: 127.0.0.1:${port}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  return `${lines.join("\r\n")}\r\n\r\n`;
}

function chunk(data: Buffer | string): string {
  const b = Buffer.from(data);
  return `${b.length.toString(16)}\r\n${b.toString("latin1")}\r\n`;
}

/**
 * The edges of what one request may be: header and body sizes, slow and stalled clients, and clients that leave
 * mid-request or mid-stream. What a user sees is asserted: the status and dialect of the answer, when it came
 * relative to what the client had sent, whether the connection was closed, and what was reserved and billed.
 */
describe("request limits and slow or vanishing clients", () => {
  const f = useEmbeddedGateway({ env: { SVC_MAX_BODY_BYTES: String(MAX_BODY), SVC_BODY_IDLE_TIMEOUT_MS: String(BODY_IDLE_MS) } });
  const port = () => Number(new URL(f.base).port);
  const auth = () => ({ authorization: `Bearer ${f.key}`, "content-type": "application/json" });
  const secrets = () => gatewaySecrets(f);

  function expectRefusal(x: RawExchange, path: string, status: number): void {
    expect(x.status, `${path}: ${x.raw.slice(0, 300)}`).toBe(status);
    expectErrorEnvelope(path, status, x.body);
    expectNoSecrets(`${status} on ${path}`, x.body, secrets());
  }

  async function healthy(): Promise<void> {
    expect((await fetch(`${f.base}/health`)).status).toBe(200);
    await eventually(async () => {
      expect(await requestsInFlight(f)).toBe(0);
      expect(f.gw.dataPlanes[0]!.deps.tracker.openReservations).toBe(0);
    });
  }

  it("headers: up to uWS's limits they are served; past them the connection is closed without an answer (uWS sends no 431)", async () => {
    const p = port();
    const models = (extra: Record<string, string>) => head(p, "GET", "/v1/models", { authorization: `Bearer ${f.key}`, ...extra });
    // 3 KiB of headers, written at once: an ordinary request with a large cookie
    const ok = await rawExchange(p, [models({ "x-padding": "p".repeat(3_000) })], { endAfterResponseMs: 0 });
    expect(ok.status).toBe(200);
    // a header block uWS has to buffer across reads may be at most 4 KiB
    const block = models({ "x-padding": "p".repeat(8_000) });
    const pieces = Array.from({ length: Math.ceil(block.length / 1_000) }, (_, i) => block.slice(i * 1_000, (i + 1) * 1_000));
    const trickled = await rawExchange(p, pieces, { gapMs: 20 });
    expect(trickled).toMatchObject({ status: undefined, closedByServer: true });
    expect(trickled.endMs).toBeLessThan(2_000);
    // one header of 200 KiB cannot fit uWS's read buffer however it arrives
    const huge = await rawExchange(p, [models({ "x-padding": "p".repeat(200_000) })]);
    expect(huge).toMatchObject({ status: undefined, closedByServer: true });
    expect(huge.endMs).toBeLessThan(2_000);
    await healthy();
  });

  it("a declared body over the limit is answered 413 before a byte of it is sent, in the route's dialect, and the connection closed", async () => {
    for (const path of ["/v1/chat/completions", "/v1/messages", "/v1/embeddings"]) {
      const x = await rawExchange(port(), [head(port(), "POST", path, { ...auth(), "content-length": String(MAX_BODY * 40) })], { deadlineMs: 3_000 });
      expectRefusal(x, path, 413);
      expect(x.headers.connection).toBe("close");
      expect(x.closedByServer).toBe(true);
      expect(x.firstByteMs).toBeLessThan(1_000);
    }
    await healthy();
  });

  it("a chunked body is refused with 413 while it streams: the answer comes before the client has sent it all", async () => {
    for (const path of ["/v1/chat/completions", "/v1/messages/count_tokens"]) {
      const piece = chunk("x".repeat(64 * 1024));
      // 32 × 64 KiB = 2 MiB announced by nothing but its own arrival; the limit is 256 KiB
      const pieces = [head(port(), "POST", path, { ...auth(), "transfer-encoding": "chunked" }), ...Array<string>(32).fill(piece), "0\r\n\r\n"];
      const x = await rawExchange(port(), pieces, { gapMs: 30, stopOnResponse: true, deadlineMs: 5_000 });
      expectRefusal(x, path, 413);
      expect(x.closedByServer).toBe(true);
      // refused after about the limit's worth of chunks, with most of the upload never sent
      expect(x.piecesWritten).toBeLessThan(12);
    }
    await healthy();
  });

  it("management bodies are limited to 64 KiB at the data plane, before anything is relayed", async () => {
    const res = await fetch(`${f.base}/v1/management/keys`, {
      method: "POST",
      headers: { authorization: `Bearer ${f.gw.managementKey}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "n".repeat(100 * 1024) }),
    });
    const text = await res.text();
    expect(res.status).toBe(413);
    expectErrorEnvelope("/v1/management/keys", 413, text);
    expect(JSON.parse(text)).toMatchObject({ error: { code: "request_too_large", message: expect.stringContaining("65536") } });
  });

  it(`a body that stops arriving is answered 408 after ${BODY_IDLE_MS} ms of silence, in the route's dialect, and the connection closed`, async () => {
    for (const path of ["/v1/chat/completions", "/v1/messages"]) {
      const x = await rawExchange(port(), [head(port(), "POST", path, { ...auth(), "content-length": "1000" }), '{"model":'], { deadlineMs: 5_000 });
      expectRefusal(x, path, 408);
      expect(JSON.parse(x.body)).toMatchObject(path === "/v1/messages" ? { type: "error", error: { type: "invalid_request_error", code: "request_timeout" } } : { error: { code: "request_timeout" } });
      expect(x.closedByServer).toBe(true);
      expect(x.firstByteMs).toBeGreaterThanOrEqual(BODY_IDLE_MS - 50);
      expect(x.firstByteMs).toBeLessThan(BODY_IDLE_MS + 3_000);
    }
    await healthy();
  });

  it("slow and unroutable clients are cut off within uWS's idle timeout, while everyone else is served", async () => {
    const p = port();
    const slowloris = `GET /v1/models HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${f.key}\r\nx-slow: ${"s".repeat(300)}`;
    const trickleHead = head(p, "POST", "/v1/chat/completions", { ...auth(), "content-length": "5000" });
    const manyHeaders = head(p, "GET", "/v1/models", Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`x-h${i}`, "v"])));
    const started = Date.now();
    const slow = Promise.all([
      // a header block one byte every 100 ms, never finished
      rawExchange(p, [...slowloris], { gapMs: 100, deadlineMs: UWS_IDLE_CLOSE_MS + 2_000 }),
      // a body one byte every 200 ms: never silent long enough for the 408, far below uWS's 16 KiB/s floor
      rawExchange(p, [trickleHead, ..."x".repeat(4_999)], { gapMs: 200, deadlineMs: UWS_IDLE_CLOSE_MS + 2_000 }),
      // more headers than uWS parses (it takes 50 at most): no route runs, nothing answers
      rawExchange(p, [manyHeaders], { deadlineMs: UWS_IDLE_CLOSE_MS + 2_000 }),
      // targets uWS cannot route: the absolute form (a proxy request) and the asterisk form
      rawExchange(p, [`GET http://169.254.169.254/latest/meta-data/ HTTP/1.1\r\nhost: 169.254.169.254\r\n\r\n`], { deadlineMs: UWS_IDLE_CLOSE_MS + 2_000 }),
      rawExchange(p, [`OPTIONS * HTTP/1.1\r\nhost: x\r\n\r\n`], { deadlineMs: UWS_IDLE_CLOSE_MS + 2_000 }),
    ]);
    // meanwhile the gateway serves everyone else promptly
    const latencies: number[] = [];
    while (Date.now() - started < 3_000) {
      const t = performance.now();
      const r = await fetch(`${f.base}/v1/models`, { headers: { authorization: `Bearer ${f.key}` } });
      await r.text();
      expect(r.status).toBe(200);
      latencies.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 50));
    }
    // a server held up by its slow clients would take seconds; two shared cores under load take well under one
    expect(Math.max(...latencies)).toBeLessThan(2_000);
    const [loris, trickle, many, absolute, asterisk] = await slow;
    for (const [name, x] of Object.entries({ loris, trickle, many, absolute, asterisk })) {
      expect(x.closedByServer, `${name} closed by the server`).toBe(true);
      expect(x.endMs, `${name} closed within the idle timeout`).toBeLessThan(UWS_IDLE_CLOSE_MS);
      expect(x.status, `${name}: ${x.raw.slice(0, 200)}`).toBeUndefined();
    }
    // the trickled body was still arriving: not a byte of it reached a provider
    expect(f.mock.requests.filter((r) => r.path.includes("chat"))).toEqual([]);
    await healthy();
  }, 30_000);

  it("a client gone mid-upload: nothing reaches the provider, nothing is reserved or billed", async () => {
    f.mock.reset();
    const spend = async () => ((await (await fetch(`${f.base}/v1/key`, { headers: { authorization: `Bearer ${f.key}` } })).json()) as { spend_this_month_micros: number }).spend_this_month_micros;
    const before = await spend();
    const body = JSON.stringify({ ...CHAT, messages: [{ role: "user", content: "y".repeat(10_000) }] });
    // half the body, then the client hangs up
    const x = await rawExchange(port(), [head(port(), "POST", "/v1/chat/completions", { ...auth(), "content-length": String(Buffer.byteLength(body)) }), body.slice(0, 5_000)], { deadlineMs: 300 });
    expect(x.status).toBeUndefined();
    await healthy();
    expect(f.mock.requests).toEqual([]);
    expect(await spend()).toBe(before);
  });

  it("a client gone mid-stream: the provider sees its request cancelled, the reservation is released and the whole budget is usable again", async () => {
    f.mock.reset();
    f.mock.setStreamShape({ chunks: 200, delayMs: 20 });
    const body = JSON.stringify({ model: "openai/gpt-4o", stream: true, max_tokens: 2_000, messages: [{ role: "user", content: "talk for a while" }] });
    const worst = worstCaseMicros(loadCatalog().resolve("openai/gpt-4o")!, Buffer.byteLength(body), 2_000);
    // room for exactly one such request at its worst case, plus what the abandoned one will cost
    const { key } = await createKey(f.base, f.gw.managementKey, { limits: { monthly_budget_micros: worst + 5_000 } });
    const post = (signal?: AbortSignal) => fetch(`${f.base}/v1/chat/completions`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body, signal });

    const abort = new AbortController();
    const streaming = await post(abort.signal);
    expect(streaming.status).toBe(200);
    const reader = streaming.body!.getReader();
    let events = 0;
    while (events < 3) events += (new TextDecoder().decode((await reader.read()).value).match(/^data: /gm) ?? []).length;
    // while it streams, its worst case is held: a second identical request does not fit the budget
    const second = await post();
    expect(second.status).toBe(402);
    expect(((await second.json()) as { error: { code: string } }).error.code).toBe("key_monthly_budget_exhausted");

    abort.abort();
    await eventually(async () => {
      const upstream = f.mock.requests.filter((r) => r.path === "/v1/chat/completions");
      expect(upstream).toHaveLength(1);
      expect(upstream[0]!.cancelled).toBe(true);
    });
    await healthy();
    // billed only for what was streamed before the hang-up, and the full budget is there again
    const me = (await (await fetch(`${f.base}/v1/key`, { headers: { authorization: `Bearer ${key}` } })).json()) as { spend_this_month_micros: number };
    expect(me.spend_this_month_micros).toBeGreaterThan(0);
    expect(me.spend_this_month_micros).toBeLessThan(5_000);
    f.mock.setStreamShape({ chunks: 3, delayMs: 0 });
    const third = await post();
    expect(third.status).toBe(200);
    expect(await third.text()).toContain("[DONE]");
    f.mock.reset();
    await healthy();
  });
});
