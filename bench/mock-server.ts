// The mock upstream in a process of its own, so the load generator does not share its event loop.
// Usage: tsx bench/mock-server.ts [--port P] [--chunks N] [--delay-ms D]  → prints "READY <port>".
import { parseArgs } from "node:util";
import { startMockUpstream } from "../test/harness/mock-upstream.ts";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "0" },
    chunks: { type: "string" },
    "delay-ms": { type: "string", default: "0" },
  },
});

const mock = await startMockUpstream({ port: Number(values.port) });
if (values.chunks !== undefined) mock.setStreamShape({ chunks: Number(values.chunks), delayMs: Number(values["delay-ms"]) });

// Nothing reads mock.requests here; without this the array would grow for the whole run.
setInterval(() => {
  mock.requests.length = 0;
}, 1000).unref();

const stop = (): void => {
  void mock.close().finally(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
process.stdout.write(`READY ${mock.port}\n`);
