import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pb } from "../../../proto/messages.ts";
import { isSingleWriter } from "../db/connect.ts";
import * as keySpend from "../db/repositories/key-spend.ts";
import * as keysRepo from "../db/repositories/keys.ts";
import * as ledger from "../db/repositories/ledger.ts";
import * as orgsRepo from "../db/repositories/organizations.ts";
import * as usageEvents from "../db/repositories/usage-events.ts";
import { LEDGER_DATABASES, TEST_SECRET, openTestDatabase, resolveTestModel, usageEvent } from "../test-support.ts";
import type { TestDatabase } from "../test-support.ts";
import { createKey } from "./keys.ts";
import { createOrganization } from "./orgs.ts";
import { applyUsageEvent, applyUsageEvents } from "./usage.ts";

// The embedded ledger inserts a batch plainly and goes again on a repeat, Postgres with `on conflict` (usage-billing.ts):
// every case runs on each
describe.each(LEDGER_DATABASES)("on the %s test database", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase(kind);
  }, 60_000);
  afterAll(async () => {
    await t.dispose();
  });

  it("counts only the embedded PGlite, outside a transaction, as the single writer whose batches are inserted plainly", async () => {
    expect(isSingleWriter(t.db)).toBe(t.kind === "pglite");
    await t.db.transaction().execute(async (trx) => expect(isSingleWriter(trx)).toBe(false));
  });

  async function orgWithKey(creditMicros = 1_000_000) {
    const { org } = await createOrganization(t.db, TEST_SECRET, { name: "Usage", creditMicros });
    const { key } = await createKey(t.db, TEST_SECRET, org.id, {}, resolveTestModel);
    return { orgId: org.id, keyId: key.id };
  }

  async function money(orgId: string, keyId: string, month: string) {
    return {
      balance: (await orgsRepo.findOrganization(t.db, orgId))?.balanceMicros,
      ledgerSum: await ledger.sumLedger(t.db, orgId),
      usageEntries: (await ledger.listLedgerEntries(t.db, orgId)).filter((e) => e.kind === "usage").length,
      spendTotal: (await keysRepo.findKeyById(t.db, keyId))?.spendTotalMicros,
      spendMonth: await keySpend.findMonthlySpend(t.db, keyId, month),
    };
  }

  describe("applyUsageEvent", () => {
    it("bills an event exactly once when it is applied twice", async () => {
      const { orgId, keyId } = await orgWithKey(1_000_000);
      const at = Date.UTC(2026, 10, 15, 12);
      const event = usageEvent({ orgId, keyId, costMicros: 1_234, createdAtMs: at });

      expect(await applyUsageEvent(t.db, event)).toEqual({ applied: true, orgId, keyId });
      const once = await money(orgId, keyId, "2026-11");
      expect(await applyUsageEvent(t.db, event)).toEqual({ applied: false, orgId, keyId });
      const twice = await money(orgId, keyId, "2026-11");

      expect(once).toEqual({ balance: 998_766, ledgerSum: 998_766, usageEntries: 1, spendTotal: 1_234, spendMonth: 1_234 });
      expect(twice).toEqual(once);
    });

    it("applies an event as the bus delivers it (protobuf-decoded, unset counts null)", async () => {
      const { orgId, keyId } = await orgWithKey(1_000);
      const bytes = pb.UsageEvent.encode(usageEvent({ orgId, keyId, costMicros: 9, inputTokens: 0, outputTokens: null })).finish();
      const decoded = pb.UsageEvent.decode(bytes);
      expect((await applyUsageEvent(t.db, decoded)).applied).toBe(true);
      expect(await usageEvents.findUsageEvent(t.db, decoded.id)).toMatchObject({ costMicros: 9, inputTokens: 0, outputTokens: null });
      expect((await applyUsageEvent(t.db, pb.UsageEvent.decode(bytes))).applied).toBe(false);
    });

    it("applies concurrent deliveries of one event once", async () => {
      const { orgId, keyId } = await orgWithKey(1_000_000);
      const event = usageEvent({ orgId, keyId, costMicros: 500, createdAtMs: Date.UTC(2026, 10, 2) });
      const results = await Promise.all([1, 2, 3, 4].map(() => applyUsageEvent(t.db, event)));
      expect(results.filter((r) => r.applied)).toHaveLength(1);
      expect(await money(orgId, keyId, "2026-11")).toMatchObject({ balance: 999_500, usageEntries: 1, spendMonth: 500 });
    });

    it("records zero-cost events (count_tokens) with their ledger line and no money moved", async () => {
      const { orgId, keyId } = await orgWithKey(700);
      const event = usageEvent({ orgId, keyId, costMicros: 0, endpoint: "/v1/messages/count_tokens" });
      expect((await applyUsageEvent(t.db, event)).applied).toBe(true);
      expect(await usageEvents.findUsageEvent(t.db, event.id ?? "")).toMatchObject({ costMicros: 0, endpoint: "/v1/messages/count_tokens" });
      expect((await ledger.listLedgerEntries(t.db, orgId)).filter((e) => e.kind === "usage")).toMatchObject([
        { amountMicros: 0, usageEventId: event.id, keyId },
      ]);
      expect((await orgsRepo.findOrganization(t.db, orgId))?.balanceMicros).toBe(700);
    });

    it("counts spend in the event's UTC month, so last month's event does not count this month", async () => {
      const { orgId, keyId } = await orgWithKey(10_000);
      // 23:30 on Oct 31 in UTC-2 is already November in UTC; 23:59:59.999Z on Oct 31 is still October.
      await applyUsageEvent(t.db, usageEvent({ orgId, keyId, costMicros: 100, createdAtMs: Date.UTC(2026, 9, 31, 23, 59, 59, 999) }));
      await applyUsageEvent(t.db, usageEvent({ orgId, keyId, costMicros: 30, createdAtMs: Date.UTC(2026, 10, 1, 0, 0, 0) }));
      expect(await keySpend.findMonthlySpend(t.db, keyId, "2026-10")).toBe(100);
      expect(await keySpend.findMonthlySpend(t.db, keyId, "2026-11")).toBe(30);
      expect(await money(orgId, keyId, "2026-11")).toMatchObject({ balance: 9_870, spendTotal: 130, spendMonth: 30 });
    });

    it("stores every field of every event of a batch as sent, text that needs quoting included", async () => {
      const { orgId, keyId } = await orgWithKey();
      const odd = 'a "quoted", {braced} \\ back\\slashed, NULL';
      const sent = [
        usageEvent({ orgId, keyId, model: odd, provider: "p,1", endpoint: "/v1/x{y}", status: 502, streamed: true, inputTokens: 12, outputTokens: 34, cachedInputTokens: 5, cacheWriteTokens: 6, reasoningTokens: 7, costMicros: 2 ** 40, latencyMs: 2 ** 40, upstreamLatencyMs: 9, errorCode: odd, replicaId: "r\"1", requestId: "req,1", createdAtMs: Date.UTC(2026, 10, 3, 4, 5, 6, 789) }),
        usageEvent({ orgId, keyId, streamed: false, inputTokens: null, outputTokens: 0, errorCode: "", costMicros: 0 }),
      ];
      const r = await applyUsageEvents(t.db, sent);
      expect(r.applied.map((a) => a.applied)).toEqual([true, true]);
      const [a, b] = await Promise.all(sent.map((e) => usageEvents.findUsageEvent(t.db, e.id!)));
      expect(a).toMatchObject({
        orgId, keyId, model: odd, provider: "p,1", endpoint: "/v1/x{y}", status: 502, streamed: true,
        inputTokens: 12, outputTokens: 34, cachedInputTokens: 5, cacheWriteTokens: 6, reasoningTokens: 7,
        costMicros: 2 ** 40, latencyMs: 2_147_483_647, upstreamLatencyMs: 9, errorCode: odd, replicaId: 'r"1', requestId: "req,1",
        createdAt: new Date(Date.UTC(2026, 10, 3, 4, 5, 6, 789)),
      });
      expect(b).toMatchObject({ streamed: false, inputTokens: null, outputTokens: 0, errorCode: null, costMicros: 0 });
      const entries = (await ledger.listLedgerEntries(t.db, orgId)).filter((e) => e.kind === "usage");
      expect(entries.map((e) => [e.usageEventId, e.amountMicros, e.keyId])).toEqual([
        [sent[0]!.id, -(2 ** 40), keyId],
        [sent[1]!.id, 0, keyId],
      ]);
    });

    it("keeps unreported token counts as null, distinct from 0", async () => {
      const { orgId, keyId } = await orgWithKey();
      const event = usageEvent({ orgId, keyId, inputTokens: 0, outputTokens: null, cachedInputTokens: undefined, reasoningTokens: 7 });
      await applyUsageEvent(t.db, event);
      expect(await usageEvents.findUsageEvent(t.db, event.id ?? "")).toMatchObject({
        inputTokens: 0,
        outputTokens: null,
        cachedInputTokens: null,
        cacheWriteTokens: null,
        reasoningTokens: 7,
        errorCode: null,
        replicaId: "replica-a",
      });
    });

    it("bills the key's own organization even if the event names another", async () => {
      const a = await orgWithKey(1_000);
      const b = await orgWithKey(1_000);
      const r = await applyUsageEvent(t.db, usageEvent({ orgId: b.orgId, keyId: a.keyId, costMicros: 10 }));
      expect(r.orgId).toBe(a.orgId);
      expect((await orgsRepo.findOrganization(t.db, a.orgId))?.balanceMicros).toBe(990);
      expect((await orgsRepo.findOrganization(t.db, b.orgId))?.balanceMicros).toBe(1_000);
    });

    it.each([
      ["an unknown key", { keyId: "key_unknown" }],
      ["no id", { id: "" }],
      ["a negative cost", { costMicros: -5 }],
    ])("refuses an event with %s as invalid_usage_event, changing nothing", async (_label, override) => {
      const { orgId, keyId } = await orgWithKey(1_000);
      const event = usageEvent({ orgId, keyId, ...override });
      await expect(applyUsageEvent(t.db, event)).rejects.toMatchObject({ code: "invalid_usage_event" });
      expect(await ledger.sumLedger(t.db, orgId)).toBe(1_000);
    });
  });

  describe("applyUsageEvents (one statement per batch)", () => {
    it("bills a batch around an event the database refuses, reporting that one, and the same again changes nothing", async () => {
      const { orgId, keyId } = await orgWithKey(1_000_000);
      const at = Date.UTC(2026, 10, 15, 12);
      // a rule the schema does not know: the database is the one refusing, as with a failure nobody foresaw
      await sql`alter table usage_events add constraint test_refuses_model check (model <> 'refused-by-test')`.execute(t.db);
      try {
        const a = usageEvent({ orgId, keyId, costMicros: 10, createdAtMs: at });
        const refused = usageEvent({ orgId, keyId, costMicros: 1_000, createdAtMs: at, model: "refused-by-test" });
        const b = usageEvent({ orgId, keyId, costMicros: 20, createdAtMs: at });
        const r = await applyUsageEvents(t.db, [a, refused, b]);
        expect(r.poison).toEqual([{ index: 1, reason: "The ledger refused the usage event (SQLSTATE 23514)." }]);
        expect(r.applied).toEqual([
          { id: a.id, applied: true, orgId, keyId },
          { id: b.id, applied: true, orgId, keyId },
        ]);
        const again = await applyUsageEvents(t.db, [a, refused, b]);
        expect(again.poison).toEqual(r.poison);
        expect(again.applied.map((x) => x.applied)).toEqual([false, false]);
        expect(await money(orgId, keyId, "2026-11")).toEqual({ balance: 999_970, ledgerSum: 999_970, usageEntries: 2, spendTotal: 30, spendMonth: 30 });
      } finally {
        await sql`alter table usage_events drop constraint test_refuses_model`.execute(t.db);
      }
    });

    it("bills only the new events of a batch that repeats some, as a replay after a crash does", async () => {
      const { orgId, keyId } = await orgWithKey(1_000_000);
      const at = Date.UTC(2026, 10, 15, 12);
      const before = [usageEvent({ orgId, keyId, costMicros: 100, createdAtMs: at }), usageEvent({ orgId, keyId, costMicros: 200, createdAtMs: at })];
      expect((await applyUsageEvents(t.db, before)).applied.map((x) => x.applied)).toEqual([true, true]);
      const fresh = [usageEvent({ orgId, keyId, costMicros: 30, createdAtMs: at }), usageEvent({ orgId, keyId, costMicros: 4, createdAtMs: at })];
      const r = await applyUsageEvents(t.db, [fresh[0]!, before[1]!, fresh[1]!, before[0]!]);
      expect(r.applied.map((x) => [x.id, x.applied])).toEqual([
        [fresh[0]!.id, true],
        [before[1]!.id, false],
        [fresh[1]!.id, true],
        [before[0]!.id, false],
      ]);
      expect(r.poison).toEqual([]);
      expect(await money(orgId, keyId, "2026-11")).toEqual({ balance: 999_666, ledgerSum: 999_666, usageEntries: 4, spendTotal: 334, spendMonth: 334 });
    });

    it("throws, billing nothing, when the database fails for a reason that is not the batch's data", async () => {
      const { orgId, keyId } = await orgWithKey(1_000_000);
      const event = usageEvent({ orgId, keyId, costMicros: 10, createdAtMs: Date.UTC(2026, 10, 15, 12) });
      // inside a transaction that an earlier statement aborted, every statement fails (SQLSTATE 25P02)
      const failed = t.db.transaction().execute(async (trx) => {
        await sql`select 1 / 0`.execute(trx).catch(() => undefined);
        await applyUsageEvents(trx, [event]);
      });
      await expect(failed).rejects.toMatchObject({ code: "25P02" });
      expect(await money(orgId, keyId, "2026-11")).toMatchObject({ balance: 1_000_000, usageEntries: 0 });
    });

    it("refuses as poison what the ledger cannot store, and bills the rest of the batch", async () => {
      const { orgId, keyId } = await orgWithKey(1_000_000);
      const at = Date.UTC(2026, 10, 15, 12);
      const good = usageEvent({ orgId, keyId, costMicros: 40, createdAtMs: at });
      // each of these made the batch's statement fail (checked), and with it every redelivery of the batch
      const bad = [
        usageEvent({ orgId, keyId, costMicros: 1, createdAtMs: at, status: 2 ** 31 }),
        usageEvent({ orgId, keyId, costMicros: 1, createdAtMs: at, model: "gpt\u0000x" }),
        usageEvent({ orgId, keyId, costMicros: 1, createdAtMs: Date.UTC(10_000, 0, 1) }), // month "+010000"
        usageEvent({ orgId, keyId: "key\u0000", costMicros: 1, createdAtMs: at }),
      ];
      const r = await applyUsageEvents(t.db, [bad[0]!, good, ...bad.slice(1)]);
      expect(r.poison).toEqual([
        { index: 0, reason: "Usage event has an invalid 'status'." },
        { index: 2, reason: "Usage event has an invalid 'model'." },
        { index: 3, reason: "Usage event has an invalid 'createdAtMs'." },
        { index: 4, reason: "Usage event has an invalid 'keyId'." },
      ]);
      expect(r.applied).toEqual([{ id: good.id, applied: true, orgId, keyId }]);
      expect(await money(orgId, keyId, "2026-11")).toEqual({ balance: 999_960, ledgerSum: 999_960, usageEntries: 1, spendTotal: 40, spendMonth: 40 });
    });

    it("bills a batch with repeats and a poison event: each new event once, the poison one reported", async () => {
      const { orgId, keyId } = await orgWithKey(1_000_000);
      const other = await orgWithKey(1_000_000);
      const at = Date.UTC(2026, 10, 15, 12);
      const a = usageEvent({ orgId, keyId, costMicros: 100, createdAtMs: at });
      const b = usageEvent({ orgId, keyId, costMicros: 50, createdAtMs: Date.UTC(2026, 9, 31, 23) }); // October
      const c = usageEvent({ orgId: other.orgId, keyId: other.keyId, costMicros: 7, createdAtMs: at });
      const unknownKey = usageEvent({ orgId, keyId: "key_nobody", costMicros: 1_000, createdAtMs: at });
      const r = await applyUsageEvents(t.db, [a, b, a, unknownKey, c, b]);
      expect(r.poison).toEqual([{ index: 3, reason: "Usage event names an unknown key." }]);
      expect(r.applied.filter((x) => x.applied).map((x) => x.id).sort()).toEqual([a.id, b.id, c.id].sort());
      expect(r.applied.filter((x) => !x.applied).map((x) => x.id).sort()).toEqual([a.id, b.id].sort());
      expect(await money(orgId, keyId, "2026-11")).toEqual({ balance: 1_000_000 - 150, ledgerSum: 1_000_000 - 150, usageEntries: 2, spendTotal: 150, spendMonth: 100 });
      expect(await keySpend.findMonthlySpend(t.db, keyId, "2026-10")).toBe(50);
      expect(await money(other.orgId, other.keyId, "2026-11")).toMatchObject({ balance: 1_000_000 - 7, usageEntries: 1 });
      // the same batch again changes nothing
      const again = await applyUsageEvents(t.db, [a, b, c]);
      expect(again.applied.every((x) => !x.applied)).toBe(true);
      expect(await money(orgId, keyId, "2026-11")).toMatchObject({ balance: 1_000_000 - 150, usageEntries: 2 });
    });
  });
});
