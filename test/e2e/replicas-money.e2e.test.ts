import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalog } from "../../catalog/src/index.ts";
import { worstCaseMicros } from "../../dataplane/src/metering/cost.ts";
import { startCluster, type Cluster } from "../harness/cluster.ts";
import { freshDatabase, type FreshDatabase } from "../harness/database.ts";
import { createKey, eventually } from "../harness/gateway.ts";
import { startMockUpstream, type MockUpstream } from "../harness/mock-upstream.ts";

const REPLICAS = 3;
const CLIENTS_PER_REPLICA = 4;
const TRIALS = 5;
const LATENCY_TRIALS = 50;
// chat-nonstream.json: 14 prompt and 7 completion tokens on gpt-4o (2.5 and 10 micro-USD per token)
const ACTUAL_COST = 14 * 2.5 + 7 * 10;
// max_tokens at the answer's length, so a reservation is close to what a request really costs
const BODY = JSON.stringify({ model: "openai/gpt-4o", max_tokens: 7, messages: [{ role: "user", content: "capital of France?" }] });
const WORST_CASE = worstCaseMicros(loadCatalog().resolve("openai/gpt-4o")!, Buffer.byteLength(BODY), 7);
/** The key's total budget: five requests at their worst case. */
const BUDGET = 5 * WORST_CASE;
/**
 * docs/money.md: a replica admits a request only while the spend it has seen, its own unconfirmed usage (the
 * actual cost c of each finished request) and its own reservations leave room for one more worst case w. So one
 * replica alone admits at most k = 1 + ⌊(B − w) / c⌋ of these requests, whatever the others do, and N replicas
 * together overspend by at most N·k·c − B (in general at most (N − 1) × what was left of the budget).
 */
const PER_REPLICA_MAX = 1 + Math.floor((BUDGET - WORST_CASE) / ACTUAL_COST);
const OVERSPEND_BOUND = REPLICAS * PER_REPLICA_MAX * ACTUAL_COST - BUDGET;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const summary = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p99: percentile(s, 99), max: s[s.length - 1]! };
};

/**
 * Money across replicas, on separate processes (`npm run controlplane` and three `npm run dataplane`) over the
 * shared NATS and a fresh database on the shared Postgres: how far concurrent replicas overspend a small budget,
 * and how long a revocation or a plan change takes to reach every replica.
 */
