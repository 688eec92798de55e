import { createServer } from "node:net";
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { eventually, useEmbeddedGateway } from "../harness/gateway.ts";

/** A port nothing listens on: connecting to it is refused at once. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const { port } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return port;
}

const port = await closedPort();

/** A call that reaches no provider (connection refused) is answered 502 and costs the client nothing. */
describe("an unreachable provider", () => {
  const g = useEmbeddedGateway({ env: { OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1` } });
  const get = async (path: string) => (await fetch(`${g.base}${path}`, { headers: { authorization: `Bearer ${g.key}` } })).json() as Promise<Record<string, number>>;

  it("answers 502 upstream_error, bills nothing, and releases the reservation", async () => {
    const before = await get("/v1/credits");
    const client = new OpenAI({ baseURL: `${g.base}/v1`, apiKey: g.key, maxRetries: 0 });
    const err = await client.chat.completions.create({ model: "openai/gpt-4o", messages: [{ role: "user", content: "hi" }] }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 502, code: "upstream_error" });
    const streamErr = await client.chat.completions.create({ model: "openai/gpt-4o", stream: true, messages: [{ role: "user", content: "hi" }] }).catch((e: unknown) => e);
    expect(streamErr).toMatchObject({ status: 502, code: "upstream_error" });
    const embedErr = await client.embeddings.create({ model: "openai/text-embedding-3-small", input: "hi" }).catch((e: unknown) => e);
    expect(embedErr).toMatchObject({ status: 502, code: "upstream_error" });
    // the usage events (cost 0) are applied, and nothing was taken from the credit or the key
    await eventually(async () => {
      expect((await get("/v1/key")).spend_this_month_micros).toBe(0);
      expect((await get("/v1/credits")).available_micros).toBe(before.available_micros);
      expect(g.gw.dataPlanes[0]!.deps.tracker.openReservations).toBe(0);
    });
  });
});
