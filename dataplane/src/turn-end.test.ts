import { describe, expect, it } from "vitest";
import { afterTurnEndWrites, atTurnEnd, beforeTurnEndWrites } from "./turn-end.ts";

describe("the end of the event loop's turn", () => {
  it("runs the spool's work, then the writes, then the bookkeeping, each in the order queued, after the turn", async () => {
    const ran: string[] = [];
    afterTurnEndWrites(() => ran.push("log 1"));
    atTurnEnd(() => ran.push("write 1"));
    beforeTurnEndWrites(() => ran.push("spool"));
    atTurnEnd(() => ran.push("write 2"));
    afterTurnEndWrites(() => ran.push("log 2"));
    await Promise.resolve();
    expect(ran).toEqual([]);
    await new Promise((r) => setImmediate(r));
    expect(ran).toEqual(["spool", "write 1", "write 2", "log 1", "log 2"]);
  });

  it("what a write queues goes to the next turn's end, not lost", async () => {
    const ran: string[] = [];
    atTurnEnd(() => {
      ran.push("write");
      afterTurnEndWrites(() => ran.push("log queued by the write"));
    });
    await new Promise((r) => setImmediate(r));
    expect(ran).toEqual(["write"]);
    await new Promise((r) => setImmediate(r));
    expect(ran).toEqual(["write", "log queued by the write"]);
  });
});
