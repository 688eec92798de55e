import { loadCatalog } from "../../catalog/src/index.ts";
import { logStartupFailure, showSecretToOperator } from "../../proto/log.ts";
import { connectNats } from "../../proto/transport-nats.ts";
import { subjects } from "../../proto/subjects.ts";
import { loadControlPlaneConfig } from "./config.ts";
import { startControlPlane } from "./controlplane.ts";
import { serveControlHandler } from "./http/node-server.ts";

/** Split mode: the control plane on Postgres and NATS, serving the management API and /status over HTTP. */
async function main(): Promise<void> {
  const config = loadControlPlaneConfig();
  if (!config.databaseUrl || !config.natsUrl) {
    throw new Error("DATABASE_URL and NATS_URL are required for `npm run controlplane` (split mode); `npm start` runs everything in one process.");
  }
  const catalog = loadCatalog();
  const transport = await connectNats({ servers: config.natsUrl, subjects: subjects(config.natsPrefix), name: "controlplane", ensureUsageStream: true, streamReplicas: config.natsStreamReplicas });
  const cp = await startControlPlane({ config, catalog, transport, requireSecret: true });
  if (cp.bootstrap.created && !config.bootstrapManagementKey) {
    showSecretToOperator(`management key of organization ${cp.bootstrap.orgId} (shown only now, keep it): ${cp.bootstrap.managementKey}`);
  }
  const http = await serveControlHandler(cp.handle, config.host, config.port);
  const url = `http://${config.host}:${http.port}`;
  cp.log.info({ url }, `listening on ${url} (control plane)`);
  const stop = async () => {
    http.server.close();
    await cp.close();
    await transport.close();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop());
  process.once("SIGINT", () => void stop());
}

main().catch((err: unknown) => {
  logStartupFailure(process.env, "controlplane", err);
  process.exit(1);
});
