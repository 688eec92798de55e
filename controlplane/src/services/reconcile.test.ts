import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/connect.ts";
import { runCli } from "../cli/run.ts";
import { TEST_SECRET, openTestDatabase, resolveTestModel, usageEvent } from "../test-support.ts";
import type { TestDatabase } from "../test-support.ts";
import { createKey } from "./keys.ts";
import { addCredit, createOrganization } from "./orgs.ts";
import { reconcile, type DifferenceKind } from "./reconcile.ts";
import { applyUsageEvents } from "./usage.ts";

/**
 * Books made by the real code paths (opening credit, top-up, usage in two months, free calls), then corrupted on
 * purpose one way at a time: each kind of difference must be reported, with both sides and to the micro-USD.
 */
let t: TestDatabase;
let orgId: string;
let otherOrgId: string;
let keyA: string;
let keyB: string;
const events: { id: string; cost: number }[] = [];
const OCTOBER = Date.UTC(2026, 9, 31, 23, 59, 59, 999);
const NOVEMBER = Date.UTC(2026, 10, 1, 0, 0, 0, 0);

beforeAll(async () => {
  t = await openTestDatabase();
  const { org } = await createOrganization(t.db, TEST_SECRET, { name: "Books", creditMicros: 5_000_000 });
  orgId = org.id;
  otherOrgId = (await createOrganization(t.db, TEST_SECRET, { name: "Other", creditMicros: 1_000_000 })).org.id;
  keyA = (await createKey(t.db, TEST_SECRET, orgId, {}, resolveTestModel)).key.id;
  keyB = (await createKey(t.db, TEST_SECRET, orgId, {}, resolveTestModel)).key.id;
  await addCredit(t.db, orgId, 250_000, "top up");
  const batch = [
    usageEvent({ orgId, keyId: keyA, costMicros: 105, createdAtMs: OCTOBER }),
    usageEvent({ orgId, keyId: keyA, costMicros: 7, createdAtMs: NOVEMBER }),
    usageEvent({ orgId, keyId: keyB, costMicros: 1_234, createdAtMs: NOVEMBER }),
    usageEvent({ orgId, keyId: keyB, costMicros: 0, createdAtMs: NOVEMBER, status: 502, errorCode: "upstream_error" }),
  ];
  await applyUsageEvents(t.db, batch);
  for (const e of batch) events.push({ id: e.id!, cost: Number(e.costMicros) });
}, 60_000);

afterAll(async () => {
  await t?.dispose();
});

const kinds = async (): Promise<DifferenceKind[]> => (await reconcile(t.db)).differences.map((d) => d.kind).sort();
const samplesOf = async (kind: DifferenceKind) => (await reconcile(t.db)).differences.find((d) => d.kind === kind);
const run = (statement: ReturnType<typeof sql>) => statement.execute(t.db);

