import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextMonthStart } from "../../dataplane/src/routes/account.ts";
import { createKey, eventually, type TestGateway } from "../harness/gateway.ts";
import { startMockUpstream, type MockUpstream } from "../harness/mock-upstream.ts";

// openai/gpt-4o: $2.50 in, $10.00 out per Mtok → 2.5 and 10 micro-USD per token.
const NONSTREAM_COST = 14 * 2.5 + 7 * 10; // chat-nonstream.json: 14 prompt, 7 completion tokens
const STREAM_COST = 78 * 2.5 + 9 * 10; // chat-stream-text-include-usage.sse.txt: 78 prompt, 9 completion
const OPENING_CREDIT = 10_000_000;

const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> });

/**
 * The first end-to-end path, driven with the official openai client exactly as a user would: list and retrieve
 * models, chat with and without streaming, then the money shows up in /v1/credits and /v1/key, and a revoked
 * key stops working on every replica within a second.
 */
export function gatewayScenario(name: string, start: (mock: MockUpstream) => Promise<TestGateway>): void {
  describe(name, () => {
    let mock: MockUpstream;
    let gw: TestGateway;
    let base: string;
    let key: string;
    let client: OpenAI;

    beforeAll(async () => {
      mock = await startMockUpstream();
      gw = await start(mock);
      base = gw.baseUrls[0]!;
      key = (await createKey(base, gw.managementKey, { name: "e2e" })).key;
      client = new OpenAI({ baseURL: `${base}/v1`, apiKey: key, maxRetries: 0 });
    });
    afterAll(async () => {
      await gw?.close();
      await mock?.close();
    });

    it("GET /health is constant; GET /ready says the snapshot is loaded and fresh", async () => {
      expect(await json(await fetch(`${base}/health`))).toEqual({ status: 200, body: { status: "ok" } });
      const ready = await json(await fetch(`${base}/ready`));
      expect(ready).toMatchObject({ status: 200, body: { status: "ready", snapshot_loaded: true } });
    });

    it("lists only models it can serve, OpenAI-shaped", async () => {
      const ids: string[] = [];
      for await (const m of client.models.list()) {
        expect(m).toEqual({ id: m.id, object: "model", created: 0, owned_by: m.id.split("/")[0] });
        ids.push(m.id);
      }
      expect(ids).toContain("openai/gpt-4o");
      expect(ids).toContain("anthropic/claude-haiku-4-5");
      expect(ids).toContain("google/gemini-2.5-flash");
      // only OpenAI, Anthropic and Google have a credential here; their embedding models are served too
      expect(ids.every((id) => /^(openai|anthropic|google)\//.test(id))).toBe(true);
      expect(ids).toContain("openai/text-embedding-3-small");
    });

    it("retrieves by alias and echoes the canonical slug; 404 for a model without credential", async () => {
      expect(await client.models.retrieve("gpt-4o")).toEqual({ id: "openai/gpt-4o", object: "model", created: 0, owned_by: "openai" });
      await expect(client.models.retrieve("deepseek/deepseek-v4-pro")).rejects.toMatchObject({ status: 404 });
      await expect(client.models.retrieve("nobody/nothing")).rejects.toMatchObject({ status: 404 });
    });

    it("chats without streaming, metered from the provider's usage", async () => {
      const res = await client.chat.completions.create({ model: "openai/gpt-4o", messages: [{ role: "user", content: "What is the capital of France?" }] }).withResponse();
      expect(res.data.choices[0]?.message.content).toBe("The capital of France is Paris.");
      // named by the gateway's slug, not the provider's snapshot id: the answer does not tell who served it
      expect(res.data.model).toBe("openai/gpt-4o");
      expect(res.data.usage?.prompt_tokens).toBe(14);
      expect(res.response.headers.get("x-svc-cost-micros")).toBe(String(NONSTREAM_COST));
      const upstream = mock.requests.at(-1)!;
      expect(upstream.headers.authorization).toBe("Bearer sk-upstream-test-credential");
      expect((upstream.json as { model: string }).model).toBe("gpt-4o");
    });

    it("streams; the usage chunk the gateway asked for is kept from a client that did not", async () => {
      const stream = await client.chat.completions.create({ model: "gpt-4o", stream: true, messages: [{ role: "user", content: "Capital of the UK?" }] });
      let text = "";
      let sawUsage = false;
      for await (const chunk of stream) {
        expect(chunk.model).toBe("openai/gpt-4o");
        text += chunk.choices[0]?.delta?.content ?? "";
        if (chunk.usage) sawUsage = true;
      }
      expect(text).toBe("The capital of the UK is London.");
      expect(sawUsage).toBe(false);
      expect((mock.requests.at(-1)!.json as { stream_options: unknown }).stream_options).toEqual({ include_usage: true });
    });

    it("streams with include_usage: the client gets the usage chunk", async () => {
      const stream = await client.chat.completions.create({
        model: "openai/gpt-4o",
        stream: true,
        stream_options: { include_usage: true },
        messages: [{ role: "user", content: "Capital of the UK?" }],
      });
      let usage: OpenAI.CompletionUsage | undefined | null;
      for await (const chunk of stream) if (chunk.usage) usage = chunk.usage;
      // the gateway's price of the call rides along in the usage chunk
      expect(usage).toMatchObject({ prompt_tokens: 78, completion_tokens: 9, cost_micros: STREAM_COST });
    });

    it("credits and key spend reflect the exact cost of the three calls", async () => {
      const spent = NONSTREAM_COST + 2 * STREAM_COST;
      for (const b of gw.baseUrls) {
        await eventually(async () => {
          const credits = await json(await fetch(`${b}/v1/credits`, { headers: { authorization: `Bearer ${key}` } }));
          expect(credits).toEqual({ status: 200, body: { available: (OPENING_CREDIT - spent) / 1e6, available_micros: OPENING_CREDIT - spent, currency: "USD" } });
          const me = await json(await fetch(`${b}/v1/key`, { headers: { authorization: `Bearer ${key}` } }));
          expect(me.body.spend_this_month_micros).toBe(spent);
          expect(me.body.budgets).toEqual({
            monthly: { limit_micros: null, used_micros: spent, remaining_micros: null, resets_at: nextMonthStart(Date.now()) },
            total: { limit_micros: null, used_micros: spent, remaining_micros: null, resets_at: null },
          });
        });
      }
      // the control plane's own record, once the ledger has the events
      await eventually(async () => {
        const mgmt = await json(await fetch(`${base}/v1/management/keys`, { headers: { authorization: `Bearer ${gw.managementKey}` } }));
        const record = (mgmt.body.data as { name: string; spend_this_month_micros: number }[]).find((k) => k.name === "e2e");
        expect(record?.spend_this_month_micros).toBe(spent);
      });
    });

    it("each replica's Prometheus metrics count the requests, tokens and cost, and carry no key", async () => {
      const dp = gw.dataPlanes[0]!;
      expect(dp.metricsPort).toBeDefined();
      const text = await (await fetch(`http://127.0.0.1:${dp.metricsPort}/metrics`)).text();
      const value = (name: string) => Number(new RegExp(`^${name.replace(/[{}]/g, "\\$&")} (\\S+)$`, "m").exec(text)?.[1]);
      // this replica served at least the first request of the scenario (split mode spreads nothing: all went to replica 0)
      expect(value('svc_requests_total{route="/v1/chat/completions",status="200",provider="openai"}')).toBe(3);
      expect(value('svc_cost_micros_total{provider="openai"}')).toBe(NONSTREAM_COST + 2 * STREAM_COST);
      expect(value('svc_tokens_total{provider="openai",direction="input"}')).toBe(14 + 78 + 78);
      expect(value("svc_reservations_open")).toBe(0);
      expect(text).toMatch(/^svc_snapshot_sequence \d+$/m);
      expect(text).not.toContain(key);
      expect(text).not.toContain("sk-upstream");
    });

    it("refuses with the statuses of SPEC 7", async () => {
      const narrow = await createKey(base, gw.managementKey, { name: "narrow", models: ["gpt-4o-mini"] });
      const c = new OpenAI({ baseURL: `${base}/v1`, apiKey: narrow.key, maxRetries: 0 });
      await expect(c.chat.completions.create({ model: "openai/gpt-4o", messages: [{ role: "user", content: "hi" }] })).rejects.toMatchObject({ status: 403, code: "model_not_allowed" });
      const wrongKind = c.chat.completions.create({ model: "openai/text-embedding-3-small", messages: [{ role: "user", content: "hi" }] });
      await expect(wrongKind).rejects.toMatchObject({ status: 400, code: "wrong_endpoint_for_model" });
      await expect(wrongKind).rejects.toThrow(/\/v1\/embeddings/);
      await expect(client.chat.completions.create({ model: "deepseek/deepseek-v4-pro", messages: [{ role: "user", content: "hi" }] })).rejects.toMatchObject({ status: 503 });
      const mgmtAsInference = new OpenAI({ baseURL: `${base}/v1`, apiKey: gw.managementKey, maxRetries: 0 });
      await expect(mgmtAsInference.chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: "hi" }] })).rejects.toMatchObject({ status: 403 });
      const inferenceOnMgmt = await fetch(`${base}/v1/management/keys`, { headers: { authorization: `Bearer ${key}` } });
      expect(inferenceOnMgmt.status).toBe(403);
      const wrongMethod = await fetch(`${base}/v1/models`, { method: "POST", headers: { authorization: `Bearer ${key}` } });
      expect(wrongMethod.status).toBe(405);
      expect(wrongMethod.headers.get("allow")).toBe("GET");
      const nowhere = await json(await fetch(`${base}/v1/nothing-here`, { headers: { authorization: `Bearer ${key}` } }));
      expect(nowhere).toMatchObject({ status: 404, body: { error: { code: "not_found", type: "invalid_request_error" } } });
      const badJson = await json(await fetch(`${base}/v1/chat/completions`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: "{nope" }));
      expect(badJson).toMatchObject({ status: 400, body: { error: { code: "invalid_json" } } });
      const capped = await createKey(base, gw.managementKey, { name: "capped", limits: { monthly_budget_micros: 1 } });
      const cc = new OpenAI({ baseURL: `${base}/v1`, apiKey: capped.key, maxRetries: 0 });
      await expect(cc.chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: "hi" }] })).rejects.toMatchObject({ status: 402, code: "key_monthly_budget_exhausted" });
      // the refusal is explained: /v1/key answers for a key with nothing left, limit paired with its window
      const cappedKey = await json(await fetch(`${base}/v1/key`, { headers: { authorization: `Bearer ${capped.key}` } }));
      expect(cappedKey.body.budgets).toMatchObject({ monthly: { limit_micros: 1, used_micros: 0, remaining_micros: 1 } });
    });

    it("streams a long conversation: the provider gets the client's body with only the model and the usage request set", async () => {
      const turn = (i: number) => `tour ${i}: ${"le café coûte 2 € — ✓ 😀 \"cité\"\n".repeat(300)}`;
      const messages = Array.from({ length: 20 }, (_, i) => ({ role: (i % 2 ? "assistant" : "user") as "assistant" | "user", content: turn(i) }));
      // a key of its own: the ledger and metrics tests above count this key's calls
      const own = new OpenAI({ baseURL: `${base}/v1`, apiKey: (await createKey(base, gw.managementKey, { name: "long" })).key, maxRetries: 0 });
      const stream = await own.chat.completions.create({ model: "openai/gpt-4o", stream: true, temperature: 0.5, messages });
      let text = "";
      for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? "";
      expect(text).toBe("The capital of the UK is London.");
      const upstream = mock.requests.at(-1)!;
      expect(upstream.bodyBytes.length).toBeGreaterThan(200_000);
      expect(upstream.headers["content-length"]).toBe(String(upstream.bodyBytes.length));
      expect(upstream.json).toEqual({ model: "gpt-4o", stream: true, temperature: 0.5, messages, stream_options: { include_usage: true } });
    });

    it("rate limits: each replica enforces its share of the plan and answers 429 with Retry-After", async () => {
      const replicas = gw.baseUrls.length;
      for (const dp of gw.dataPlanes) await eventually(async () => expect(dp.deps.store.replicaCount).toBe(replicas));
      const limited = await createKey(base, gw.managementKey, { name: "limited", limits: { requests_per_minute: 4 } });
      const share = Math.floor(4 / replicas);
      const c = new OpenAI({ baseURL: `${base}/v1`, apiKey: limited.key, maxRetries: 0 });
      for (let i = 0; i < share; i++) await c.chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: "hi" }] });
      const res = await fetch(`${base}/v1/chat/completions`, {
        method: "POST",
        headers: { authorization: `Bearer ${limited.key}`, "content-type": "application/json" },
        body: JSON.stringify({ model: "gpt-4o", messages: [{ role: "user", content: "hi" }] }),
      });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(res.headers.get("x-ratelimit-limit-requests")).toBe(String(share));
      expect(res.headers.get("x-ratelimit-remaining-requests")).toBe("0");
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("rate_limit_exceeded");
      // /v1/key and /v1/credits are never rate-limited
      expect((await fetch(`${base}/v1/key`, { headers: { authorization: `Bearer ${limited.key}` } })).status).toBe(200);
    });

    it("GET /status: public, cross-origin, turns degraded when the provider fails", async () => {
      const first = await fetch(`${base}/status`, { headers: { origin: "https://example.test" } });
      expect(first.status).toBe(200);
      expect(first.headers.get("access-control-allow-origin")).toBe("*");
      const before = (await first.json()) as { status: string; providers: { slug: string; status: string; sample: string }[] };
      expect(before.status).toBe("ok");
      expect(before.providers.find((p) => p.slug === "openai")).toMatchObject({ status: "ok", sample: "low" });
      expect(before.providers.find((p) => p.slug === "deepseek")).toMatchObject({ status: "unknown", sample: "none" });
      expect(JSON.stringify(before)).not.toMatch(/gpt-4o|"count"|"total"/);
      // /v1 is never cross-origin
      const models = await fetch(`${base}/v1/models`, { headers: { authorization: `Bearer ${key}`, origin: "https://example.test" } });
      expect(models.headers.get("access-control-allow-origin")).toBeNull();

      mock.failNext(500, { error: { message: "boom", type: "server_error" } }, { times: 6 });
      for (let i = 0; i < 6; i++) {
        await expect(client.chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: "hi" }] })).rejects.toMatchObject({ status: 502, code: "upstream_error" });
      }
      await eventually(async () => {
        const after = (await (await fetch(`${base}/status`)).json()) as { status: string; providers: { slug: string; status: string }[] };
        expect(after.status).toBe("degraded");
        expect(after.providers.find((p) => p.slug === "openai")?.status).toBe("degraded");
      });
    });

    it("a revoked key is refused on every replica within a second", async () => {
      const victim = await createKey(base, gw.managementKey, { name: "victim" });
      for (const b of gw.baseUrls) {
        await eventually(async () => expect((await fetch(`${b}/v1/key`, { headers: { authorization: `Bearer ${victim.key}` } })).status).toBe(200));
      }
      const del = await fetch(`${base}/v1/key`, { method: "DELETE", headers: { authorization: `Bearer ${victim.key}` } });
      expect(del.status).toBe(200);
      const again = await fetch(`${base}/v1/key`, { method: "DELETE", headers: { authorization: `Bearer ${victim.key}` } });
      expect(again.status).toBe(200);
      const revokedAt = Date.now();
      for (const b of gw.baseUrls) {
        await eventually(async () => {
          const c = new OpenAI({ baseURL: `${b}/v1`, apiKey: victim.key, maxRetries: 0 });
          await expect(c.chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: "hi" }] })).rejects.toMatchObject({ status: 401 });
        }, 1_000);
      }
      expect(Date.now() - revokedAt).toBeLessThan(1_000);
    });
  });
}
