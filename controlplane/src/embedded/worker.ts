import { parentPort, workerData } from "node:worker_threads";
import { loadCatalog } from "../../../catalog/src/index.ts";
import { portTransport } from "../../../proto/transport-port.ts";
import { loadControlPlaneConfig } from "../config.ts";
import { startControlPlane } from "../controlplane.ts";
import type { ControlRequest } from "../http/types.ts";
import type { WorkerCall, WorkerReady } from "./protocol.ts";

/**
 * The control plane of an embedded gateway, in its own thread: PGlite runs its queries synchronously, and here
 * that stalls only this thread, never the data plane's requests.
 */
const port = parentPort!;
const transport = portTransport(port);
const env = (workerData as { env: Record<string, string | undefined> }).env;

try {
  const cp = await startControlPlane({
    config: loadControlPlaneConfig(env),
    catalog: loadCatalog(),
    transport,
    requireSecret: false,
    besideDataPlane: true,
  });
  transport.serveCalls(async (payload) => {
    const call = payload as WorkerCall;
    if (call.op === "control") return cp.handle(call.req as ControlRequest);
    // the port stays open for this answer; the data plane ends the thread after it
    await cp.close();
    return "closed";
  });
  const ready: WorkerReady = { k: "ready", keyHashSecret: cp.keyHashSecret, bootstrap: cp.bootstrap };
  port.postMessage(ready);
} catch (err) {
  port.postMessage({ k: "failed", message: err instanceof Error ? err.message : String(err) });
}