describe("reconcile", () => {
  it("finds nothing in books the gateway wrote itself", async () => {
    const r = await reconcile(t.db);
    expect(r.differences).toEqual([]);
    expect(r.checked).toEqual({ usageEvents: 4, ledgerEntries: 2 + 1 + 4, organizations: 2, keys: 2 + 2 });
  });

  it("an applied event with no debit (the organization was never charged)", async () => {
    const e = events[2]!;
    await run(sql`delete from ledger_entries where usage_event_id = ${e.id}`);
    expect(await kinds()).toEqual(["balance_differs_from_ledger", "event_without_debit"]);
    expect(await samplesOf("event_without_debit")).toEqual({ kind: "event_without_debit", count: 1, samples: [{ eventId: e.id, orgId, keyId: keyB, costMicros: 1_234 }] });
    const balance = 5_000_000 + 250_000 - 105 - 7 - 1_234;
    expect((await samplesOf("balance_differs_from_ledger"))?.samples).toEqual([{ orgId, balanceMicros: balance, ledgerMicros: balance + 1_234 }]);
    await run(sql`insert into ledger_entries (org_id, key_id, kind, amount_micros, usage_event_id) values (${orgId}, ${keyB}, 'usage', ${-1_234}, ${e.id})`);
    expect(await kinds()).toEqual([]);
  });

  it("a debit one micro-USD off its event's cost", async () => {
    const e = events[0]!;
    await run(sql`update ledger_entries set amount_micros = amount_micros - 1 where usage_event_id = ${e.id}`);
    await run(sql`update organizations set balance_micros = balance_micros - 1 where id = ${orgId}`);
    expect(await kinds()).toEqual(["debit_differs_from_event"]);
    expect((await samplesOf("debit_differs_from_event"))?.samples).toEqual([
      expect.objectContaining({ eventId: e.id, kind: "usage", amountMicros: -106, eventCostMicros: 105, entryOrgId: orgId, eventOrgId: orgId }),
    ]);
    await run(sql`update ledger_entries set amount_micros = amount_micros + 1 where usage_event_id = ${e.id}`);
    await run(sql`update organizations set balance_micros = balance_micros + 1 where id = ${orgId}`);
    expect(await kinds()).toEqual([]);
  });

  it("a debit charged to another organization and key than its event's", async () => {
    const e = events[1]!;
    await run(sql`update ledger_entries set org_id = ${otherOrgId}, key_id = null where usage_event_id = ${e.id}`);
    await run(sql`update organizations set balance_micros = balance_micros + 7 where id = ${orgId}`);
    await run(sql`update organizations set balance_micros = balance_micros - 7 where id = ${otherOrgId}`);
    expect(await kinds()).toEqual(["debit_differs_from_event"]);
    expect((await samplesOf("debit_differs_from_event"))?.samples).toEqual([
      expect.objectContaining({ eventId: e.id, amountMicros: -7, eventCostMicros: 7, entryOrgId: otherOrgId, eventOrgId: orgId, entryKeyId: "", eventKeyId: keyA }),
    ]);
    await run(sql`update ledger_entries set org_id = ${orgId}, key_id = ${keyA} where usage_event_id = ${e.id}`);
    await run(sql`update organizations set balance_micros = balance_micros - 7 where id = ${orgId}`);
    await run(sql`update organizations set balance_micros = balance_micros + 7 where id = ${otherOrgId}`);
    expect(await kinds()).toEqual([]);
  });

  it("a usage debit with no event behind it, even with the balance kept in step", async () => {
    await run(sql`insert into ledger_entries (org_id, key_id, kind, amount_micros, usage_event_id, note) values (${orgId}, ${keyA}, 'usage', -50, null, 'hand-made')`);
    await run(sql`insert into ledger_entries (org_id, key_id, kind, amount_micros, usage_event_id) values (${orgId}, ${keyA}, 'usage', -60, 'evt_that_never_was')`);
    await run(sql`update organizations set balance_micros = balance_micros - 110 where id = ${orgId}`);
    expect(await kinds()).toEqual(["debit_without_event"]);
    expect(await samplesOf("debit_without_event")).toMatchObject({
      count: 2,
      samples: [
        { orgId, keyId: keyA, amountMicros: -50, usageEventId: null },
        { orgId, keyId: keyA, amountMicros: -60, usageEventId: "evt_that_never_was" },
      ],
    });
    await run(sql`delete from ledger_entries where note = 'hand-made' or usage_event_id = 'evt_that_never_was'`);
    await run(sql`update organizations set balance_micros = balance_micros + 110 where id = ${orgId}`);
    expect(await kinds()).toEqual([]);
  });

  it("rows naming an organization or key that does not exist, or a key of another organization (no foreign keys hold them)", async () => {
    // a credit to an organization that is not there: only the ledger can tell
    await run(sql`insert into ledger_entries (org_id, kind, amount_micros, note) values ('org_gone', 'credit', 1, 'stray')`);
    expect(await kinds()).toEqual(["entry_with_unknown_owner"]);
    expect((await samplesOf("entry_with_unknown_owner"))?.samples).toEqual([
      expect.objectContaining({ orgId: "org_gone", orgExists: false, keyId: null, kind: "credit", amountMicros: 1 }),
    ]);
    await run(sql`delete from ledger_entries where note = 'stray'`);
    expect(await kinds()).toEqual([]);

    // a free event and its debit for a key that does not exist
    await run(sql`insert into usage_events (id, org_id, key_id, provider, model, endpoint, status, streamed, cost_micros, latency_ms, upstream_latency_ms, replica_id, request_id, created_at)
      values ('evt_stray', ${orgId}, 'key_gone', 'openai', 'gpt-4o-mini', '/v1/chat/completions', 200, false, 0, 1, 1, 'r', 'req', now())`);
    await run(sql`insert into ledger_entries (org_id, key_id, kind, amount_micros, usage_event_id) values (${orgId}, 'key_gone', 'usage', 0, 'evt_stray')`);
    expect(await kinds()).toEqual(["entry_with_unknown_owner", "event_with_unknown_owner"]);
    expect((await samplesOf("event_with_unknown_owner"))?.samples).toEqual([{ eventId: "evt_stray", orgId, keyId: "key_gone", keyOrgId: null }]);
    expect((await samplesOf("entry_with_unknown_owner"))?.samples).toEqual([expect.objectContaining({ orgId, orgExists: true, keyId: "key_gone", keyOrgId: null })]);
    await run(sql`delete from ledger_entries where usage_event_id = 'evt_stray'`);
    await run(sql`delete from usage_events where id = 'evt_stray'`);
    expect(await kinds()).toEqual([]);

    // an event (free, so no balance moves) moved with its debit to an organization its key is not in
    const e = events[3]!;
    await run(sql`update usage_events set org_id = ${otherOrgId} where id = ${e.id}`);
    await run(sql`update ledger_entries set org_id = ${otherOrgId} where usage_event_id = ${e.id}`);
    expect(await kinds()).toEqual(["entry_with_unknown_owner", "event_with_unknown_owner"]);
    expect((await samplesOf("event_with_unknown_owner"))?.samples).toEqual([{ eventId: e.id, orgId: otherOrgId, keyId: keyB, keyOrgId: orgId }]);
    await run(sql`update usage_events set org_id = ${orgId} where id = ${e.id}`);
    await run(sql`update ledger_entries set org_id = ${orgId} where usage_event_id = ${e.id}`);
    expect(await kinds()).toEqual([]);
  });

  it("an event debited twice (possible only if the unique constraint were lost)", async () => {
    const e = events[2]!;
    await run(sql`alter table ledger_entries drop constraint ledger_entries_usage_event_id_key`);
    try {
      await run(sql`insert into ledger_entries (org_id, key_id, kind, amount_micros, usage_event_id) values (${orgId}, ${keyB}, 'usage', ${-1_234}, ${e.id})`);
      await run(sql`update organizations set balance_micros = balance_micros - 1234 where id = ${orgId}`);
      expect(await kinds()).toEqual(["event_with_several_debits"]);
      expect((await samplesOf("event_with_several_debits"))?.samples).toEqual([{ eventId: e.id, entries: 2, debitedMicros: -2_468 }]);
      await run(sql`delete from ledger_entries where id = (select max(id) from ledger_entries where usage_event_id = ${e.id})`);
      await run(sql`update organizations set balance_micros = balance_micros + 1234 where id = ${orgId}`);
    } finally {
      await run(sql`alter table ledger_entries add constraint ledger_entries_usage_event_id_key unique (usage_event_id)`);
    }
    expect(await kinds()).toEqual([]);
  });

  it("a balance that is not credits minus debits", async () => {
    await run(sql`update organizations set balance_micros = balance_micros + 1 where id = ${otherOrgId}`);
    expect((await samplesOf("balance_differs_from_ledger"))?.samples).toEqual([{ orgId: otherOrgId, balanceMicros: 1_000_001, ledgerMicros: 1_000_000 }]);
    expect(await kinds()).toEqual(["balance_differs_from_ledger"]);
    await run(sql`update organizations set balance_micros = balance_micros - 1 where id = ${otherOrgId}`);
    expect(await kinds()).toEqual([]);
  });

  it("a key's monthly spend that is not the sum of its events in that month, and a month missing", async () => {
    await run(sql`update key_monthly_spend set spend_micros = spend_micros + 3 where key_id = ${keyA} and month = '2026-11'`);
    await run(sql`delete from key_monthly_spend where key_id = ${keyA} and month = '2026-10'`);
    expect(await kinds()).toEqual(["key_month_spend_differs_from_events"]);
    expect((await samplesOf("key_month_spend_differs_from_events"))?.samples).toEqual([
      { keyId: keyA, month: "2026-10", recordedMicros: 0, eventsMicros: 105 },
      { keyId: keyA, month: "2026-11", recordedMicros: 10, eventsMicros: 7 },
    ]);
    await run(sql`update key_monthly_spend set spend_micros = spend_micros - 3 where key_id = ${keyA} and month = '2026-11'`);
    await run(sql`insert into key_monthly_spend (key_id, month, spend_micros) values (${keyA}, '2026-10', 105)`);
    expect(await kinds()).toEqual([]);
  });

  it("a key's total spend that is not the sum of its events", async () => {
    await run(sql`update keys set spend_total_micros = spend_total_micros - 1234 where id = ${keyB}`);
    expect((await samplesOf("key_total_spend_differs_from_events"))?.samples).toEqual([{ keyId: keyB, recordedMicros: 0, eventsMicros: 1_234 }]);
    await run(sql`update keys set spend_total_micros = 1234 where id = ${keyB}`);
    expect(await kinds()).toEqual([]);
  });
});

