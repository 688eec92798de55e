import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalog } from "../../catalog/src/index.ts";
import { worstCaseMicros } from "../../dataplane/src/metering/cost.ts";
import { createKey, eventually, startEmbeddedGateway, type TestGateway } from "../harness/gateway.ts";
import { startMockUpstream, type MockUpstream } from "../harness/mock-upstream.ts";

/** Concurrent requests cannot slip past a budget: each in-flight request holds its worst case. */
describe("budgets under concurrency", () => {
  let mock: MockUpstream;
  let gw: TestGateway;
  let base: string;

  beforeAll(async () => {
    mock = await startMockUpstream();
    mock.setStreamShape({ chunks: 40, delayMs: 25 }); // ~1 s per answer: all requests overlap
    gw = await startEmbeddedGateway(mock);
    base = gw.baseUrls[0]!;
  });
  afterAll(async () => {
    await gw?.close();
    await mock?.close();
  });

  it("of 12 simultaneous streams, exactly as many as the budget covers at worst case are admitted", async () => {
    const body = JSON.stringify({ model: "openai/gpt-4o", stream: true, max_tokens: 100, messages: [{ role: "user", content: "count to forty" }] });
    const worst = worstCaseMicros(loadCatalog().resolve("openai/gpt-4o")!, Buffer.byteLength(body), 100);
    const { key } = await createKey(base, gw.managementKey, { limits: { monthly_budget_micros: 3 * worst + worst - 1 } });
    const send = () =>
      fetch(`${base}/v1/chat/completions`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body }).then(async (r) => {
        await r.text();
        return r.status;
      });
    const statuses = await Promise.all(Array.from({ length: 12 }, send));
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 402)).toHaveLength(9);
    // every reservation released; what was spent is the actual cost, far under the budget
    expect(gw.dataPlanes[0]!.deps.tracker.openReservations).toBe(0);
    await eventually(async () => {
      const me = (await (await fetch(`${base}/v1/key`, { headers: { authorization: `Bearer ${key}` } })).json()) as { spend_this_month_micros: number };
      expect(me.spend_this_month_micros).toBeGreaterThan(0);
      expect(me.spend_this_month_micros).toBeLessThan(3 * worst);
    });
  });
});
