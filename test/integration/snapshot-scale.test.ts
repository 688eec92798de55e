import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalog } from "../../catalog/src/index.ts";
import { loadControlPlaneConfig } from "../../controlplane/src/config.ts";
import { startControlPlane, type ControlPlane } from "../../controlplane/src/controlplane.ts";
import { newId } from "../../controlplane/src/ids.ts";
import { SpendTracker } from "../../dataplane/src/admission/spend-tracker.ts";
import { SnapshotStore } from "../../dataplane/src/auth/snapshot-store.ts";
import { SnapshotSync } from "../../dataplane/src/auth/snapshot-sync.ts";
import { displayPrefix, generateKey, hashKey } from "../../proto/key-hash.ts";
import { subjects } from "../../proto/subjects.ts";
import { connectNats, deleteUsageStream } from "../../proto/transport-nats.ts";
import type { Transport } from "../../proto/transport.ts";
import { freshDatabase } from "../harness/database.ts";
import { eventually, randomManagementKey, testLogEnv } from "../harness/gateway.ts";

const KEYS = 12_000; // ~2 MB of snapshot: twice NATS's default 1 MiB message cap

/**
 * Over the real bus, state larger than one NATS message: the full snapshot arrives in parts and a change to
 * thousands of keys at once arrives as several deltas, instead of failing (or crashing the control plane).
 */
describe.skipIf(!process.env.NATS_URL)("snapshots and deltas larger than one bus message", () => {
  const natsUrl = process.env.NATS_URL!;
  const prefix = `t${randomBytes(6).toString("hex")}`;
  const s = subjects(prefix);
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let cp: ControlPlane;
  let cpBus: Transport;
  let dpBus: Transport;

  beforeAll(async () => {
    db = await freshDatabase();
    cpBus = await connectNats({ servers: natsUrl, subjects: s, name: "cp", ensureUsageStream: true });
    dpBus = await connectNats({ servers: natsUrl, subjects: s, name: "dp", ensureUsageStream: false });
    const secret = randomBytes(32).toString("hex");
    const config = loadControlPlaneConfig({
      ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
      SVC_DATA_DIR: db.dataDir,
      SVC_NATS_PREFIX: prefix,
      ...testLogEnv("controlplane", db.dataDir),
      SVC_KEY_HASH_SECRET: secret,
      SVC_BOOTSTRAP_MGMT_KEY: randomManagementKey(),
      SVC_BOOTSTRAP_CREDIT: "1",
      SVC_STATUS_FEEDS: "off",
    });
    cp = await startControlPlane({ config, catalog: loadCatalog(), transport: cpBus, requireSecret: true });
    if (!cp.bootstrap.created) throw new Error("fresh database expected");
    const orgId = cp.bootstrap.orgId;
    const rows = Array.from({ length: KEYS }, (_, i) => {
      const plaintext = generateKey("inference");
      return { id: newId("key"), org_id: orgId, kind: "inference" as const, name: `bulk-${i}`, hash: hashKey(secret, plaintext), prefix: displayPrefix(plaintext) };
    });
    for (let i = 0; i < rows.length; i += 2_000) await cp.database.db.insertInto("keys").values(rows.slice(i, i + 2_000)).execute();
  }, 120_000);

  afterAll(async () => {
    await cp?.close();
    await cpBus?.close();
    await dpBus?.close();
    await deleteUsageStream(natsUrl, s);
    await db?.cleanup();
  });

  it("a replica loads every key, and a change to thousands of keys at once reaches it whole", async () => {
    const store = new SnapshotStore();
    const sync = new SnapshotSync(dpBus, s, store, new SpendTracker(), "dp-scale");
    await sync.start();
    expect(store.loaded).toBe(true);
    const bulk = await cp.database.db.selectFrom("keys").select("id").where("name", "like", "bulk-%").execute();
    expect(bulk.length).toBe(KEYS);
    expect(bulk.every((k) => store.keyById(k.id) !== undefined)).toBe(true);

    // rename every bulk key behind the publisher's back, then report them all changed at once
    await sql`update keys set name = 'renamed-' || name where name like 'bulk-%'`.execute(cp.database.db);
    const before = store.sequence;
    for (const k of bulk) cp.publisher.keyChanged(k.id);
    await eventually(() => {
      expect(bulk.every((k) => store.keyById(k.id)?.name?.startsWith("renamed-"))).toBe(true);
      return Promise.resolve();
    }, 20_000);
    // several deltas, applied in order (no refetch was needed to get there)
    expect(store.sequence - before).toBeGreaterThanOrEqual(Math.ceil(KEYS / 2_000));
    sync.close();
  }, 60_000);
});
