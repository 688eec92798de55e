import { describe, expect, it } from "vitest";
import { SpendTracker } from "./spend-tracker.ts";

describe("SpendTracker", () => {
  it("counts reservations and pending usage per org, key and month until released and applied", () => {
    const t = new SpendTracker();
    const r = t.reserve("org-1", "key-1", 500);
    t.recordPending("evt-1", { orgId: "org-1", keyId: "key-1", micros: 200, month: "2026-11" });
    t.recordPending("evt-2", { orgId: "org-1", keyId: "key-1", micros: 300, month: "2026-10" });
    t.recordPending("evt-2", { orgId: "org-1", keyId: "key-1", micros: 300, month: "2026-10" }); // a repeat counts once
    expect(t.orgOutstanding("org-1")).toBe(1000);
    expect(t.keyOutstanding("key-1")).toBe(1000);
    expect(t.keyOutstandingInMonth("key-1", "2026-11")).toBe(700);
    expect(t.keyPendingInMonth("key-1", "2026-10")).toBe(300);
    expect(t.keyPendingTotal("key-1")).toBe(500);
    expect([t.pendingEvents, t.openReservations]).toEqual([2, 1]);

    t.release(r);
    t.release(r); // idempotent
    t.markApplied(["evt-1", "evt-unknown", "evt-1"]);
    expect(t.orgOutstanding("org-1")).toBe(300);
    expect(t.keyOutstandingInMonth("key-1", "2026-11")).toBe(0);
    expect([t.pendingEvents, t.openReservations]).toEqual([1, 0]);
    t.markApplied(["evt-2"]);
    expect([t.orgOutstanding("org-1"), t.keyOutstanding("key-1"), t.pendingEvents]).toEqual([0, 0, 0]);
  });

  it("keeps every sum right while ids come and go by the thousand", () => {
    const t = new SpendTracker();
    const held = [];
    for (let i = 0; i < 5000; i++) {
      const r = t.reserve(`org-${i % 3000}`, `key-${i}`, 10);
      if (i % 7 === 0) held.push(r);
      else t.release(r);
    }
    // zero sums are dropped as the maps fill up; what is still held must survive every rebuild
    expect(t.openReservations).toBe(held.length);
    expect(t.orgOutstanding("org-0")).toBe(10); // i = 0 held, i = 3000 released
    expect(t.orgOutstanding("org-7")).toBe(10);
    expect(t.orgOutstanding("org-1")).toBe(0);
    expect(t.keyOutstanding("key-4997")).toBe(0);
    expect(t.keyOutstanding("key-4991")).toBe(10);
    for (const r of held) t.release(r);
    expect([t.orgOutstanding("org-0"), t.keyOutstanding("key-4991"), t.openReservations]).toEqual([0, 0, 0]);
    const again = t.reserve("org-1", "key-1", 3);
    expect([t.orgOutstanding("org-1"), t.keyOutstanding("key-1")]).toEqual([3, 3]);
    t.release(again);
  });
});
