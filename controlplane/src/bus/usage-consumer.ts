import type { Kysely } from "kysely";
import { pb } from "../../../proto/messages.ts";
import type { UsageEvent } from "../../../proto/messages.ts";
import type { Transport, Unsubscribe } from "../../../proto/transport.ts";
import type { DB } from "../db/schema.ts";
import { ControlError } from "../errors.ts";
import { applyUsageEvent } from "../services/usage.ts";
import type { SnapshotPublisher } from "./snapshot-publisher.ts";

/**
 * Moves usage events from the durable stream into the ledger. The message is acknowledged only after the
 * ledger transaction committed; a redelivered event is recognised by its id and changes nothing.
 */
export function consumeUsage(db: Kysely<DB>, transport: Transport, publisher: SnapshotPublisher, onPoison: (why: string) => void): Unsubscribe {
  return transport.consumeDurable(async (data) => {
    let event: UsageEvent;
    try {
      event = pb.UsageEvent.decode(data);
    } catch {
      // undecodable bytes would be redelivered forever; acknowledge and report them instead
      onPoison("undecodable usage event");
      return;
    }
    if (!event.id || !event.orgId || !event.keyId) {
      onPoison("usage event without id, org or key");
      return;
    }
    let r;
    try {
      r = await applyUsageEvent(db, event);
    } catch (err) {
      // an event the ledger can never take (unknown key, negative cost) must not block the stream
      if (err instanceof ControlError && err.code === "invalid_usage_event") {
        onPoison(err.message);
        return;
      }
      throw err;
    }
    publisher.applied(event.id, r.orgId, r.keyId);
  });
}
