import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import type { DB } from "../db/schema.ts";
import { createStatusHandler } from "./status-route.ts";

const get = { method: "GET", path: "/status", query: "", headers: {}, body: new Uint8Array() };
const providers = [{ slug: "acme", statusPage: "https://status.acme.test" }];
const db = {} as Kysely<DB>;

describe("GET /status handler", () => {
  it("answers from the last verdict within its bound when the database hangs", async () => {
    let calls = 0;
    const handler = createStatusHandler({
      db,
      providers,
      loadTraffic: () => (++calls === 1 ? Promise.resolve(new Map([["acme", { total: 40, failures: 30 }]])) : new Promise(() => undefined)),
    });
    const first = JSON.parse((await handler(get)).body) as { status: string };
    expect(first.status).toBe("degraded");
    const started = Date.now();
    const second = await handler(get);
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(second.status).toBe(200);
    expect(JSON.parse(second.body)).toEqual(first);
  });

  it("a failing database still answers, every provider unknown before any verdict", async () => {
    const handler = createStatusHandler({ db, providers, loadTraffic: () => Promise.reject(new Error("connection refused")) });
    const res = await handler(get);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ status: "ok", windowMinutes: 15, providers: [{ slug: "acme", status: "unknown", sample: "none", reportedStatus: null, statusPage: "https://status.acme.test" }] });
  });

  it("CORS on the answer and on the preflight; other methods 405", async () => {
    const handler = createStatusHandler({ db, providers, loadTraffic: async () => new Map() });
    expect((await handler(get)).headers["access-control-allow-origin"]).toBe("*");
    const preflight = await handler({ ...get, method: "OPTIONS", headers: { origin: "https://a.test", "access-control-request-method": "GET" } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers).toMatchObject({ "access-control-allow-origin": "*", "access-control-allow-methods": "GET, HEAD, OPTIONS" });
    expect((await handler({ ...get, method: "POST" })).status).toBe(405);
  });
});
