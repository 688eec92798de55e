import { loadCatalog } from "../../catalog/src/index.ts";
import { logStartupFailure } from "../../proto/log.ts";
import { connectNats } from "../../proto/transport-nats.ts";
import { subjects } from "../../proto/subjects.ts";
import { loadDataPlaneConfig } from "./config.ts";
import { httpControlPlaneClient } from "./control-plane-client.ts";
import { startDataPlane } from "./gateway.ts";
import { lowerHelperThreads } from "./helper-threads.ts";

/** Split mode: one data plane replica on NATS, relaying management calls to CONTROLPLANE_URL. */
async function main(): Promise<void> {
  const config = loadDataPlaneConfig();
  lowerHelperThreads(config.helperThreadNice);
  if (!config.natsUrl) throw new Error("NATS_URL is required for `npm run dataplane` (split mode); `npm start` runs everything in one process.");
  if (!config.keyHashSecret) throw new Error("SVC_KEY_HASH_SECRET is required in split mode (the same value as the control plane's).");
  const catalog = loadCatalog();
  const transport = await connectNats({ servers: config.natsUrl, subjects: subjects(config.natsPrefix), name: config.replicaId, ensureUsageStream: true, streamReplicas: config.natsStreamReplicas });
  const dp = await startDataPlane({ config, catalog, transport, controlPlane: httpControlPlaneClient(config.controlPlaneUrl), keyHashSecret: config.keyHashSecret });
  const url = `http://${config.host}:${dp.port}`;
  dp.deps.log.info({ url }, `listening on ${url} (data plane ${config.replicaId})`);
  const stop = async () => {
    await dp.close(config.drainMs);
    await transport.close();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop());
  process.once("SIGINT", () => void stop());
}

main().catch((err: unknown) => {
  logStartupFailure(process.env, "dataplane", err);
  process.exit(1);
});
