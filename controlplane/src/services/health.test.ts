import { describe, expect, it } from "vitest";
import { LOW_SAMPLE_BELOW, observedStatus, sampleOf, statusPayload, type ProviderTraffic } from "./health.ts";

const quiet = undefined;
const healthy: ProviderTraffic = { total: 40, failures: 2 };
const failing: ProviderTraffic = { total: 40, failures: 20 };
const fewFailing: ProviderTraffic = { total: 4, failures: 3 };
const fewHealthy: ProviderTraffic = { total: 4, failures: 0 };

describe("provider verdicts (SPEC 2.3)", () => {
  // observed traffic × the provider's own report → provider status, sample, aggregate
  it.each([
    ["no traffic, no feed", quiet, null, "unknown", "none", "ok"],
    ["no traffic, reports operational", quiet, "operational", "unknown", "none", "ok"],
    ["no traffic, reports an outage", quiet, "major_outage", "unknown", "none", "degraded"],
    ["healthy traffic, no feed", healthy, null, "ok", "normal", "ok"],
    ["healthy traffic wins over a reported outage", healthy, "major_outage", "ok", "normal", "ok"],
    ["failing traffic, no feed", failing, null, "degraded", "normal", "degraded"],
    ["failing traffic wins over a report of operational", failing, "operational", "degraded", "normal", "degraded"],
    ["few requests, mostly failing", fewFailing, null, "degraded", "low", "degraded"],
    ["few requests, healthy", fewHealthy, "partial_outage", "ok", "low", "ok"],
  ])("%s", (_, traffic, reported, status, sample, aggregate) => {
    const p = statusPayload([{ slug: "acme", statusPage: "https://status.acme.test", reportedStatus: reported }], new Map(traffic ? [["acme", traffic]] : []));
    expect(p).toEqual({ status: aggregate, windowMinutes: 15, providers: [{ slug: "acme", status, sample, reportedStatus: reported, statusPage: "https://status.acme.test" }] });
  });

  it("one degraded provider degrades the whole; unknown alone does not", () => {
    const providers = [
      { slug: "a", statusPage: null, reportedStatus: null },
      { slug: "b", statusPage: null, reportedStatus: null },
    ];
    expect(statusPayload(providers, new Map([["a", healthy]])).status).toBe("ok");
    expect(statusPayload(providers, new Map([["a", healthy], ["b", failing]])).status).toBe("degraded");
  });

  it.each([
    [0, "none"],
    [1, "low"],
    [LOW_SAMPLE_BELOW - 1, "low"],
    [LOW_SAMPLE_BELOW, "normal"],
  ])("sample of %d requests is %s", (total, sample) => {
    expect(sampleOf({ total, failures: 0 })).toBe(sample);
  });

  it("the threshold: a quarter of requests failing is degraded", () => {
    expect(observedStatus({ total: 100, failures: 24 })).toBe("ok");
    expect(observedStatus({ total: 100, failures: 25 })).toBe("degraded");
  });
});
