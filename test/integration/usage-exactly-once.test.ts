import { createHash, randomBytes, randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalog } from "../../catalog/src/index.ts";
import { loadControlPlaneConfig } from "../../controlplane/src/config.ts";
import { startControlPlane, type ControlPlane } from "../../controlplane/src/controlplane.ts";
import { pb } from "../../proto/messages.ts";
import type { UsageEvent } from "../../proto/messages.ts";
import { subjects } from "../../proto/subjects.ts";
import { connect } from "nats";
import { connectNats, deleteUsageStream } from "../../proto/transport-nats.ts";
import type { Transport } from "../../proto/transport.ts";
import { createKeyThrough } from "../harness/control-plane.ts";
import { freshDatabase } from "../harness/database.ts";
import { eventually, randomManagementKey, testLogEnv } from "../harness/gateway.ts";

/**
 * Usage over the real bus into the real ledger: JetStream drops a republished message id, and an event that comes
 * back under another message id (a spool replayed after the de-duplication window) is still billed once.
 */
describe.skipIf(!process.env.NATS_URL)("usage events over NATS JetStream land in the ledger exactly once", () => {
  const natsUrl = process.env.NATS_URL!;
  const s = subjects(`t${randomBytes(6).toString("hex")}`);
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let cp: ControlPlane;
  let cpBus: Transport;
  let publisher: Transport;
  let orgId: string;
  let keyId: string;

  beforeAll(async () => {
    db = await freshDatabase();
    cpBus = await connectNats({ servers: natsUrl, subjects: s, name: "cp", ensureUsageStream: true });
    publisher = await connectNats({ servers: natsUrl, subjects: s, name: "dp", ensureUsageStream: false });
    const mgmt = randomManagementKey();
    const config = loadControlPlaneConfig({
      ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
      SVC_DATA_DIR: db.dataDir,
      ...testLogEnv("controlplane", db.dataDir),
      SVC_KEY_HASH_SECRET: randomBytes(32).toString("hex"),
      SVC_BOOTSTRAP_MGMT_KEY: mgmt,
      SVC_BOOTSTRAP_CREDIT: "1",
      SVC_STATUS_FEEDS: "off",
    });
    cp = await startControlPlane({ config, catalog: loadCatalog(), transport: cpBus, requireSecret: true });
    if (!cp.bootstrap.created) throw new Error("fresh database expected");
    orgId = cp.bootstrap.orgId;
    keyId = await createKeyThrough(cp, mgmt);
  });

  afterAll(async () => {
    await cp?.close();
    await cpBus?.close();
    await publisher?.close();
    await deleteUsageStream(natsUrl, s);
    await db?.cleanup();
  });

  const ledger = async () => {
    const rows = await sql<{ n: string; total: string | null }>`select count(*)::text as n, sum(amount_micros)::text as total from ledger_entries where kind = 'usage'`.execute(cp.database.db);
    const org = await sql<{ b: string }>`select balance_micros::text as b from organizations where id = ${orgId}`.execute(cp.database.db);
    return { entries: Number(rows.rows[0]!.n), total: Number(rows.rows[0]!.total ?? 0), balance: Number(org.rows[0]!.b) };
  };

  it("bills an event published twice, and replayed under a new message id, once", async () => {
    const event: UsageEvent = {
      id: randomUUID(),
      replicaId: "dp-test",
      keyId,
      orgId,
      provider: "openai",
      model: "openai/gpt-4o",
      endpoint: "/v1/chat/completions",
      status: 200,
      inputTokens: 14,
      outputTokens: 7,
      costMicros: 105,
      createdAtMs: Date.now(),
    };
    const bytes = pb.UsageEvent.encode(event).finish();
    await publisher.publishDurable(bytes, event.id!);
    await publisher.publishDurable(bytes, event.id!);
    await publisher.publishDurable(bytes, `${event.id}-replayed-after-window`);
    await eventually(async () => expect(await ledger()).toEqual({ entries: 1, total: -105, balance: 1_000_000 - 105 }));
    // and it stays that way: nothing else is on its way
    await new Promise((r) => setTimeout(r, 300));
    expect(await ledger()).toEqual({ entries: 1, total: -105, balance: 1_000_000 - 105 });
  });

  it("survives a control plane restart: the durable consumer picks up what was published while it was away", async () => {
    await cp.close();
    const event: UsageEvent = { id: randomUUID(), replicaId: "dp-test", keyId, orgId, provider: "openai", model: "openai/gpt-4o", endpoint: "/v1/chat/completions", status: 200, costMicros: 5, createdAtMs: Date.now() };
    await publisher.publishDurable(pb.UsageEvent.encode(event).finish(), event.id!);
    const config = loadControlPlaneConfig({
      ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
      SVC_DATA_DIR: db.dataDir,
      ...testLogEnv("controlplane", db.dataDir),
      SVC_KEY_HASH_SECRET: cp.keyHashSecret,
      SVC_STATUS_FEEDS: "off",
    });
    cp = await startControlPlane({ config, catalog: loadCatalog(), transport: cpBus, requireSecret: true });
    await eventually(async () => expect(await ledger()).toEqual({ entries: 2, total: -110, balance: 1_000_000 - 110 }));
  });

  it("carries the events of one moment in few bus messages, and bills each once even when the batch comes again", async () => {
    const before = await ledger();
    const events: UsageEvent[] = Array.from({ length: 300 }, () => ({ id: randomUUID(), replicaId: "dp-test", keyId, orgId, provider: "openai", model: "openai/gpt-4o", endpoint: "/v1/chat/completions", status: 200, costMicros: 3, createdAtMs: Date.now() }));
    const nc = await connect({ servers: natsUrl });
    const jsm = await nc.jetstreamManager();
    const stored = async () => (await jsm.streams.info(s.usageStream)).state.messages;
    const storedBefore = await stored();
    await Promise.all(events.map((e) => publisher.publishDurable(pb.UsageEvent.encode(e).finish(), e.id!)));
    // 300 requests finishing together: a couple of bus messages, not 300
    expect(await stored()).toBeLessThanOrEqual(storedBefore + 4);
    // the same events again, in a batch of another shape (a replayed spool): nothing more is billed
    await Promise.all(events.slice(0, 150).map((e) => publisher.publishDurable(pb.UsageEvent.encode(e).finish(), e.id!)));
    // that batch is named by its events' ids (the same name whichever version sends it), so sending it once more
    // adds no message: JetStream drops the id it has seen
    const last = await jsm.streams.getMessage(s.usageStream, { last_by_subj: s.usage });
    const ids = events.slice(0, 150).map((e) => e.id!).join("\n");
    expect(last.header.get("Nats-Msg-Id")).toBe(`batch:${createHash("sha256").update(ids).digest("base64url")}`);
    const storedAfterReplay = await stored();
    await Promise.all(events.slice(0, 150).map((e) => publisher.publishDurable(pb.UsageEvent.encode(e).finish(), e.id!)));
    expect(await stored()).toBe(storedAfterReplay);
    const want = { entries: before.entries + 300, total: before.total - 900, balance: before.balance - 900 };
    await eventually(async () => expect(await ledger()).toEqual(want));
    await new Promise((r) => setTimeout(r, 300));
    expect(await ledger()).toEqual(want);
    await nc.close();
  });
});
