import type { Kysely } from "kysely";
import type { Logger } from "../../../proto/log.ts";
import { pb } from "../../../proto/messages.ts";
import type { UsageEvent } from "../../../proto/messages.ts";
import { MAX_BATCH, type Transport, type Unsubscribe } from "../../../proto/transport.ts";
import type { DB } from "../db/schema.ts";
import { applyUsageEvents, type AppliedBatch } from "../services/usage.ts";
import type { SnapshotPublisher } from "./snapshot-publisher.ts";

/** How long a partial batch waits for company before it is applied. */
export const BATCH_WINDOW_MS = 20;
/**
 * The same on PGlite, the embedded ledger, whose statements run in WebAssembly on the core the data plane serves
 * from and cost more the fewer events they carry. At one request at a time (~3,000 a second) the ledger's thread
 * spent 104-108 µs a request with 20 ms, 75-80 with 100 (its batches full), and the gateway answered 8-10 % more
 * (docs/performance.md). Embedded mode is one replica, so the later deltas widen no budget's window.
 */
export const PGLITE_BATCH_WINDOW_MS = 100;

/**
 * Moves usage events from the durable stream into the ledger, a batch per statement. The batch is acknowledged
 * only after its statement committed; a redelivered event is recognised by its id and changes nothing. An
 * event that can never be applied is logged and acknowledged, so it cannot block the stream.
 */
export function consumeUsage(db: Kysely<DB>, transport: Transport, publisher: SnapshotPublisher, log: Logger, batchWindowMs = BATCH_WINDOW_MS): Unsubscribe {
  const onPoison = (reason: string) => log.warn({ reason }, "usage event dropped: it can never be applied");
  return transport.consumeDurable(async (batch) => {
    // Under load, waiting a moment lets events pile up, so one statement and one delta cover many requests;
    // a few milliseconds of ledger latency buy an order of magnitude of ingestion rate.
    if (batch.length < MAX_BATCH && batchWindowMs > 0) await new Promise((r) => setTimeout(r, batchWindowMs));
    const events: UsageEvent[] = [];
    for (const data of batch) {
      try {
        events.push(pb.UsageEvent.decode(data));
      } catch {
        onPoison("undecodable usage event");
      }
    }
    // the publisher must know which events may be in the ledger before it hears of them (see SnapshotPublisher)
    const ids = events.map((e) => e.id ?? "");
    publisher.applying(ids);
    let r: AppliedBatch;
    try {
      r = await applyUsageEvents(db, events);
      for (const a of r.applied) publisher.applied(a.id, a.orgId, a.keyId);
    } finally {
      publisher.doneApplying(ids);
    }
    for (const p of r.poison) onPoison(p.reason);
    if (log.isLevelEnabled("debug")) {
      const fresh = r.applied.filter((a) => a.applied).length;
      log.debug({ events: batch.length, applied: fresh, already_applied: r.applied.length - fresh, dropped: batch.length - events.length + r.poison.length }, "usage batch");
    }
  });
}
