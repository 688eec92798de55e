import { Counter, Histogram, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { LATENCY_BUCKETS_MS, RequestStats, type RequestOutcome } from "./request-stats.ts";

/** The same metrics as prom-client's own classes, fed the same requests: what Prometheus read before. */
function promClientReference(outcomes: [string, string, RequestOutcome][]): Registry {
  const registry = new Registry();
  const requests = new Counter({ name: "svc_requests_total", help: "Admitted inference requests by route, HTTP status and provider", labelNames: ["route", "status", "provider"], registers: [registry] });
  const overhead = new Histogram({ name: "svc_gateway_overhead_ms", help: "Time the gateway itself added to a request (total minus upstream), ms", labelNames: ["route"], buckets: LATENCY_BUCKETS_MS, registers: [registry] });
  const upstream = new Histogram({ name: "svc_upstream_ms", help: "Time spent waiting on the provider, ms", labelNames: ["provider"], buckets: LATENCY_BUCKETS_MS, registers: [registry] });
  const tokens = new Counter({ name: "svc_tokens_total", help: "Tokens metered, by provider and direction", labelNames: ["provider", "direction"], registers: [registry] });
  const cost = new Counter({ name: "svc_cost_micros_total", help: "Cost metered, micro-USD, by provider", labelNames: ["provider"], registers: [registry] });
  for (const [route, provider, o] of outcomes) {
    requests.inc({ route, status: String(o.status), provider });
    upstream.observe({ provider }, o.upstreamMs);
    overhead.observe({ route }, o.overheadMs);
    if (o.inputTokens) tokens.inc({ provider, direction: "input" }, o.inputTokens);
    if (o.outputTokens) tokens.inc({ provider, direction: "output" }, o.outputTokens);
    if (o.costMicros > 0) cost.inc({ provider }, o.costMicros);
  }
  return registry;
}

const outcome = (status: number, upstreamMs: number, overheadMs: number, inputTokens = 0, outputTokens = 0, costMicros = 0): RequestOutcome => ({ status, upstreamMs, overheadMs, inputTokens, outputTokens, costMicros });

describe("RequestStats", () => {
  it("exposes exactly what prom-client's counters and histograms exposed for the same requests", async () => {
    const outcomes: [string, string, RequestOutcome][] = [
      ["/v1/chat/completions", "openai", outcome(200, 0.3, 0.1, 14, 7, 105)],
      ["/v1/chat/completions", "openai", outcome(200, 2.5, 0.25, 78, 20, 400)],
      ["/v1/chat/completions", "anthropic", outcome(502, 61_000, 3, 0, 0, 0)],
      ["/v1/messages", "anthropic", outcome(200, 12, 0.5, 100, 0, 300)],
      ["/v1/embeddings", "openai", outcome(429, 0, 0, 0, 0, 0)],
      ["/v1/chat/completions", "openai", outcome(499, 1_000, 60_000, 5, 1, 2)],
    ];
    const stats = new RequestStats();
    const ours = new Registry();
    stats.register(ours);
    for (const [route, provider, o] of outcomes) stats.forRequest(route, provider).record(o);
    const reference = await promClientReference(outcomes).metrics();
    const text = await ours.metrics();
    // the same families in the same order, with the same samples (the order of series inside a family is free)
    const families = (t: string) => t.split("\n").filter((l) => l.startsWith("#"));
    expect(families(text)).toEqual(families(reference));
    expect(text.split("\n").sort()).toEqual(reference.split("\n").sort());
    expect(text).toContain('svc_upstream_ms_bucket{le="+Inf",provider="anthropic"} 2');
  });

  it("hands the same counts to every request of a route and provider, and starts empty", async () => {
    const stats = new RequestStats();
    const registry = new Registry();
    stats.register(registry);
    expect(await registry.metrics()).toBe(await promClientReference([]).metrics());
    expect(stats.forRequest("/v1/chat/completions", "openai")).toBe(stats.forRequest("/v1/chat/completions", "openai"));
    stats.forRequest("/v1/chat/completions", "openai").record(outcome(200, 1, 1));
    stats.forRequest("/v1/chat/completions", "openai").record(outcome(200, 1, 1));
    expect(await registry.metrics()).toContain('svc_requests_total{route="/v1/chat/completions",status="200",provider="openai"} 2');
  });
});
