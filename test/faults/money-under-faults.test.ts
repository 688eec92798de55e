import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../controlplane/src/cli/run.ts";
import { readRecords } from "../../dataplane/src/metering/spool-records.ts";
import { startCluster, type Cluster } from "../harness/cluster.ts";
import { createKey } from "../harness/gateway.ts";
import { startMockUpstream, type MockUpstream } from "../harness/mock-upstream.ts";
import { startOwnNats, type OwnNats } from "../harness/own-nats.ts";
import { startOwnPostgres, type OwnPostgres } from "../harness/own-postgres.ts";
import type { Audit } from "./ledger-audit.ts";
import { countByResult, startLoad, type Outcome } from "./load.ts";
import { settledAudit } from "./quiet.ts";

const OPENING_MICROS = 100_000_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Money under faults, on processes as they are deployed: an own PostgreSQL and an own NATS (this file kills and
 * restarts them, so never the shared ones), a control plane and two data planes (`npm run controlplane`,
 * `npm run dataplane`), and steady chat load through both. After each fault, once quiet: every 200 a client
 * received is in the ledger exactly once at the price it was told, and the balance is the opening credit minus
 * what was billed, to the micro-USD. The phases run in order on one cluster, and each audit covers every request
 * since the start.
 */
describe.skipIf(!process.env.NATS_URL || !process.env.DATABASE_URL)("money under faults (own Postgres and NATS, separate processes)", () => {
  let postgres: OwnPostgres;
  let nats: OwnNats;
  let mock: MockUpstream;
  let cluster: Cluster;
  let key: string;
  const outcomes: Outcome[] = [];

  beforeAll(async () => {
    [postgres, nats, mock] = await Promise.all([startOwnPostgres(), startOwnNats(), startMockUpstream()]);
    cluster = await startCluster({ databaseUrl: postgres.url, natsUrl: nats.url, dataPlanes: 2, upstream: mock, openingCredit: String(OPENING_MICROS / 1e6), sharedNats: false });
    key = (await createKey(cluster.baseUrls[0]!, cluster.managementKey, { name: "load" })).key;
    for (const base of cluster.baseUrls) {
      for (let i = 0; (await fetch(`${base}/v1/key`, { headers: { authorization: `Bearer ${key}` } })).status !== 200; i++) {
        if (i > 200) throw new Error("the key did not reach every data plane");
        await sleep(10);
      }
    }
  }, 120_000);

  afterAll(async () => {
    await cluster?.close();
    await Promise.all([mock?.close(), nats?.close(), postgres?.close()]);
  }, 30_000);

  /** Load through both data planes around `fault`; the requests of this phase join those of earlier ones. */
  async function phase(name: string, fault: () => Promise<void>): Promise<{ mine: Outcome[]; audit: Audit }> {
    const t0 = Date.now();
    const load = startLoad({ baseUrls: cluster.baseUrls, key, workers: 3, pauseMs: 5 });
    await sleep(1_000);
    await fault();
    await sleep(1_000);
    const mine = await load.stop();
    outcomes.push(...mine);
    for (const p of [cluster.controlPlane, ...cluster.dataPlanes]) expect(p.running, `${p.name} died\n${cluster.logs()}`).toBe(true);
    const { audit, settleMs } = await settledAudit({ databaseUrl: postgres.url, metricsUrls: cluster.metricsUrls, outcomes, openingMicros: OPENING_MICROS, timeoutMs: 45_000 });
    const reconciled = await runCli(["reconcile"], { DATABASE_URL: postgres.url }, { out: () => undefined, err: () => undefined });
    expect(reconciled, "svc reconcile found differences").toBe(0);
    console.log(
      `[fault ${name}] ${mine.length} requests in ${Date.now() - t0 - settleMs} ms: ${JSON.stringify(countByResult(mine))}; settled in ${settleMs} ms; ` +
        `billed beyond 200s: ${audit.beyondSuccesses.length}; balance ${audit.balanceMicros} (expected ${audit.expectedBalanceMicros})`,
    );
    return { mine, audit };
  }

  function expectExactMoney(a: Audit): void {
    expect(a.missing, "200 responses missing from the ledger").toEqual([]);
    expect(a.duplicated, "requests billed twice").toEqual([]);
    expect(a.wrongAmount, "billed another amount than the client was told").toEqual([]);
    expect(a.balanceMicros).toBe(a.expectedBalanceMicros);
  }

  it("(a) control plane killed -9 and restarted: inference stays open, usage waits in JetStream", { timeout: 60_000 }, async () => {
    const { mine, audit } = await phase("a: control plane kill -9", async () => {
      await cluster.controlPlane.kill("SIGKILL");
      await sleep(2_000);
      cluster.controlPlane.start();
      await cluster.waitControlPlane();
    });
    expect(countByResult(mine)).toEqual({ "200": mine.length });
    expectExactMoney(audit);
    expect(audit.beyondSuccesses).toEqual([]);
  });

  it("(b) NATS killed and restarted: usage goes to the spools and is replayed", { timeout: 60_000 }, async () => {
    const { mine, audit } = await phase("b: NATS restart", async () => {
      await nats.kill();
      await sleep(2_000);
      await nats.start();
    });
    expect(countByResult(mine)).toEqual({ "200": mine.length });
    expectExactMoney(audit);
    expect(audit.beyondSuccesses).toEqual([]);
  });

  it("(c) Postgres crashed and restarted: the ledger catches up from JetStream", { timeout: 60_000 }, async () => {
    const { mine, audit } = await phase("c: Postgres crash", async () => {
      await postgres.crash();
      await sleep(2_000);
      await postgres.start();
    });
    expect(countByResult(mine)).toEqual({ "200": mine.length });
    expectExactMoney(audit);
    expect(audit.beyondSuccesses).toEqual([]);
  });

  /** Only the killed replica's clients may fail, and only as a dead or starting process fails. */
  function expectOnlyKilledReplicaFailed(mine: Outcome[], killed: number): void {
    const failed = mine.filter((o) => o.result !== "200");
    expect(failed.filter((o) => o.replica !== killed)).toEqual([]);
    for (const f of failed) expect(["connection_error", "stream_cut", "503 gateway_starting"]).toContain(f.result);
  }

  /** What the ledger holds beyond the 200s can only be requests that died with the replica, each billed once. */
  function expectBeyondOnlyCutRequests(mine: Outcome[], a: Audit): void {
    const cut = mine.filter((o) => o.result === "connection_error" || o.result === "stream_cut");
    expect(a.beyondSuccesses.length).toBeLessThanOrEqual(cut.length);
    const known = new Set(outcomes.map((o) => o.requestId));
    for (const b of a.beyondSuccesses) if (known.has(b.requestId)) expect(cut.map((o) => o.requestId)).toContain(b.requestId);
  }

  it("(d1) a data plane killed -9 under load and restarted", { timeout: 60_000 }, async () => {
    const { mine, audit } = await phase("d1: data plane kill -9", async () => {
      await cluster.dataPlanes[1]!.kill("SIGKILL");
      await sleep(500);
      cluster.dataPlanes[1]!.start();
      await cluster.waitDataPlane(1);
    });
    expectOnlyKilledReplicaFailed(mine, 1);
    expectExactMoney(audit);
    expectBeyondOnlyCutRequests(mine, audit);
  });

  it("(d2) a data plane killed -9 while its usage sits in the spool; the next process on its SVC_DATA_DIR replays it", { timeout: 60_000 }, async () => {
    let spooledAtKill = 0;
    const { mine, audit } = await phase("d2: data plane kill -9 with NATS down", async () => {
      await nats.kill();
      await sleep(1_500);
      await cluster.dataPlanes[1]!.kill("SIGKILL");
      spooledAtKill = spooledRecords(join(cluster.dataDirs[1]!, "spool"));
      await nats.start();
      cluster.dataPlanes[1]!.start();
      await cluster.waitDataPlane(1);
    });
    console.log(`[fault d2] usage events in the killed data plane's spool: ${spooledAtKill}`);
    expect(spooledAtKill).toBeGreaterThan(0);
    expectOnlyKilledReplicaFailed(mine, 1);
    expectExactMoney(audit);
    expectBeyondOnlyCutRequests(mine, audit);
  });
});

/** Usage events in the spool files of a directory (a dead process's, so nothing is writing). */
function spooledRecords(dir: string): number {
  return readdirSync(dir)
    .filter((n) => n.endsWith(".log"))
    .reduce((n, f) => n + readRecords(readFileSync(join(dir, f))).length, 0);
}
