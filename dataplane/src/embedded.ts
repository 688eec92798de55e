import { Worker } from "node:worker_threads";
import { loadCatalog, type Catalog } from "../../catalog/src/index.ts";
import type { WorkerCall, WorkerFailed, WorkerReady } from "../../controlplane/src/embedded/protocol.ts";
import type { BootstrapResult } from "../../controlplane/src/services/orgs.ts";
import { bundled } from "../../proto/bundle-root.ts";
import { portTransport } from "../../proto/transport-port.ts";
import { loadDataPlaneConfig } from "./config.ts";
import type { ControlResponse } from "./deps.ts";
import { startDataPlane, type DataPlane } from "./gateway.ts";
import { lowerHelperThreads } from "./helper-threads.ts";

export interface Embedded {
  readonly dataPlane: DataPlane;
  readonly bootstrap: BootstrapResult;
  readonly baseUrl: string;
  close(): Promise<void>;
}

// from a bundle (deploy/build.ts), the control plane's own bundle beside it; from source, an entry that
// registers tsx in the worker first (a worker does not inherit its parent's loader)
const WORKER = bundled ? new URL("./controlplane-worker.mjs", import.meta.url) : new URL("../../controlplane/src/embedded/worker-entry.mjs", import.meta.url);

/**
 * Everything in one process: the control plane (PGlite in SVC_DATA_DIR, or DATABASE_URL) in a worker thread,
 * the data plane on the main thread, and between them a port carrying the same protobuf messages NATS carries
 * in split mode. Management calls reach the control plane's handler over the same port instead of HTTP.
 */
export async function startEmbedded(env: Record<string, string | undefined> = process.env, catalog: Catalog = loadCatalog()): Promise<Embedded> {
  const dpConfig = loadDataPlaneConfig(env);
  // before the control plane's thread exists: its ledger keeps the main thread's priority (helper-threads.ts)
  lowerHelperThreads(dpConfig.helperThreadNice);
  const worker = new Worker(WORKER, { workerData: { env } });
  const transport = portTransport(worker);
  const ready = await new Promise<WorkerReady>((resolve, reject) => {
    const onMessage = (m: unknown) => {
      const msg = m as WorkerReady | WorkerFailed | { k?: string };
      if (msg.k === "ready") resolve(msg as WorkerReady);
      else if (msg.k === "failed") reject(new Error((msg as WorkerFailed).message));
      else return;
      worker.off("message", onMessage);
    };
    worker.on("message", onMessage);
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`control plane worker exited (${code}) before it was ready`)));
  }).catch(async (err: unknown) => {
    await worker.terminate();
    throw err;
  });
  const call = (c: WorkerCall, timeoutMs: number) => transport.call(c, timeoutMs);
  let dataPlane: DataPlane;
  try {
    dataPlane = await startDataPlane({
      config: dpConfig,
      catalog,
      transport,
      controlPlane: async (req) => (await call({ op: "control", req }, 30_000)) as ControlResponse,
      keyHashSecret: ready.keyHashSecret,
    });
  } catch (err) {
    await worker.terminate();
    throw err;
  }
  return {
    dataPlane,
    bootstrap: ready.bootstrap,
    baseUrl: `http://${dpConfig.host}:${dataPlane.port}`,
    async close() {
      await dataPlane.close(dpConfig.drainMs);
      await call({ op: "close" }, 30_000).catch(() => undefined);
      await transport.close();
      await worker.terminate();
    },
  };
}