describe("svc reconcile", () => {
  const env = () => ({ SVC_DATA_DIR: t.dataDir, ...(t.databaseUrl ? { DATABASE_URL: t.databaseUrl } : {}) });
  const svc = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(argv, env(), { out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out, err };
  };

  it("exits 0 on agreeing books and 3 with each difference listed, in dollars too", { timeout: 60_000 }, async () => {
    // PGlite admits one opener: the CLI gets the database while the test's handle is closed
    await t.close();
    expect(await svc("reconcile")).toEqual({ code: 0, out: [expect.stringContaining("Compared 4 usage events, 7 ledger entries"), expect.stringMatching(/^OK: /)], err: [] });

    const db = await openDatabase({ databaseUrl: t.databaseUrl, dataDir: t.dataDir });
    await sql`update organizations set balance_micros = balance_micros + 1500001 where id = ${orgId}`.execute(db.db);
    await sql`delete from ledger_entries where usage_event_id = ${events[0]!.id}`.execute(db.db);
    await db.close();

    const human = await svc("reconcile");
    expect(human.code).toBe(3);
    expect(human.out.slice(1)).toEqual([
      "DIFFERENCES FOUND (2 kinds):",
      expect.stringMatching(/^ {2}event_without_debit: 1 \(/),
      `    eventId=${events[0]!.id} orgId=${orgId} keyId=${keyA} costMicros=105 ($0.000105)`,
      expect.stringMatching(/^ {2}balance_differs_from_ledger: 1 \(/),
      `    orgId=${orgId} balanceMicros=6748655 ($6.748655) ledgerMicros=5248759 ($5.248759)`,
    ]);
    const json = await svc("reconcile", "--json");
    expect(json.code).toBe(3);
    expect((JSON.parse(json.out.join("")) as { differences: { kind: string; count: number }[] }).differences.map((d) => [d.kind, d.count])).toEqual([
      ["event_without_debit", 1],
      ["balance_differs_from_ledger", 1],
    ]);
  });
});
