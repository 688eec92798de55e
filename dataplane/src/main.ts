import { loadCatalog } from "../../catalog/src/index.ts";
import { connectNats } from "../../proto/transport-nats.ts";
import { subjects } from "../../proto/subjects.ts";
import { loadDataPlaneConfig } from "./config.ts";
import { httpControlPlaneClient } from "./control-plane-client.ts";
import { startDataPlane } from "./gateway.ts";

/** Split mode: one data plane replica on NATS, relaying management calls to CONTROLPLANE_URL. */
async function main(): Promise<void> {
  const config = loadDataPlaneConfig();
  if (!config.natsUrl) throw new Error("NATS_URL is required for `npm run dataplane` (split mode); `npm start` runs everything in one process.");
  if (!config.keyHashSecret) throw new Error("SVC_KEY_HASH_SECRET is required in split mode (the same value as the control plane's).");
  const catalog = loadCatalog();
  const transport = await connectNats({ servers: config.natsUrl, subjects: subjects(config.natsPrefix), name: config.replicaId, ensureUsageStream: true });
  const dp = await startDataPlane({ config, catalog, transport, controlPlane: httpControlPlaneClient(config.controlPlaneUrl), keyHashSecret: config.keyHashSecret });
  console.log(`data plane ${config.replicaId} listening on http://${config.host}:${dp.port}`);
  const stop = async () => {
    await dp.close();
    await transport.close();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop());
  process.once("SIGINT", () => void stop());
}

main().catch((err: unknown) => {
  console.error(`data plane failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
