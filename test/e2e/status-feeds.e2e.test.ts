import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalog } from "../../catalog/src/index.ts";
import { feedEnvVar } from "../../controlplane/src/services/status-feeds/index.ts";
import { eventually, startEmbeddedGateway, type TestGateway } from "../harness/gateway.ts";
import { startMockUpstream, type MockUpstream } from "../harness/mock-upstream.ts";

/** GET /status with the providers' own Statuspage feeds (served locally here): rules 2–4 of SPEC 2.3. */
describe("GET /status with provider status feeds", () => {
  let mock: MockUpstream;
  let gw: TestGateway;
  let feeds: Server;
  let base: string;

  beforeAll(async () => {
    feeds = createServer((req, res) => {
      const indicator = req.url === "/deepseek" ? "major" : req.url === "/groq" ? "none" : undefined;
      if (!indicator) return void res.writeHead(500).end("<html>oops</html>");
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ page: { id: "x" }, status: { indicator, description: "…" } }));
    });
    await new Promise<void>((r) => feeds.listen(0, "127.0.0.1", r));
    const port = (feeds.address() as { port: number }).port;
    // every feed off but three local ones: nothing leaves this machine
    const env: Record<string, string> = { SVC_STATUS_FEEDS: "on" };
    for (const ns of loadCatalog().providers.keys()) env[feedEnvVar(ns)] = "";
    env[feedEnvVar("deepseek")] = `http://127.0.0.1:${port}/deepseek`;
    env[feedEnvVar("groq")] = `http://127.0.0.1:${port}/groq`;
    env[feedEnvVar("mistral")] = `http://127.0.0.1:${port}/broken`;
    mock = await startMockUpstream();
    gw = await startEmbeddedGateway(mock, env);
    base = gw.baseUrls[0]!;
  });
  afterAll(async () => {
    await gw?.close();
    await mock?.close();
    await new Promise((r) => feeds?.close(r));
  });

  it("a provider with no traffic that reports an outage degrades the whole; a broken feed is null, never a degradation", async () => {
    await eventually(async () => {
      const s = (await (await fetch(`${base}/status`)).json()) as { status: string; providers: { slug: string; status: string; sample: string; reportedStatus: string | null; statusPage: string | null }[] };
      const by = (slug: string) => s.providers.find((p) => p.slug === slug);
      expect(by("deepseek")).toMatchObject({ status: "unknown", sample: "none", reportedStatus: "partial_outage" });
      expect(by("groq")).toMatchObject({ status: "unknown", reportedStatus: "operational" });
      expect(by("mistral")).toMatchObject({ status: "unknown", reportedStatus: null });
      expect(by("openai")?.statusPage).toMatch(/^https:\/\//);
      expect(s.status).toBe("degraded");
    }, 5_000, 100);
  });
});
