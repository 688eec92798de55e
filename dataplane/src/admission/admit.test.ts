import { describe, expect, it } from "vitest";
import type { KeyEntry, OrgEntry } from "../../../proto/messages.ts";
import { GatewayError } from "../errors.ts";
import { nextMonthStart } from "../routes/account.ts";
import { STALE_AFTER_MS, admit, availableMicros, isolation, utcMonth } from "./admit.ts";
import { SpendTracker } from "./spend-tracker.ts";

const NOW = Date.UTC(2026, 10, 22, 12);
const org = (balance: number): OrgEntry => ({ id: "org_1", balanceMicros: balance });
const key = (over: Partial<KeyEntry> = {}): KeyEntry => ({ id: "key_1", orgId: "org_1", kind: "inference", allModels: true, limits: {}, month: "2026-11", spendMonthMicros: 0, spendTotalMicros: 0, ...over });

function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof GatewayError) return `${e.status} ${e.code}`;
    throw e;
  }
  return "admitted";
}

describe("admission", () => {
  it.each([
    ["enough credit", key(), org(1_000), 1_000, "admitted"],
    ["credit one micro short", key(), org(999), 1_000, "402 organization_credit_exhausted"],
    ["no credit at all", key(), org(0), 0, "402 organization_credit_exhausted"],
    ["monthly budget spent", key({ limits: { monthlyBudgetMicros: 500 }, spendMonthMicros: 500 }), org(10_000), 1, "402 key_monthly_budget_exhausted"],
    ["last month's spend does not count", key({ limits: { monthlyBudgetMicros: 500 }, month: "2026-10", spendMonthMicros: 500 }), org(10_000), 100, "admitted"],
    ["total budget spent", key({ limits: { totalBudgetMicros: 500 }, spendTotalMicros: 450 }), org(10_000), 100, "402 key_total_budget_exhausted"],
  ])("%s → %s", (_, k, o, worst, expected) => {
    expect(refusal(() => admit(k, o, new SpendTracker(), worst, NOW))).toBe(expected);
  });

  it("counts open reservations and unapplied usage until the control plane reports them", () => {
    const t = new SpendTracker();
    const o = org(1_000);
    const r = admit(key(), o, t, 600, NOW);
    expect(availableMicros(o, t)).toBe(400);
    expect(refusal(() => admit(key(), o, t, 600, NOW))).toBe("402 organization_credit_exhausted");
    t.recordPending("ev1", { orgId: "org_1", keyId: "key_1", micros: 250, month: utcMonth(NOW) });
    t.release(r);
    t.release(r); // idempotent
    expect(availableMicros(o, t)).toBe(750);
    t.markApplied(["ev1"]);
    expect(availableMicros(o, t)).toBe(1_000);
    expect(t.openReservations).toBe(0);
  });
});

describe("monthly windows", () => {
  it.each([
    [Date.UTC(2026, 10, 22, 12), "2026-11", "2026-12-01T00:00:00.000Z"],
    [Date.UTC(2026, 11, 31, 23, 59, 59), "2026-12", "2027-01-01T00:00:00.000Z"],
    [Date.UTC(2027, 0, 1, 0, 0, 0), "2027-01", "2027-02-01T00:00:00.000Z"],
  ])("at %d the month is %s and the budget resets at %s", (now, month, reset) => {
    expect(utcMonth(now)).toBe(month);
    expect(nextMonthStart(now)).toBe(reset);
  });
});

describe("while the control plane is unreachable", () => {
  it("each replica spends only its share of the last known balance, so together they cannot overspend", () => {
    const store = { lastHeardAtMs: NOW - STALE_AFTER_MS - 1, replicaCount: 4 };
    expect(isolation(store, NOW)).toBe(4);
    expect(isolation({ ...store, lastHeardAtMs: NOW - 1_000 }, NOW)).toBe(1);
    const t = new SpendTracker();
    const o = org(1_000);
    expect(availableMicros(o, t, 4)).toBe(250);
    expect(refusal(() => admit(key(), o, t, 300, NOW, 4))).toBe("402 organization_credit_exhausted");
    expect(refusal(() => admit(key(), o, t, 200, NOW, 4))).toBe("admitted");
    expect(availableMicros(o, t, 4)).toBe(50);
  });
});
