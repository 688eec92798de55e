import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { route, startFeedServer, statusBody, type FeedServer } from "./feed-server.test-helper.ts";
import { MAX_BODY_BYTES } from "./fetch-feed.ts";
import { StatusFeedPoller, type StatusFeedPollerOptions } from "./poller.ts";

// Short everything: no test here should take more than a few hundred milliseconds.
const FAST = { intervalMs: 20, timeoutMs: 150 } as const;

let server: FeedServer;
const pollers: StatusFeedPoller[] = [];

// Node loads its fetch on first use (tens of ms); paid here, not inside the timing of a test below.
beforeAll(async () => {
  const warm = await startFeedServer({ "/": route.indicator("none") });
  await (await fetch(warm.url("/"))).text();
  await warm.close();
});

beforeEach(async () => {
  server = await startFeedServer();
});

afterEach(async () => {
  for (const p of pollers.splice(0)) p.stop();
  vi.useRealTimers();
  await server.close();
});

function poller(opts: StatusFeedPollerOptions): StatusFeedPoller {
  const p = new StatusFeedPoller(opts);
  pollers.push(p);
  return p;
}

/** Feeds named by path, so a case reads as "/minor" → "degraded_performance". */
const feedsAt = (...paths: string[]) => paths.map((path) => ({ slug: path.slice(1), url: server.url(path) }));

describe("StatusFeedPoller against a local status server", () => {
  it("reads each kind of answer, and every failure is null with a short reason", async () => {
    const cases: [path: string, serve: Parameters<FeedServer["set"]>[1], reported: string | null, reason: string | null][] = [
      ["/none", route.indicator("none"), "operational", null],
      ["/minor", route.indicator("minor"), "degraded_performance", null],
      ["/critical", route.indicator("critical"), "major_outage", null],
      ["/maintenance", route.indicator("maintenance"), "under_maintenance", null],
      ["/moved", route.redirect("/minor", 301), "degraded_performance", null],
      ["/error", route.status(500), null, "http 500"],
      ["/html", route.html(), null, "unreadable"],
      ["/garbage", route.json("}{"), null, "unreadable"],
      ["/unknown-indicator", route.indicator("catastrophic"), null, "unreadable"],
      ["/too-big-declared", route.big(MAX_BODY_BYTES, true), null, "body too large"],
      ["/too-big-streamed", route.big(MAX_BODY_BYTES, false), null, "body too large"],
      ["/loop", route.redirect("/loop"), null, "too many redirects"],
      ["/to-ftp", route.redirect("ftp://127.0.0.1/status.json"), null, "bad redirect"],
      ["/never-answers", route.hang(), null, "timeout"],
      ["/missing", route.status(404), null, "http 404"],
    ];
    for (const [path, serve] of cases) server.set(path, serve);
    const errors = new Map<string, string>();
    // a roomier timeout: fifteen feeds at once, one of them four requests long
    const p = poller({ intervalMs: 60_000, timeoutMs: 500, feeds: feedsAt(...cases.map(([path]) => path)), onError: (slug, why) => errors.set(slug, why) });

    await p.start();

    for (const [path, , reported, reason] of cases) {
      expect.soft(p.reported(path.slice(1)), path).toBe(reported);
      expect.soft(errors.get(path.slice(1)) ?? null, path).toBe(reason);
    }
    expect(p.reported("not-a-feed")).toBeNull();
    expect(server.hits("/loop")).toBe(4); // the first request and three redirects
  });

  it("a feed that never answers delays no other feed, and is null after its timeout", async () => {
    server.set("/never-answers", route.hang());
    server.set("/ok", route.indicator("none"));
    const p = poller({ intervalMs: 60_000, timeoutMs: 400, feeds: feedsAt("/never-answers", "/ok") });
    const started = Date.now();
    const firstRound = p.start();

    await vi.waitFor(() => expect(p.reported("ok")).toBe("operational"), { timeout: 300, interval: 5 });
    expect(Date.now() - started).toBeLessThan(300);

    await firstRound;
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    expect(p.reported("never-answers")).toBeNull();
    expect(p.reported("ok")).toBe("operational");
  });

  it.each([
    ["an error status", route.status(503), "http 503"],
    ["garbage", route.json("<html>"), "unreadable"],
    ["a hang", route.hang(), "timeout"],
    ["a 404", route.status(404), "http 404"],
  ])("a good feed that turns to %s is null from the next poll", async (_, bad, reason) => {
    server.set("/feed", route.indicator("major"));
    const errors: string[] = [];
    const p = poller({ ...FAST, feeds: feedsAt("/feed"), onError: (_slug, why) => errors.push(why) });
    await p.start();
    expect(p.reported("feed")).toBe("partial_outage");

    server.set("/feed", bad);
    await vi.waitFor(() => expect(p.reported("feed")).toBeNull(), { timeout: 1_000, interval: 5 });
    expect(errors[0]).toBe(reason);

    // and back: a feed that recovers is read again
    server.set("/feed", route.indicator("none"));
    await vi.waitFor(() => expect(p.reported("feed")).toBe("operational"), { timeout: 1_000, interval: 5 });
  });

  it("reports a failure once per change, not on every poll", async () => {
    server.set("/feed", route.status(500));
    const errors: string[] = [];
    const p = poller({ ...FAST, feeds: feedsAt("/feed"), onError: (slug, why) => errors.push(`${slug}: ${why}`) });
    await p.start();
    await vi.waitFor(() => expect(server.hits("/feed")).toBeGreaterThanOrEqual(4), { timeout: 1_000, interval: 5 });
    server.set("/feed", route.status(502));
    await vi.waitFor(() => expect(errors).toHaveLength(2), { timeout: 1_000, interval: 5 });
    expect(errors).toEqual(["feed: http 500", "feed: http 502"]);
  });

  it("a report older than maxAgeMs is null (injected clock)", async () => {
    server.set("/feed", route.indicator("minor"));
    let now = 1_000_000;
    // a long interval: the first poll is the only one, so only the clock moves
    const p = poller({ intervalMs: 60_000, timeoutMs: 150, maxAgeMs: 600_000, now: () => now, feeds: feedsAt("/feed") });
    await p.start();
    expect(p.reported("feed")).toBe("degraded_performance");
    now += 600_000;
    expect(p.reported("feed")).toBe("degraded_performance");
    now += 1;
    expect(p.reported("feed")).toBeNull();
  });

  it("never has two polls of one feed open at once, even when a poll outlasts the interval", async () => {
    const seen = { open: 0, maxOpen: 0, total: 0 };
    server.set("/slow", route.slow(60, statusBody("none"), seen));
    const p = poller({ intervalMs: 1, timeoutMs: 1_000, feeds: feedsAt("/slow") });
    void p.start();
    await vi.waitFor(() => expect(seen.total).toBeGreaterThanOrEqual(4), { timeout: 2_000, interval: 5 });
    expect(seen.maxOpen).toBe(1);
  });

  it("stop() cancels the request in flight and polls no more", async () => {
    server.set("/never-answers", route.hang());
    server.set("/ok", route.indicator("none"));
    const p = poller({ intervalMs: 10, timeoutMs: 5_000, feeds: feedsAt("/never-answers", "/ok") });
    const gone = server.closed("/never-answers");
    const firstRound = p.start();
    await vi.waitFor(() => expect(server.hits("/never-answers")).toBe(1), { timeout: 500, interval: 5 });

    p.stop();
    await gone; // the client hung up rather than waiting out its 5 s timeout
    await firstRound;
    const hits = server.hits("/ok");
    await new Promise((r) => setTimeout(r, 60));
    expect(server.hits("/ok")).toBe(hits);
  });
});

