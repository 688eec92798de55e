import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalog } from "../../../catalog/src/index.ts";
import { pb, type UsageEvent } from "../../../proto/messages.ts";
import { memoryTransport } from "../../../proto/transport-memory.ts";
import { createKeyThrough } from "../../../test/harness/control-plane.ts";
import { randomManagementKey, testLogEnv } from "../../../test/harness/gateway.ts";
import { loadControlPlaneConfig } from "../config.ts";
import { startControlPlane, type ControlPlane } from "../controlplane.ts";
import { BATCH_WINDOW_MS, PGLITE_BATCH_WINDOW_MS } from "./usage-consumer.ts";

/**
 * The embedded ledger (PGlite, on the data plane's core) waits longer for company than Postgres does: what a
 * statement costs there falls with the events it carries (docs/performance.md).
 */
describe("the usage consumer on the embedded PGlite ledger", () => {
  const transport = memoryTransport();
  let dataDir: string;
  let cp: ControlPlane;
  let orgId: string;
  let keyId: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "svc-usage-consumer-"));
    const mgmt = randomManagementKey();
    const config = loadControlPlaneConfig({
      SVC_DATA_DIR: dataDir,
      ...testLogEnv("controlplane", dataDir),
      SVC_KEY_HASH_SECRET: randomBytes(32).toString("hex"),
      SVC_BOOTSTRAP_MGMT_KEY: mgmt,
      SVC_BOOTSTRAP_CREDIT: "1",
      SVC_STATUS_FEEDS: "off",
    });
    cp = await startControlPlane({ config, catalog: loadCatalog(), transport, requireSecret: false });
    expect(cp.database.kind).toBe("pglite");
    if (!cp.bootstrap.created) throw new Error("fresh database expected");
    orgId = cp.bootstrap.orgId;
    keyId = await createKeyThrough(cp, mgmt);
  }, 60_000);

  afterAll(async () => {
    await cp?.close();
    await transport.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const usageEntries = async () => Number((await sql<{ n: string }>`select count(*)::text as n from ledger_entries where kind = 'usage'`.execute(cp.database.db)).rows[0]!.n);
  const publish = (costMicros: number) => {
    const event: UsageEvent = { id: randomUUID(), replicaId: "dp-test", keyId, orgId, provider: "openai", model: "openai/gpt-4o", endpoint: "/v1/chat/completions", status: 200, costMicros, createdAtMs: Date.now() };
    return transport.publishDurable(pb.UsageEvent.encode(event).finish(), event.id!);
  };

  it(`holds a partial batch ${PGLITE_BATCH_WINDOW_MS} ms, not ${BATCH_WINDOW_MS}, so that the events of that time go in one statement`, async () => {
    expect(PGLITE_BATCH_WINDOW_MS).toBeGreaterThan(3 * BATCH_WINDOW_MS);
    const before = await usageEntries();
    // a durable publish is answered once the ledger has the event (transport-memory.ts): not awaited here
    const first = publish(7);
    await new Promise((r) => setTimeout(r, 3 * BATCH_WINDOW_MS));
    // Postgres's window has passed three times over: on PGlite the event still waits for company
    expect(await usageEntries()).toBe(before);
    await Promise.all([first, publish(9)]);
    expect(await usageEntries()).toBe(before + 2);
  });
});
