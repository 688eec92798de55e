import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { subjects } from "../../proto/subjects.ts";
import { deleteUsageStream } from "../../proto/transport-nats.ts";
import { randomManagementKey } from "./gateway.ts";
import type { MockUpstream } from "./mock-upstream.ts";
import { freePort } from "./ports.ts";
import { serviceProcess, type ServiceProcess } from "./service-process.ts";

/**
 * Split mode as separate processes: one control plane and `dataPlanes` data planes (`npm run controlplane`,
 * `npm run dataplane`), each data plane with its own port, metrics port and SVC_DATA_DIR that survive a restart.
 */
export interface Cluster {
  readonly managementKey: string;
  readonly prefix: string;
  readonly controlPlane: ServiceProcess;
  readonly controlPlaneUrl: string;
  readonly dataPlanes: readonly ServiceProcess[];
  /** Public base URL of each data plane (no /v1). */
  readonly baseUrls: readonly string[];
  readonly metricsUrls: readonly string[];
  readonly dataDirs: readonly string[];
  waitControlPlane(timeoutMs?: number): Promise<void>;
  waitDataPlane(index: number, timeoutMs?: number): Promise<void>;
  /** Every process's recent output, for failure messages. */
  logs(): string;
  close(): Promise<void>;
}

export interface ClusterOptions {
  databaseUrl: string;
  natsUrl: string;
  dataPlanes: number;
  upstream: MockUpstream;
  /** The bootstrap organization's opening credit, USD. */
  openingCredit: string;
  /** Delete the prefix's usage stream on close (a shared NATS); an own NATS goes away whole. */
  sharedNats: boolean;
  env?: Record<string, string>;
}

async function poll(what: string, timeoutMs: number, check: () => Promise<boolean>, logs: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms\n${logs()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const root = mkdtempSync(join(tmpdir(), "svc-cluster-"));
  const managementKey = randomManagementKey();
  const prefix = `f${randomBytes(6).toString("hex")}`;
  const cpPort = await freePort();
  const controlPlaneUrl = `http://127.0.0.1:${cpPort}`;
  const common = {
    NATS_URL: opts.natsUrl,
    SVC_NATS_PREFIX: prefix,
    SVC_KEY_HASH_SECRET: randomBytes(32).toString("hex"),
    HOST: "127.0.0.1",
    SVC_STATUS_FEEDS: "off",
    ...opts.env,
  };
  mkdirSync(join(root, "cp"));
  const controlPlane = serviceProcess("cp", "controlplane", {
    ...common,
    DATABASE_URL: opts.databaseUrl,
    CONTROLPLANE_PORT: String(cpPort),
    SVC_DATA_DIR: join(root, "cp"),
    SVC_BOOTSTRAP_MGMT_KEY: managementKey,
    SVC_BOOTSTRAP_CREDIT: opts.openingCredit,
  });
  const dataPlanes: ServiceProcess[] = [];
  const baseUrls: string[] = [];
  const metricsUrls: string[] = [];
  const dataDirs: string[] = [];
  for (let i = 0; i < opts.dataPlanes; i++) {
    const port = await freePort();
    const metricsPort = await freePort();
    const dir = join(root, `dp${i}`);
    mkdirSync(dir);
    dataDirs.push(dir);
    baseUrls.push(`http://127.0.0.1:${port}`);
    metricsUrls.push(`http://127.0.0.1:${metricsPort}/metrics`);
    dataPlanes.push(
      serviceProcess(`dp${i}`, "dataplane", {
        ...common,
        PORT: String(port),
        METRICS_PORT: String(metricsPort),
        CONTROLPLANE_URL: controlPlaneUrl,
        SVC_DATA_DIR: dir,
        OPENAI_API_KEY: "sk-upstream-test-credential",
        OPENAI_BASE_URL: opts.upstream.openaiBaseUrl,
        ANTHROPIC_API_KEY: "sk-ant-upstream-test-credential",
        ANTHROPIC_BASE_URL: opts.upstream.anthropicBaseUrl,
      }),
    );
  }
  const all = [controlPlane, ...dataPlanes];
  const logs = () => all.map((p) => p.log()).join("\n");
  const cluster: Cluster = {
    managementKey,
    prefix,
    controlPlane,
    controlPlaneUrl,
    dataPlanes,
    baseUrls,
    metricsUrls,
    dataDirs,
    waitControlPlane: (timeoutMs = 45_000) =>
      poll("the control plane did not answer", timeoutMs, async () => (await fetch(`${controlPlaneUrl}/v1/management/keys`, { headers: { authorization: `Bearer ${managementKey}` } })).status === 200, logs),
    waitDataPlane: (i, timeoutMs = 45_000) => poll(`data plane ${i} was not ready`, timeoutMs, async () => (await fetch(`${baseUrls[i]}/ready`)).status === 200, logs),
    logs,
    async close() {
      await Promise.all(all.map((p) => p.kill("SIGKILL")));
      if (opts.sharedNats) await deleteUsageStream(opts.natsUrl, subjects(prefix)).catch(() => undefined);
      rmSync(root, { recursive: true, force: true });
    },
  };
  try {
    controlPlane.start();
    await cluster.waitControlPlane();
    for (const dp of dataPlanes) dp.start();
    for (let i = 0; i < dataPlanes.length; i++) await cluster.waitDataPlane(i);
  } catch (err) {
    await cluster.close();
    throw err;
  }
  return cluster;
}