describe("StatusFeedPoller and the process", () => {
  // The real thing the timer test stands for: a process that stops its poller mid-request ends at once,
  // rather than when that request's 30 s timeout would have fired.
  it("a process exits promptly after stop(), even with a request in flight", async () => {
    server.set("/never-answers", route.hang());
    const script = `
      const { StatusFeedPoller } = await import(${JSON.stringify(fileURLToPath(new URL("./poller.ts", import.meta.url)))});
      const p = new StatusFeedPoller({ feeds: [{ slug: "x", url: process.env.FEED_URL }], intervalMs: 10, timeoutMs: 30000 });
      void p.start();
      setTimeout(() => p.stop(), 300);
    `;
    const started = Date.now();
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      env: { ...process.env, FEED_URL: server.url("/never-answers") },
      stdio: ["ignore", "ignore", "inherit"],
    });
    const code = await new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c)));
    expect(code).toBe(0);
    expect(server.hits("/never-answers")).toBe(1);
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 15_000);
});

describe("StatusFeedPoller timers", () => {
  const okFetch: typeof fetch = async () => new Response(statusBody("none"), { headers: { "content-type": "application/json" } });
  // Honours its signal like the real fetch, but never answers otherwise.
  const hangingFetch: typeof fetch = (_input, init) =>
    new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(new Error("aborted")), { once: true }));

  it("stop() leaves no timer behind, whether idle between polls or mid-request", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });

    const idle = poller({ feeds: [{ slug: "a", url: "https://status.a.test/api/v2/status.json" }], fetchImpl: okFetch });
    await idle.start();
    expect(idle.reported("a")).toBe("operational");
    expect(vi.getTimerCount()).toBe(1); // the next poll; the request's timeout is gone
    idle.stop();
    expect(vi.getTimerCount()).toBe(0);

    const busy = poller({ feeds: [{ slug: "b", url: "https://status.b.test/api/v2/status.json" }], fetchImpl: hangingFetch });
    const firstRound = busy.start();
    expect(vi.getTimerCount()).toBe(1); // the request's timeout
    busy.stop();
    expect(vi.getTimerCount()).toBe(0);
    await firstRound; // settles at once: stop() aborted the request
    expect(vi.getTimerCount()).toBe(0);
    expect(busy.reported("b")).toBeNull();
  });

  it("times out a fetchImpl that ignores its signal", async () => {
    const deaf: typeof fetch = () => new Promise(() => {});
    const p = poller({ timeoutMs: 30, intervalMs: 60_000, feeds: [{ slug: "c", url: "https://status.c.test/api/v2/status.json" }], fetchImpl: deaf });
    await p.start();
    expect(p.reported("c")).toBeNull();
  });

  it("start() twice is one run", async () => {
    const calls: string[] = [];
    const counting: typeof fetch = async (input, init) => {
      calls.push(String(input));
      return okFetch(input, init);
    };
    const p = poller({ intervalMs: 60_000, feeds: [{ slug: "d", url: "https://status.d.test/api/v2/status.json" }], fetchImpl: counting });
    await Promise.all([p.start(), p.start()]);
    expect(calls).toHaveLength(1);
  });

  it("refuses a feed listed twice and nonsense durations", () => {
    const feed = { slug: "e", url: "https://status.e.test/api/v2/status.json" };
    expect(() => new StatusFeedPoller({ feeds: [feed, feed] })).toThrow(/given twice/);
    expect(() => new StatusFeedPoller({ feeds: [], intervalMs: 0 })).toThrow(/intervalMs/);
    expect(() => new StatusFeedPoller({ feeds: [], timeoutMs: Number.NaN })).toThrow(/timeoutMs/);
  });
});
