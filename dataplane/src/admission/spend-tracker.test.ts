import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { newRequestId, ownRequestCounter } from "../http/request-id.ts";
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

describe("SpendTracker's usage recorded through the reservation", () => {
  it("counts it against the reservation's org and key, as recorded by id would", () => {
    const t = new SpendTracker();
    const r = t.reserve("org-1", "key-1", 500);
    t.recordPendingOf(r, "evt-1", 200, "2026-11");
    t.recordPendingOf(r, "evt-1", 200, "2026-11"); // a repeat counts once
    t.release(r);
    expect([t.orgOutstanding("org-1"), t.keyOutstanding("key-1"), t.keyPendingInMonth("key-1", "2026-11"), t.keyOutstandingInMonth("key-1", "2026-10")]).toEqual([200, 200, 200, 0]);
    t.markApplied(["evt-1"]);
    expect([t.orgOutstanding("org-1"), t.keyOutstanding("key-1"), t.pendingEvents]).toEqual([0, 0, 0]);
  });

  it("keeps an org's and a key's sums while a reservation holds them, however many others come and go", () => {
    const t = new SpendTracker();
    // a free call reserves nothing, yet its usage (priced after the answer) must land in the sums admission reads
    const free = t.reserve("org-free", "key-free", 0);
    const paid = t.reserve("org-paid", "key-paid", 10);
    t.release(paid);
    for (let i = 0; i < 5_000; i++) t.release(t.reserve(`org-${i}`, `key-${i}`, 1));
    t.recordPendingOf(free, "evt-free", 70, "2026-11");
    t.release(free);
    expect([t.orgOutstanding("org-free"), t.keyOutstanding("key-free"), t.keyPendingInMonth("key-free", "2026-11")]).toEqual([70, 70, 70]);
    // and an entry dropped while idle starts again from zero
    expect([t.orgOutstanding("org-paid"), t.keyOutstanding("key-paid")]).toEqual([0, 0]);
    const again = t.reserve("org-paid", "key-paid", 5);
    expect([t.orgOutstanding("org-paid"), t.keyOutstanding("key-paid")]).toEqual([5, 5]);
    t.release(again);
    for (let i = 0; i < 5_000; i++) t.release(t.reserve(`org-b${i}`, `key-b${i}`, 1));
    // pending usage keeps its entries too, until applied
    expect([t.orgOutstanding("org-free"), t.keyPendingTotal("key-free")]).toEqual([70, 70]);
    t.markApplied(["evt-free"]);
    expect([t.orgOutstanding("org-free"), t.keyPendingTotal("key-free"), t.pendingEvents, t.openReservations]).toEqual([0, 0, 0, 0]);
  });

  it("agrees with plain sums for any sequence of reservations, releases, usage recorded either way and applied marks", () => {
    type Op =
      | { kind: "reserve"; orgId: string; keyId: string; micros: number }
      | { kind: "release"; which: number }
      | { kind: "usage"; which: number; id: string; micros: number; month: string }
      | { kind: "byId"; id: string; orgId: string; keyId: string; micros: number; month: string }
      | { kind: "applied"; ids: string[] };
    const ids = fc.constantFrom("e1", "e2", "e3", "e4", "e5", "e6", newRequestId(), newRequestId());
    const orgId = fc.constantFrom("o1", "o2");
    const keyId = fc.constantFrom("k1", "k2", "k3");
    const month = fc.constantFrom("2026-10", "2026-11", "2026-12");
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ kind: fc.constant("reserve" as const), orgId, keyId, micros: fc.integer({ min: 0, max: 1000 }) }),
      fc.record({ kind: fc.constant("release" as const), which: fc.nat(20) }),
      fc.record({ kind: fc.constant("usage" as const), which: fc.nat(20), id: ids, micros: fc.integer({ min: 1, max: 1000 }), month }),
      fc.record({ kind: fc.constant("byId" as const), id: ids, orgId, keyId, micros: fc.integer({ min: 1, max: 1000 }), month }),
      fc.record({ kind: fc.constant("applied" as const), ids: fc.array(ids, { maxLength: 4 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 120 }), (ops) => {
        const t = new SpendTracker();
        const held: { r: ReturnType<SpendTracker["reserve"]>; orgId: string; keyId: string; micros: number; open: boolean }[] = [];
        const pending = new Map<string, { orgId: string; keyId: string; micros: number; month: string }>();
        for (const o of ops) {
          if (o.kind === "reserve") held.push({ r: t.reserve(o.orgId, o.keyId, o.micros), orgId: o.orgId, keyId: o.keyId, micros: o.micros, open: true });
          else if (o.kind === "release" && held.length > 0) {
            const h = held[o.which % held.length]!;
            t.release(h.r);
            h.open = false;
          } else if (o.kind === "usage" && held.some((h) => h.open)) {
            const open = held.filter((h) => h.open);
            const h = open[o.which % open.length]!;
            t.recordPendingOf(h.r, o.id, o.micros, o.month);
            if (!pending.has(o.id)) pending.set(o.id, { orgId: h.orgId, keyId: h.keyId, micros: o.micros, month: o.month });
          } else if (o.kind === "byId") {
            t.recordPending(o.id, o);
            if (!pending.has(o.id)) pending.set(o.id, o);
          } else if (o.kind === "applied") {
            t.markApplied(o.ids);
            for (const id of o.ids) pending.delete(id);
          }
        }
        const usage = (f: (e: { orgId: string; keyId: string; month: string }) => boolean) => [...pending.values()].filter(f).reduce((a, e) => a + e.micros, 0);
        const reserved = (f: (h: { orgId: string; keyId: string }) => boolean) => held.filter((h) => h.open && f(h)).reduce((a, h) => a + h.micros, 0);
        expect([t.pendingEvents, t.openReservations]).toEqual([pending.size, held.filter((h) => h.open).length]);
        for (const org of ["o1", "o2"]) expect(t.orgOutstanding(org)).toBe(usage((e) => e.orgId === org) + reserved((h) => h.orgId === org));
        for (const key of ["k1", "k2", "k3"]) {
          expect(t.keyOutstanding(key)).toBe(usage((e) => e.keyId === key) + reserved((h) => h.keyId === key));
          for (const m of ["2026-10", "2026-11", "2026-12"]) {
            expect(t.keyPendingInMonth(key, m)).toBe(usage((e) => e.keyId === key && e.month === m));
            expect(t.keyOutstandingInMonth(key, m)).toBe(usage((e) => e.keyId === key && e.month === m) + reserved((h) => h.keyId === key));
          }
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe("SpendTracker across a month's turn", () => {
  it("keeps last month's pending usage in last month once this month's first event comes", () => {
    const t = new SpendTracker();
    t.recordPending("nov-1", { orgId: "o", keyId: "k", micros: 100, month: "2026-11" });
    t.recordPending("nov-2", { orgId: "o", keyId: "k2", micros: 7, month: "2026-11" });
    expect(t.keyPendingInMonth("k", "2026-12")).toBe(0);
    t.recordPending("dec-1", { orgId: "o", keyId: "k", micros: 40, month: "2026-12" });
    expect([t.keyPendingInMonth("k", "2026-11"), t.keyPendingInMonth("k", "2026-12"), t.keyPendingInMonth("k2", "2026-11")]).toEqual([100, 40, 7]);
    // an event of the month before, recorded late (a replayed spool), and November's applied after the turn
    t.recordPending("nov-3", { orgId: "o", keyId: "k", micros: 5, month: "2026-11" });
    t.markApplied(["nov-1"]);
    expect([t.keyPendingInMonth("k", "2026-11"), t.keyOutstandingInMonth("k", "2026-12"), t.keyPendingTotal("k")]).toEqual([5, 40, 45]);
    t.markApplied(["nov-2", "nov-3", "dec-1"]);
    expect([t.keyPendingInMonth("k", "2026-11"), t.keyPendingInMonth("k", "2026-12"), t.keyPendingInMonth("k2", "2026-11"), t.orgOutstanding("o")]).toEqual([0, 0, 0, 0]);
  });
});

describe("SpendTracker's pending events, keyed by the request id's counter", () => {
  const prefix = newRequestId().slice(0, 20);
  const own = (counter: number) => prefix + counter.toString(16).padStart(16, "0");

  it("reads this process's request ids' counters, and nothing else as one", () => {
    const id = newRequestId();
    expect(ownRequestCounter(id)).toBe(Number.parseInt(id.slice(20), 16));
    expect(ownRequestCounter(own(2 ** 53 - 1))).toBe(2 ** 53 - 1);
    expect([ownRequestCounter(prefix + "f".repeat(16)), ownRequestCounter(`${prefix}${"0".repeat(15)}g`), ownRequestCounter(`req_${"0".repeat(32)}`), ownRequestCounter(id.slice(0, -1)), ownRequestCounter("evt-1")]).toEqual([-1, -1, -1, -1, -1]);
  });

  it("agrees with a plain map of ids for any sequence, own ids whose counters share their low bits among them", () => {
    const ids = fc.oneof(
      fc.nat(30).map((n) => own(n)),
      fc.nat(30).map((n) => own(n + 2 ** 30)),
      fc.nat(30).map((n) => own(n + 3 * 2 ** 30)),
      fc.constantFrom(own(2 ** 53 - 1), prefix + "f".repeat(16), `${prefix}${"0".repeat(15)}g`, `req_${"0".repeat(32)}`),
      fc.string({ maxLength: 4 }),
    );
    const op = fc.oneof(
      fc.record({ id: ids, orgId: fc.constantFrom("o1", "o2"), keyId: fc.constantFrom("k1", "k2", "k3"), micros: fc.integer({ min: 1, max: 1000 }), month: fc.constantFrom("2026-10", "2026-11") }),
      fc.array(ids, { maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 150 }), (ops) => {
        const t = new SpendTracker();
        const ref = new Map<string, { orgId: string; keyId: string; micros: number; month: string }>();
        for (const o of ops) {
          if (Array.isArray(o)) {
            t.markApplied(o);
            for (const id of o) ref.delete(id);
          } else {
            t.recordPending(o.id, o);
            if (!ref.has(o.id)) ref.set(o.id, o);
          }
        }
        const sum = (f: (e: { orgId: string; keyId: string; month: string }) => boolean) => [...ref.values()].filter(f).reduce((a, e) => a + e.micros, 0);
        expect(t.pendingEvents).toBe(ref.size);
        for (const org of ["o1", "o2"]) expect(t.orgOutstanding(org)).toBe(sum((e) => e.orgId === org));
        for (const key of ["k1", "k2", "k3"]) {
          expect(t.keyPendingTotal(key)).toBe(sum((e) => e.keyId === key));
          for (const month of ["2026-10", "2026-11"]) expect(t.keyPendingInMonth(key, month)).toBe(sum((e) => e.keyId === key && e.month === month));
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("keeps every sum right through bursts of thousands pending and applied, the arrays compacted between them", () => {
    const t = new SpendTracker();
    const ref = new Map<string, { keyId: string; micros: number }>();
    let counter = 10;
    for (let round = 0; round < 6; round++) {
      // a burst (the ledger behind), then all but a scattered few applied, some of them ids by text
      const ids: string[] = [];
      for (let i = 0; i < 9_000; i++) {
        const id = i % 1_000 === 0 ? `evt-${round}-${i}` : own(counter++ + (i % 5_000 === 1 ? 2 ** 30 : 0));
        const e = { orgId: "o", keyId: `k${i % 7}`, micros: 1 + (i % 13), month: "2026-11" };
        t.recordPending(id, e);
        if (!ref.has(id)) ref.set(id, e);
        ids.push(id);
      }
      const applied = ids.filter((_, i) => i % 97 !== round);
      t.markApplied(applied);
      for (const id of applied) ref.delete(id);
      expect(t.pendingEvents).toBe(ref.size);
      for (let k = 0; k < 7; k++) expect(t.keyPendingTotal(`k${k}`)).toBe([...ref.values()].filter((e) => e.keyId === `k${k}`).reduce((a, e) => a + e.micros, 0));
    }
    t.markApplied([...ref.keys()]);
    expect([t.pendingEvents, t.orgOutstanding("o"), t.keyPendingInMonth("k3", "2026-11")]).toEqual([0, 0, 0]);
  });
});
