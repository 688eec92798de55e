import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Spool } from "./spool.ts";
import { readRecords } from "./spool-records.ts";

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), "spool-"));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const RECORD = new Uint8Array(96).fill(7);
const FRAMED = RECORD.length + 4;
const segmentsIn = (dir: string) => readdirSync(dir).filter((n) => n.endsWith(".log"));
const recordsIn = (dir: string) => segmentsIn(dir).flatMap((n) => readRecords(readFileSync(join(dir, n))));
/** Settled segments are deleted by libuv's threads, after the call that settled them returns. */
const untilNoSegments = (dir: string) => vi.waitFor(() => expect(segmentsIn(dir)).toEqual([]), { timeout: 2000, interval: 5 });

describe("appendAll", () => {
  it("writes several records in one write, each read back whole, all counted in flight on one segment", async () => {
    const dir = tempDir();
    const spool = new Spool(dir, "r1", { maxBytes: 1 << 20 });
    const records = [new Uint8Array([1]), new Uint8Array(300).fill(2), new Uint8Array(0), new Uint8Array([3, 3])];
    const seg = spool.appendAll(records)!;
    expect(seg.inFlight).toBe(4);
    expect(spool.bytes).toBe(4 * 4 + 1 + 300 + 0 + 2);
    expect(recordsIn(dir).map((r) => Buffer.from(r).toString("hex"))).toEqual(records.map((r) => Buffer.from(r).toString("hex")));
    for (let i = 0; i < 4; i++) spool.stored(seg);
    spool.tick(Date.now() + 60_000);
    expect(spool.bytes).toBe(0);
    await untilNoSegments(dir);
    spool.close();
  });
});

describe("the spool's bound", () => {
  it("is full from maxBytes on, never refuses an append, and is free again once the bus has taken the records", async () => {
    const dir = tempDir();
    const spool = new Spool(dir, "r1", { maxBytes: 10 * FRAMED, segmentBytes: 4 * FRAMED });
    const segs = [];
    for (let i = 0; i < 9; i++) {
      const seg = spool.append(RECORD)!;
      spool.notStored(seg);
      segs.push(seg);
    }
    expect(spool.bytes).toBe(9 * FRAMED);
    expect(spool.full).toBe(false);
    spool.notStored(spool.append(RECORD)!);
    expect(spool.bytes).toBe(10 * FRAMED);
    expect(spool.full).toBe(true);
    // requests admitted before the bound was reached still finish: their events are kept, past the bound
    const late = spool.append(RECORD);
    expect(late).toBeDefined();
    spool.notStored(late!);
    expect(spool.bytes).toBe(11 * FRAMED);
    expect(spool.unsent).toBe(11);
    expect(recordsIn(dir)).toHaveLength(11);

    for (const seg of spool.toReplay()) {
      const records = spool.startReplay(seg);
      expect(records.every((r) => Buffer.from(r).equals(Buffer.from(RECORD)))).toBe(true);
      spool.finishReplay(seg, 0);
    }
    expect(spool.bytes).toBe(0);
    expect(spool.full).toBe(false);
    expect(spool.unsent).toBe(0);
    await untilNoSegments(dir);
    spool.close();
  });

  it("a segment whose records the bus refused again is kept whole for the next try", () => {
    const dir = tempDir();
    const spool = new Spool(dir, "r1", { maxBytes: 1 << 20 });
    for (let i = 0; i < 3; i++) spool.notStored(spool.append(RECORD)!);
    const [seg] = spool.toReplay();
    expect(spool.startReplay(seg!)).toHaveLength(3);
    spool.finishReplay(seg!, 2);
    expect(spool.unsent).toBe(2);
    expect(recordsIn(dir)).toHaveLength(3);
    expect(spool.toReplay()).toEqual([seg]);
    spool.close();
  });

  it("in steady state holds only the open segment: one whose records were all stored goes when it closes", async () => {
    const dir = tempDir();
    const spool = new Spool(dir, "r1", { maxBytes: 1 << 20, segmentMs: 0 });
    const seg = spool.append(RECORD)!;
    expect(recordsIn(dir)).toHaveLength(1); // on disk before the bus answered
    spool.stored(seg);
    spool.tick(Date.now());
    expect(spool.bytes).toBe(0);
    await untilNoSegments(dir);
    spool.close();
  });

  it("a replica stopped right after a segment settled leaves no file of it to be replayed", () => {
    const dir = tempDir();
    const spool = new Spool(dir, "r1", { maxBytes: 1 << 20, segmentMs: 0 });
    for (let i = 0; i < 3; i++) {
      const seg = spool.append(RECORD)!;
      spool.stored(seg);
      spool.tick(Date.now());
    }
    // no turn of the event loop in between: the deletions handed to libuv's threads may not have run yet
    spool.close();
    expect(segmentsIn(dir)).toEqual([]);
    const next = new Spool(dir, "r2", { maxBytes: 1 << 20 });
    expect(next.unsent).toBe(0);
    next.close();
  });

  it("a replica stopped with its open segment's records all stored leaves no file of it to be replayed", () => {
    const dir = tempDir();
    const spool = new Spool(dir, "r1", { maxBytes: 1 << 20 });
    const seg = spool.appendAll([RECORD, RECORD])!;
    spool.stored(seg);
    spool.stored(seg);
    // still open (young and small): it settles as close closes it, and goes before close returns
    spool.close();
    expect(segmentsIn(dir)).toEqual([]);
    const next = new Spool(dir, "r2", { maxBytes: 1 << 20 });
    expect(next.unsent).toBe(0);
    next.close();
  });

  it("when the disk refuses a write, append says so and the caller keeps the events; once it takes writes again the spool goes on", () => {
    const dir = tempDir();
    const spoolDir = join(dir, "spool");
    const spool = new Spool(spoolDir, "r1", { maxBytes: 1 << 20 });
    rmSync(spoolDir, { recursive: true });
    writeFileSync(spoolDir, "not a directory");
    expect(spool.append(RECORD)).toBeUndefined();
    expect(spool.appendAll([RECORD, RECORD])).toBeUndefined();
    expect(spool.bytes).toBe(0);
    rmSync(spoolDir);
    mkdirSync(spoolDir);
    expect(spool.appendAll([RECORD])?.inFlight).toBe(1);
    expect(recordsIn(spoolDir)).toHaveLength(1);
    spool.close();
  });

  it("takes over the segments of a replica that is gone, never those of a live one", () => {
    const dir = tempDir();
    const live = new Spool(dir, "live", { maxBytes: 1 << 20 });
    live.notStored(live.append(RECORD)!);
    const dead = new Spool(dir, "dead", { maxBytes: 1 << 20 });
    for (let i = 0; i < 4; i++) dead.notStored(dead.append(RECORD)!);
    dead.close(); // its owner file stays, naming this process, which no longer holds it open

    const next = new Spool(dir, "next", { maxBytes: 1 << 20 });
    expect(next.unsent).toBe(4);
    expect(next.bytes).toBe(4 * FRAMED);
    expect(readdirSync(dir).filter((n) => n.startsWith("dead."))).toEqual([]);
    expect(segmentsIn(dir).filter((n) => n.startsWith("live."))).toHaveLength(1);
    expect(next.claimLeftovers()).toBe(0);
    next.close();
    live.close();
  });

  it("a record cut short by a crash is dropped, the whole ones kept", () => {
    expect(readRecords(Buffer.from([0, 0, 0, 2, 1, 2, 0, 0, 0, 5, 9]))).toEqual([Buffer.from([1, 2])]);
  });
});
