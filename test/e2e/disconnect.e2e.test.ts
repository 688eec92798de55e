import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKey, eventually, startEmbeddedGateway, type TestGateway } from "../harness/gateway.ts";
import { startMockUpstream, type MockUpstream } from "../harness/mock-upstream.ts";

/** A client that walks away mid-stream: its reservation is released and it pays for what it received. */
describe("client disconnect mid-stream", () => {
  let mock: MockUpstream;
  let gw: TestGateway;
  let base: string;
  let key: string;

  beforeAll(async () => {
    mock = await startMockUpstream();
    mock.setStreamShape({ chunks: 200, delayMs: 10 });
    gw = await startEmbeddedGateway(mock);
    base = gw.baseUrls[0]!;
    key = (await createKey(base, gw.managementKey, {})).key;
  });
  afterAll(async () => {
    await gw?.close();
    await mock?.close();
  });

  const credits = async () => ((await (await fetch(`${base}/v1/credits`, { headers: { authorization: `Bearer ${key}` } })).json()) as { available_micros: number }).available_micros;

  it("releases the reservation, stops the upstream, and bills the estimate of what was streamed", async () => {
    const tracker = gw.dataPlanes[0]!.deps.tracker;
    const before = await credits();
    const abort = new AbortController();
    const res = await fetch(`${base}/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "gpt-4o", stream: true, max_tokens: 1000, messages: [{ role: "user", content: "talk" }] }),
      signal: abort.signal,
    });
    const reader = res.body!.getReader();
    let received = 0;
    while (received < 5) {
      const { value } = await reader.read();
      received += (new TextDecoder().decode(value).match(/^data: /gm) ?? []).length;
    }
    // mid-stream: the reservation (1000 output tokens at $10/Mtok = 10,000 micro-USD and more) is held
    expect(tracker.openReservations).toBe(1);
    expect(before - (await credits())).toBeGreaterThanOrEqual(10_000);
    abort.abort();
    await eventually(async () => expect(tracker.openReservations).toBe(0));
    // billed: the prompt estimate plus one token per event received, far below the reservation
    await eventually(async () => {
      const spent = before - (await credits());
      expect(spent).toBeGreaterThan(0);
      expect(spent).toBeLessThan(10_000);
    });
  });
});
