import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKey, startEmbeddedGateway, type TestGateway } from "../harness/gateway.ts";
import { startMockUpstream, type MockUpstream } from "../harness/mock-upstream.ts";

const CHROMIUM = "/usr/bin/chromium";
// CI installs Debian's chromium (.ci/run); elsewhere the check runs when it is there
const runIt = existsSync(CHROMIUM) || process.env.REQUIRE_SERVICES === "1";

/** SPEC 1.8 in a real browser: a page on another origin can read GET /status and cannot call /v1. */
describe.skipIf(!runIt)("cross-origin access from a browser (headless Chromium)", () => {
  let mock: MockUpstream;
  let gw: TestGateway;
  let page: Server;
  let pageUrl: string;
  const profile = mkdtempSync(join(tmpdir(), "chromium-"));

  beforeAll(async () => {
    mock = await startMockUpstream();
    gw = await startEmbeddedGateway(mock);
    const base = gw.baseUrls[0]!;
    const { key } = await createKey(base, gw.managementKey, {});
    const html = `<!doctype html><body><script>
      (async () => {
        const out = {};
        try { const r = await fetch(${JSON.stringify(`${base}/status`)}); out.status = r.status; out.aggregate = (await r.json()).status; } catch (e) { out.status = "blocked"; }
        try { const r = await fetch(${JSON.stringify(`${base}/v1/models`)}, { headers: { authorization: ${JSON.stringify(`Bearer ${key}`)} } }); out.models = r.status; } catch (e) { out.models = "blocked"; }
        try { const r = await fetch(${JSON.stringify(`${base}/v1/credits`)}); out.simple = r.status; } catch (e) { out.simple = "blocked"; }
        document.body.setAttribute("data-result", JSON.stringify(out));
      })();
    </script></body>`;
    page = createServer((_, res) => res.writeHead(200, { "content-type": "text/html" }).end(html));
    await new Promise<void>((r) => page.listen(0, "127.0.0.1", r));
    // another origin: same host, another port
    pageUrl = `http://127.0.0.1:${(page.address() as { port: number }).port}/`;
  });
  afterAll(async () => {
    await gw?.close();
    await mock?.close();
    await new Promise((r) => page?.close(r));
    rmSync(profile, { recursive: true, force: true });
  });

  it("reads /status; /v1/models and /v1/credits are blocked by the browser", async () => {
    const { stdout } = await promisify(execFile)(
      CHROMIUM,
      ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", `--user-data-dir=${profile}`, "--virtual-time-budget=10000", "--dump-dom", pageUrl],
      { timeout: 60_000 },
    );
    const m = /data-result="([^"]*)"/.exec(stdout);
    expect(m, stdout.slice(0, 500)).not.toBeNull();
    const result = JSON.parse(m![1]!.replaceAll("&quot;", '"')) as Record<string, unknown>;
    expect(result).toEqual({ status: 200, aggregate: "ok", models: "blocked", simple: "blocked" });
  }, 90_000);
});
