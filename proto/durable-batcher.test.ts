import { describe, expect, it } from "vitest";
import { DurableBatcher, type DurableItem } from "./durable-batcher.ts";

const item = (n: number) => ({ data: new Uint8Array([n]), msgId: `e${n}` });

describe("DurableBatcher", () => {
  it("sends what was published in one moment as one batch, in order, and resolves every caller", async () => {
    const sent: DurableItem[][] = [];
    const b = new DurableBatcher(async (items) => void sent.push(items));
    await Promise.all([1, 2, 3].map((n) => b.publish(item(n).data, item(n).msgId)));
    expect(sent.map((batch) => batch.map((i) => i.msgId))).toEqual([["e1", "e2", "e3"]]);
  });

  it("sends a full batch at once, without waiting for the linger", async () => {
    const sent: DurableItem[][] = [];
    const b = new DurableBatcher(async (items) => void sent.push(items), { max: 2, lingerMs: 60_000 });
    const p = [1, 2, 3].map((n) => b.publish(item(n).data, item(n).msgId));
    await p[0];
    await p[1];
    expect(sent.map((batch) => batch.length)).toEqual([2]);
    b.flush();
    await p[2];
    expect(sent.map((batch) => batch.length)).toEqual([2, 1]);
  });

  it("rejects every caller of a batch that failed, and only those", async () => {
    let fail = true;
    const b = new DurableBatcher(async () => {
      if (fail) throw new Error("bus down");
    });
    const first = [1, 2].map((n) => b.publish(item(n).data, item(n).msgId).then(() => "ok", () => "failed"));
    expect(await Promise.all(first)).toEqual(["failed", "failed"]);
    fail = false;
    expect(await b.publish(item(3).data, item(3).msgId).then(() => "ok")).toBe("ok");
  });

  it("gives the events of one batch one promise, and the next batch another", async () => {
    const b = new DurableBatcher(async () => undefined, { max: 2, lingerMs: 60_000 });
    const [p1, p2, p3] = [1, 2, 3].map((n) => b.publish(item(n).data, item(n).msgId));
    expect(p1).toBe(p2);
    expect(p3).not.toBe(p1);
    b.flush();
    await Promise.all([p1, p3]);
  });

  it("turns a send that throws synchronously into rejections", async () => {
    const b = new DurableBatcher(() => {
      throw new Error("closed");
    });
    await expect(b.publish(item(1).data, item(1).msgId)).rejects.toThrow("closed");
  });
});
