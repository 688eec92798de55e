import { loadCatalog, type Catalog } from "../../catalog/src/index.ts";
import { memoryTransport } from "../../proto/transport-memory.ts";
import { loadControlPlaneConfig } from "../../controlplane/src/config.ts";
import { startControlPlane, type ControlPlane } from "../../controlplane/src/controlplane.ts";
import { loadDataPlaneConfig } from "./config.ts";
import { startDataPlane, type DataPlane } from "./gateway.ts";

export interface Embedded {
  readonly controlPlane: ControlPlane;
  readonly dataPlane: DataPlane;
  readonly baseUrl: string;
  close(): Promise<void>;
}

/**
 * Everything in one process: the control plane on PGlite (or DATABASE_URL), the data plane, and an in-process
 * bus carrying the same protobuf messages NATS carries in split mode. Management calls go to the control
 * plane's handler directly instead of over HTTP.
 */
export async function startEmbedded(env: Record<string, string | undefined> = process.env, catalog: Catalog = loadCatalog()): Promise<Embedded> {
  const cpConfig = loadControlPlaneConfig(env);
  const dpConfig = loadDataPlaneConfig(env);
  const transport = memoryTransport();
  const controlPlane = await startControlPlane({ config: cpConfig, catalog, transport, requireSecret: false, log: (l) => console.error(l) });
  let dataPlane: DataPlane;
  try {
    dataPlane = await startDataPlane({ config: dpConfig, catalog, transport, controlPlane: controlPlane.handle, keyHashSecret: controlPlane.keyHashSecret });
  } catch (err) {
    await controlPlane.close();
    throw err;
  }
  return {
    controlPlane,
    dataPlane,
    baseUrl: `http://${dpConfig.host}:${dataPlane.port}`,
    async close() {
      await dataPlane.close();
      await transport.close();
      await controlPlane.close();
    },
  };
}
