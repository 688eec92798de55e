import { randomBytes } from "node:crypto";
import { connect, type NatsConnection } from "nats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JetStreamPublisher, NotStoredError } from "./jetstream-publish.ts";

const bytes = (s: string) => new TextEncoder().encode(s);

/** Against the real NATS server: JetStream's acknowledgements, its errors and its silences. */
describe.skipIf(!process.env.NATS_URL)("publishing to JetStream and waiting for its acknowledgement", () => {
  const prefix = `jp${randomBytes(6).toString("hex")}`;
  const stream = `JP_${prefix}`;
  let nc: NatsConnection;

  beforeAll(async () => {
    nc = await connect({ servers: process.env.NATS_URL!, noAsyncTraces: true });
    const jsm = await nc.jetstreamManager();
    await jsm.streams.add({ name: stream, subjects: [`${prefix}.stored`] });
  });

  afterAll(async () => {
    const jsm = await nc.jetstreamManager();
    await jsm.streams.delete(stream).catch(() => undefined);
    await nc.close();
  });

  it("resolves once the stream stored the message, with its id and headers; the same id again is stored once", async () => {
    const p = new JetStreamPublisher(nc, 2_000);
    await p.publish(`${prefix}.stored`, bytes("batch one"), "batch:a", { "svc-usage-batch": "1" });
    await p.publish(`${prefix}.stored`, bytes("batch one again"), "batch:a", { "svc-usage-batch": "1" });
    await p.publish(`${prefix}.stored`, bytes("event"), "req_b");
    const jsm = await nc.jetstreamManager();
    expect((await jsm.streams.info(stream)).state.messages).toBe(2);
    const first = await jsm.streams.getMessage(stream, { seq: 1 });
    expect(new TextDecoder().decode(first.data)).toBe("batch one");
    expect(first.header.get("Nats-Msg-Id")).toBe("batch:a");
    expect(first.header.get("svc-usage-batch")).toBe("1");
    const second = await jsm.streams.getMessage(stream, { seq: 2 });
    expect(second.header.get("Nats-Msg-Id")).toBe("req_b");
    expect(second.header.get("svc-usage-batch")).toBe("");
    p.close();
  });

  it("rejects at once when no stream takes the subject (the server's 503), long before its timeout", async () => {
    const p = new JetStreamPublisher(nc, 10_000);
    const started = Date.now();
    await expect(p.publish(`${prefix}.nowhere`, bytes("x"), "id-1")).rejects.toThrow(/503/);
    expect(Date.now() - started).toBeLessThan(5_000);
    p.close();
  });

  it("rejects what is answered with an error, with no stream or with something that is not JSON", async () => {
    const replies = [
      '{"error":{"code":503,"err_code":10077,"description":"maximum messages exceeded"}}',
      '{"stream":"","seq":1}',
      "not json",
      "[1,2]",
    ];
    let i = 0;
    const sub = nc.subscribe(`${prefix}.odd`, { callback: (_err, msg) => msg.respond(bytes(replies[i++]!)) });
    const p = new JetStreamPublisher(nc, 2_000);
    await expect(p.publish(`${prefix}.odd`, bytes("x"), "id-1")).rejects.toThrow(/JetStream refused the message: 503 maximum messages exceeded/);
    await expect(p.publish(`${prefix}.odd`, bytes("x"), "id-2")).rejects.toThrow(/names no stream/);
    await expect(p.publish(`${prefix}.odd`, bytes("x"), "id-3")).rejects.toThrow(/not JSON/);
    await expect(p.publish(`${prefix}.odd`, bytes("x"), "id-4")).rejects.toThrow(/names no stream/);
    sub.unsubscribe();
    p.close();
  });

  it("rejects when nothing answers within its timeout, and ignores an answer that comes later", async () => {
    const late: (() => void)[] = [];
    const sub = nc.subscribe(`${prefix}.silent`, { callback: (_err, msg) => late.push(() => msg.respond(bytes('{"stream":"S","seq":1}'))) });
    const p = new JetStreamPublisher(nc, 300);
    const started = Date.now();
    const outcome = p.publish(`${prefix}.silent`, bytes("x"), "id-1");
    await expect(outcome).rejects.toThrow(NotStoredError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    for (const respond of late) respond();
    // the next publish is settled by its own answer, not by the late one
    const next = p.publish(`${prefix}.silent`, bytes("y"), "id-2");
    await new Promise((r) => setTimeout(r, 100));
    late.at(-1)!();
    await expect(next).resolves.toBeUndefined();
    sub.unsubscribe();
    p.close();
  });

  it("rejects what still waits when it is closed", async () => {
    const sub = nc.subscribe(`${prefix}.held`, { callback: () => undefined });
    const p = new JetStreamPublisher(nc, 10_000);
    const waiting = p.publish(`${prefix}.held`, bytes("x"), "id-1");
    await new Promise((r) => setTimeout(r, 50));
    p.close();
    await expect(waiting).rejects.toThrow(/closed/);
    sub.unsubscribe();
  });

  it("rejects at once on a closed connection", async () => {
    const own = await connect({ servers: process.env.NATS_URL!, noAsyncTraces: true });
    const p = new JetStreamPublisher(own, 10_000);
    await own.close();
    await expect(p.publish(`${prefix}.stored`, bytes("x"), "id-1")).rejects.toThrow();
  });
});
