// A replica that answers and then dies: publishes usage events to a bus that never acknowledges them (they sit
// in memory, as in the bus client's batch), says "published" as it would answer, and waits to be killed -9.
import type { Transport } from "../../../proto/transport.ts";
import { atTurnEnd } from "../turn-end.ts";
import { Spool } from "./spool.ts";
import { UsagePublisher } from "./usage-publisher.ts";

const [dir, count, prefix] = process.argv.slice(2);
const never = new Promise<never>(() => undefined);
const bus: Transport = {
  connected: true,
  request: () => never,
  reply: () => () => undefined,
  publish: () => undefined,
  subscribe: () => () => undefined,
  publishDurable: () => never,
  consumeDurable: () => () => undefined,
  close: async () => undefined,
};
const publisher = new UsagePublisher(bus, new Spool(dir!, "doomed", { maxBytes: 1 << 30 }));
for (let i = 0; i < Number(count); i++) publisher.publish({ id: `${prefix}-${i}`, keyId: "k", orgId: "o", costMicros: 7 });
// "published" leaves the way an answer does: written at the end of the turn, after the spool's write of it
atTurnEnd(() => process.stdout.write("published\n"));
setInterval(() => undefined, 1_000);
