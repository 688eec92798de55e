import { describe, expect, it } from "vitest";
import { LOW_SAMPLE_BELOW, observedStatus, sampleOf, statusPayload, type ProviderTraffic } from "./health.ts";

const quiet = undefined;
const healthy: ProviderTraffic = { total: 40, failures: 2 };
const failing: ProviderTraffic = { total: 40, failures: 20 };
const fewFailing: ProviderTraffic = { total: 4, failures: 3 };
const fewHealthy: ProviderTraffic = { total: 4, failures: 0 };

describe("provider verdicts (SPEC 2.3)", () => {
  // every observed state × sample × the provider's own report → provider status, sample, aggregate
  it.each([
    ["no traffic, no feed", quiet, null, "unknown", "none", "ok"],
    ["no traffic, reports operational", quiet, "operational", "unknown", "none", "ok"],
    ["no traffic, reports an outage", quiet, "major_outage", "unknown", "none", "degraded"],
    ["healthy traffic, no feed", healthy, null, "ok", "normal", "ok"],
    ["healthy traffic, reports operational", healthy, "operational", "ok", "normal", "ok"],
    ["healthy traffic wins over a reported outage", healthy, "major_outage", "ok", "normal", "ok"],
    ["failing traffic, no feed", failing, null, "degraded", "normal", "degraded"],
    ["failing traffic wins over a report of operational", failing, "operational", "degraded", "normal", "degraded"],
    ["failing traffic, reports an outage", failing, "partial_outage", "degraded", "normal", "degraded"],
    ["few requests, healthy, no feed", fewHealthy, null, "ok", "low", "ok"],
    ["few requests, healthy, reports operational", fewHealthy, "operational", "ok", "low", "ok"],
    ["few requests, healthy, wins over a reported outage", fewHealthy, "partial_outage", "ok", "low", "ok"],
    ["few requests, mostly failing, no feed", fewFailing, null, "degraded", "low", "degraded"],
    ["few requests, mostly failing, reports operational", fewFailing, "operational", "degraded", "low", "degraded"],
    ["few requests, mostly failing, reports an outage", fewFailing, "major_outage", "degraded", "low", "degraded"],
    ["no traffic, reports maintenance", quiet, "under_maintenance", "unknown", "none", "degraded"],
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
