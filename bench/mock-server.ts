// The mock upstream in a process of its own (pinned with the servers), so no client shares its event loop.
// Usage: tsx bench/mock-server.ts [--port P] [--chunks N] [--delay-ms D]  → prints "READY <port>".
import { parseArgs } from "node:util";
import { startFastMock } from "./fast-mock.ts";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "0" },
    chunks: { type: "string", default: "20" },
    "delay-ms": { type: "string", default: "0" },
  },
});

const mock = await startFastMock({ port: Number(values.port), shape: { chunks: Number(values.chunks), delayMs: Number(values["delay-ms"]) } });
const stop = (): void => {
  void mock.close().finally(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
process.stdout.write(`READY ${mock.port}\n`);