describe.skipIf(!process.env.NATS_URL || !process.env.DATABASE_URL)("money across replicas (separate processes)", () => {
  let db: FreshDatabase;
  let mock: MockUpstream;
  let cluster: Cluster;
  const mgmt = (i: number, path: string, init: RequestInit = {}) =>
    fetch(`${cluster.baseUrls[i % REPLICAS]}${path}`, { ...init, headers: { authorization: `Bearer ${cluster.managementKey}`, "content-type": "application/json" } });
  const keyStatus = (i: number, key: string) => fetch(`${cluster.baseUrls[i]}/v1/key`, { headers: { authorization: `Bearer ${key}` } }).then(async (r) => ({ status: r.status, body: (await r.json()) as { limits?: { requests_per_minute: number | null } } }));
  const onEveryReplica = async (key: string, ok: (s: Awaited<ReturnType<typeof keyStatus>>) => boolean) => {
    for (let i = 0; i < REPLICAS; i++) await eventually(async () => expect(ok(await keyStatus(i, key))).toBe(true), 5_000, 2);
  };

  beforeAll(async () => {
    [db, mock] = await Promise.all([freshDatabase(), startMockUpstream()]);
    cluster = await startCluster({
      databaseUrl: db.databaseUrl!,
      natsUrl: process.env.NATS_URL!,
      dataPlanes: REPLICAS,
      upstream: mock,
      openingCredit: "1000",
      sharedNats: true,
      // measuring revocation means presenting revoked keys over and over from one address, on purpose
      env: { SVC_AUTH_FAILURE_BURST: "0" },
    });
  }, 120_000);

  afterAll(async () => {
    const died = cluster ? [cluster.controlPlane, ...cluster.dataPlanes].filter((p) => !p.running) : [];
    if (died.length > 0) console.error(`died: ${died.map((p) => p.name).join(", ")}\n${cluster.logs()}`);
    await cluster?.close();
    await mock?.close();
    await db?.cleanup();
  }, 30_000);

  it(`overspend of a budget of ${BUDGET} micro-USD by ${REPLICAS} replicas stays within N·k·c − B = ${OVERSPEND_BOUND}`, { timeout: 60_000 }, async () => {
    const results: { overspend: number; admitted: number[] }[] = [];
    for (let trial = 0; trial < TRIALS; trial++) {
      const { id, key } = await createKey(cluster.baseUrls[0]!, cluster.managementKey, { name: `budget-${trial}`, limits: { total_budget_micros: BUDGET } });
      await onEveryReplica(key, (s) => s.status === 200);
      const costs: number[] = [];
      const admitted = Array.from({ length: REPLICAS }, () => 0);
      const client = async (replica: number) => {
        for (let n = 0; n < 100; n++) {
          const res = await fetch(`${cluster.baseUrls[replica]}/v1/chat/completions`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: BODY });
          await res.arrayBuffer();
          if (res.status === 402) return;
          expect(res.status).toBe(200);
          costs.push(Number(res.headers.get("x-svc-cost-micros")));
          admitted[replica]!++;
        }
        throw new Error("the budget never ran out");
      };
      await Promise.all(Array.from({ length: REPLICAS * CLIENTS_PER_REPLICA }, (_, c) => client(c % REPLICAS)));
      const spent = costs.reduce((a, b) => a + b, 0);
      expect(costs.every((c) => c === ACTUAL_COST)).toBe(true);
      // once quiet, the key's spend is exactly what its 200s cost
      await eventually(async () => expect(((await (await mgmt(trial, `/v1/management/keys/${id}`)).json()) as { spend_total_micros: number }).spend_total_micros).toBe(spent), 15_000, 50);
      results.push({ overspend: spent - BUDGET, admitted });
    }
    console.log(
      `[overspend] ${REPLICAS} replicas × ${CLIENTS_PER_REPLICA} clients, budget ${BUDGET} µ$ (5 × worst case ${WORST_CASE}), actual cost ${ACTUAL_COST} µ$ per request, at most ${PER_REPLICA_MAX} requests per replica, bound ${OVERSPEND_BOUND} µ$: ` +
        results.map((r, i) => `trial ${i + 1}: overspend ${r.overspend} µ$ (${r.admitted.join("+")} requests)`).join("; "),
    );
    for (const r of results) {
      expect(Math.max(...r.admitted)).toBeLessThanOrEqual(PER_REPLICA_MAX);
      expect(r.overspend).toBeLessThanOrEqual(OVERSPEND_BOUND);
    }
  });

  it(`revocation reaches every replica: p50/p99 over ${LATENCY_TRIALS} trials`, { timeout: 60_000 }, async () => {
    const latencies: number[] = [];
    for (let trial = 0; trial < LATENCY_TRIALS; trial++) {
      const { id, key } = await createKey(cluster.baseUrls[trial % REPLICAS]!, cluster.managementKey, { name: `revoke-${trial}` });
      await onEveryReplica(key, (s) => s.status === 200);
      const res = await mgmt(trial, `/v1/management/keys/${id}`, { method: "DELETE" });
      const t0 = performance.now();
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      const refusedAt = await Promise.all(
        cluster.baseUrls.map(async (_, i) => {
          for (;;) {
            if ((await keyStatus(i, key)).status === 401) return performance.now() - t0;
            if (performance.now() - t0 > 5_000) throw new Error(`replica ${i} still accepts a revoked key after 5 s`);
          }
        }),
      );
      latencies.push(Math.max(...refusedAt));
    }
    const s = summary(latencies);
    console.log(`[revocation] management call answered → every one of ${REPLICAS} replicas refuses the key: p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, max ${s.max.toFixed(1)} ms (${LATENCY_TRIALS} trials)`);
    expect(s.p99).toBeLessThan(1_000);
  });

  it(`a plan change reaches every replica: p50/p99 over ${LATENCY_TRIALS} trials`, { timeout: 60_000 }, async () => {
    const { id, key } = await createKey(cluster.baseUrls[0]!, cluster.managementKey, { name: "plan" });
    await onEveryReplica(key, (s) => s.status === 200);
    const latencies: number[] = [];
    for (let trial = 0; trial < LATENCY_TRIALS; trial++) {
      const rpm = 1_000 + trial;
      const res = await mgmt(trial, `/v1/management/keys/${id}`, { method: "PATCH", body: JSON.stringify({ limits: { requests_per_minute: rpm } }) });
      const t0 = performance.now();
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      const seenAt = await Promise.all(
        cluster.baseUrls.map(async (_, i) => {
          for (;;) {
            if ((await keyStatus(i, key)).body.limits?.requests_per_minute === rpm) return performance.now() - t0;
            if (performance.now() - t0 > 5_000) throw new Error(`replica ${i} still has the old plan after 5 s`);
          }
        }),
      );
      latencies.push(Math.max(...seenAt));
    }
    const s = summary(latencies);
    console.log(`[plan change] management call answered → every one of ${REPLICAS} replicas applies the new limits: p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, max ${s.max.toFixed(1)} ms (${LATENCY_TRIALS} trials)`);
    expect(s.p99).toBeLessThan(1_000);
  });
});
