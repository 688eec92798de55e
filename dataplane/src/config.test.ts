import { describe, expect, it } from "vitest";
import { loadControlPlaneConfig } from "../../controlplane/src/config.ts";
import { loadDataPlaneConfig } from "./config.ts";

describe("configuration from the environment (DESIGN.md 5)", () => {
  it("defaults", () => {
    const dp = loadDataPlaneConfig({});
    expect(dp).toMatchObject({ port: 8080, host: "127.0.0.1", natsUrl: undefined, dataDir: "./.svc-data", controlPlaneUrl: "http://127.0.0.1:8081", allowUwsFallback: false });
    const cp = loadControlPlaneConfig({});
    expect(cp).toMatchObject({ port: 8081, databaseUrl: undefined, bootstrapCreditMicros: 0, bootstrapManagementKey: undefined });
    expect(Object.isFrozen(dp) && Object.isFrozen(cp)).toBe(true);
  });

  it("bounds the old generation's growth by 30 % unless told otherwise (0: V8's own rule)", () => {
    expect(loadDataPlaneConfig({}).heapGrowingPercent).toBe(30);
    expect(loadDataPlaneConfig({ SVC_HEAP_GROWING_PERCENT: "0" }).heapGrowingPercent).toBe(0);
    expect(() => loadDataPlaneConfig({ SVC_HEAP_GROWING_PERCENT: "-5" })).toThrow(/SVC_HEAP_GROWING_PERCENT/);
  });

  it("lets the old generation gather 14 MB of dead objects where that is more than the percent (0: the percent alone)", () => {
    expect(loadDataPlaneConfig({}).heapGarbageMb).toBe(14);
    expect(loadDataPlaneConfig({ SVC_HEAP_GARBAGE_MB: "0" }).heapGarbageMb).toBe(0);
    expect(() => loadDataPlaneConfig({ SVC_HEAP_GARBAGE_MB: "-1" })).toThrow(/SVC_HEAP_GARBAGE_MB/);
  });

  it("gives the helper threads nice 5 unless told otherwise (0: as the main thread; at most 19)", () => {
    expect(loadDataPlaneConfig({}).helperThreadNice).toBe(5);
    expect(loadDataPlaneConfig({ SVC_HELPER_THREAD_NICE: "0" }).helperThreadNice).toBe(0);
    expect(() => loadDataPlaneConfig({ SVC_HELPER_THREAD_NICE: "20" })).toThrow(/SVC_HELPER_THREAD_NICE/);
  });

  it("an empty variable means unset", () => {
    expect(loadDataPlaneConfig({ PORT: "", NATS_URL: "" })).toMatchObject({ port: 8080, natsUrl: undefined });
    expect(loadControlPlaneConfig({ SVC_BOOTSTRAP_MGMT_KEY: "", DATABASE_URL: "" })).toMatchObject({ bootstrapManagementKey: undefined, databaseUrl: undefined });
  });

  it("bootstrap credit is parsed exactly from currency units", () => {
    expect(loadControlPlaneConfig({ SVC_BOOTSTRAP_CREDIT: "12.50" }).bootstrapCreditMicros).toBe(12_500_000);
    expect(loadControlPlaneConfig({ SVC_BOOTSTRAP_CREDIT: "0.000001" }).bootstrapCreditMicros).toBe(1);
  });

  it.each([
    [() => loadDataPlaneConfig({ PORT: "eighty" }), /PORT/],
    [() => loadDataPlaneConfig({ SVC_NATS_PREFIX: "a.b" }), /SVC_NATS_PREFIX/],
    [() => loadControlPlaneConfig({ SVC_BOOTSTRAP_MGMT_KEY: "svc_not_a_management_key" }), /SVC_BOOTSTRAP_MGMT_KEY/],
    [() => loadControlPlaneConfig({ SVC_BOOTSTRAP_CREDIT: "1e3" }), /SVC_BOOTSTRAP_CREDIT/],
    [() => loadControlPlaneConfig({ SVC_KEY_HASH_SECRET: "short" }), /SVC_KEY_HASH_SECRET/],
  ])("refuses a bad value and names the variable (%#)", (load, name) => {
    expect(load).toThrow(name);
  });
});
