import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { loadCatalog } from "../../catalog/src/index.ts";
import { loadControlPlaneConfig } from "../../controlplane/src/config.ts";
import { startControlPlane } from "../../controlplane/src/controlplane.ts";
import { serveControlHandler } from "../../controlplane/src/http/node-server.ts";
import { loadDataPlaneConfig } from "../../dataplane/src/config.ts";
import { httpControlPlaneClient } from "../../dataplane/src/control-plane-client.ts";
import { startEmbedded } from "../../dataplane/src/embedded.ts";
import { startDataPlane, type DataPlane } from "../../dataplane/src/gateway.ts";
import { subjects } from "../../proto/subjects.ts";
import { connectNats, deleteUsageStream } from "../../proto/transport-nats.ts";
import type { Transport } from "../../proto/transport.ts";
import { freshDatabase } from "./database.ts";
import OpenAI from "openai";
import { afterAll, beforeAll, expect } from "vitest";
import { MEDIA_NAMESPACES, startMockUpstream, type MockUpstream } from "./mock-upstream.ts";

/** A running gateway as a test sees it: one or more public base URLs and the bootstrap management key. */
export interface TestGateway {
  readonly mode: "embedded" | "split";
  /** Public base URL of each data plane replica (no /v1). */
  readonly baseUrls: readonly string[];
  readonly managementKey: string;
  readonly dataPlanes: readonly DataPlane[];
  /**
   * Where every process of this gateway writes its log lines, complete once close() resolved. Without
   * SVC_TEST_LOG_DIR it is inside the data directory close() removes: a test reading it after close passes its own
   * testLogEnv(…) in the gateway's environment.
   */
  readonly logFile: string;
  close(): Promise<void>;
}

let logFiles = 0;

/**
 * The log settings of a gateway a test starts: a file of its own in SVC_TEST_LOG_DIR when `npm test` set one (it
 * scans every line for keys and credentials after the run), else one in `dir`, removed with it. Debug level, so
 * the scan sees every line the code can write.
 */
export function testLogEnv(name: string, dir: string): { LOG_FILE: string; LOG_LEVEL: string } {
  const root = process.env.SVC_TEST_LOG_DIR;
  const test = basename(expect.getState().testPath ?? "unknown").replace(/\.test\.ts$/, "");
  const file = root ? join(root, `${test}.${name}.${process.pid}.${++logFiles}.log`) : join(dir, `${name}.log`);
  return { LOG_FILE: file, LOG_LEVEL: "debug" };
}

export function randomManagementKey(): string {
  return `svc_mgmt_test_${randomBytes(16).toString("hex")}`;
}

function upstreamEnv(mock: MockUpstream): Record<string, string> {
  return {
    OPENAI_API_KEY: "sk-upstream-test-credential",
    OPENAI_BASE_URL: mock.openaiBaseUrl,
    ANTHROPIC_API_KEY: "sk-ant-upstream-test-credential",
    ANTHROPIC_BASE_URL: mock.anthropicBaseUrl,
    GOOGLE_API_KEY: "goog-upstream-test-credential",
    GOOGLE_BASE_URL: `${mock.origin}/v1beta`,
    // tests reach nothing beyond this machine
    SVC_STATUS_FEEDS: "off",
    METRICS_PORT: "0",
  };
}

/**
 * Credentials for the providers that serve only embeddings, images or transcription (and Mistral), pointed at
 * the mock under `/<namespace>/`. Kept apart from upstreamEnv so tests of chat see only three providers.
 */
export function mediaUpstreamEnv(mock: MockUpstream): Record<string, string> {
  const env: Record<string, string> = {};
  const bases: Record<string, string> = { voyage: "/v1", cohere: "", mistral: "/v1", deepgram: "", assemblyai: "", elevenlabs: "" };
  for (const ns of MEDIA_NAMESPACES) {
    env[`${ns.toUpperCase()}_API_KEY`] = `${ns}-upstream-test-credential`;
    env[`${ns.toUpperCase()}_BASE_URL`] = `${mock.origin}/${ns}${bases[ns] ?? ""}`;
  }
  return env;
}

/** `npm start`'s composition: PGlite in a fresh data dir, in-process bus. */
export async function startEmbeddedGateway(mock: MockUpstream, extraEnv: Record<string, string> = {}): Promise<TestGateway> {
  const dataDir = mkdtempSync(join(tmpdir(), "svc-embedded-"));
  const managementKey = randomManagementKey();
  const env = {
    PORT: "0",
    HOST: "127.0.0.1",
    SVC_DATA_DIR: dataDir,
    SVC_BOOTSTRAP_MGMT_KEY: managementKey,
    SVC_BOOTSTRAP_CREDIT: "10",
    ...testLogEnv("embedded", dataDir),
    ...upstreamEnv(mock),
    ...extraEnv,
  };
  const g = await startEmbedded(env);
  return {
    mode: "embedded",
    baseUrls: [g.baseUrl],
    managementKey,
    dataPlanes: [g.dataPlane],
    logFile: env.LOG_FILE,
    async close() {
      await g.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Split mode on real services: a control plane and `replicas` data planes, each with its own NATS connection. */
export async function startSplitGateway(mock: MockUpstream, replicas = 2, extraEnv: Record<string, string> = {}): Promise<TestGateway> {
  const natsUrl = process.env.NATS_URL;
  if (!natsUrl) throw new Error("split mode needs NATS_URL");
  const db = await freshDatabase();
  const prefix = `t${randomBytes(6).toString("hex")}`;
  const managementKey = randomManagementKey();
  const env: Record<string, string | undefined> = {
    ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
    NATS_URL: natsUrl,
    SVC_NATS_PREFIX: prefix,
    SVC_DATA_DIR: db.dataDir,
    HOST: "127.0.0.1",
    PORT: "0",
    CONTROLPLANE_PORT: "0",
    SVC_KEY_HASH_SECRET: randomBytes(32).toString("hex"),
    SVC_BOOTSTRAP_MGMT_KEY: managementKey,
    SVC_BOOTSTRAP_CREDIT: "10",
    ...testLogEnv("split", db.dataDir),
    ...upstreamEnv(mock),
    ...extraEnv,
  };
  const catalog = loadCatalog();
  const transports: Transport[] = [];
  const s = subjects(prefix);
  const cpTransport = await connectNats({ servers: natsUrl, subjects: s, name: "cp-test", ensureUsageStream: true });
  transports.push(cpTransport);
  const cpConfig = loadControlPlaneConfig(env);
  const controlPlane = await startControlPlane({ config: cpConfig, catalog, transport: cpTransport, requireSecret: true });
  const http = await serveControlHandler(controlPlane.handle, "127.0.0.1", 0);
  const dataPlanes: DataPlane[] = [];
  for (let i = 0; i < replicas; i++) {
    const config = loadDataPlaneConfig({ ...env, CONTROLPLANE_URL: `http://127.0.0.1:${http.port}` });
    const t = await connectNats({ servers: natsUrl, subjects: s, name: config.replicaId, ensureUsageStream: false });
    transports.push(t);
    dataPlanes.push(await startDataPlane({ config, catalog, transport: t, controlPlane: httpControlPlaneClient(config.controlPlaneUrl), keyHashSecret: config.keyHashSecret! }));
  }
  return {
    mode: "split",
    baseUrls: dataPlanes.map((d) => `http://127.0.0.1:${d.port}`),
    managementKey,
    dataPlanes,
    logFile: env.LOG_FILE!,
    async close() {
      for (const d of dataPlanes) await d.close();
      http.server.close();
      await controlPlane.close();
      for (const t of transports) await t.close();
      await deleteUsageStream(natsUrl, s);
      await db.cleanup();
    },
  };
}

/** Mints an inference key through the public management API. */
export async function createKey(baseUrl: string, managementKey: string, body: Record<string, unknown> = {}): Promise<{ id: string; key: string }> {
  const res = await fetch(`${baseUrl}/v1/management/keys`, {
    method: "POST",
    headers: { authorization: `Bearer ${managementKey}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`create key: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string; key: string };
}

/** Polls until `check` passes or the time is up (then throws its last error). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 5_000, everyMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, everyMs));
    }
  }
}

/** An embedded gateway, its mock upstream, an inference key and an openai client on it, for one describe block. */
export interface GatewayFixture {
  mock: MockUpstream;
  gw: TestGateway;
  base: string;
  key: string;
  client: OpenAI;
}

/**
 * Starts the fixture before the block's tests and stops it after them. Fields are filled in beforeAll, so read
 * them inside tests, not at collection time.
 */
export function useEmbeddedGateway(
  opts: { env?: Record<string, string> | ((mock: MockUpstream) => Record<string, string>); before?: (mock: MockUpstream) => void } = {},
): GatewayFixture {
  const f = {} as GatewayFixture;
  beforeAll(async () => {
    f.mock = await startMockUpstream();
    opts.before?.(f.mock);
    f.gw = await startEmbeddedGateway(f.mock, typeof opts.env === "function" ? opts.env(f.mock) : opts.env);
    f.base = f.gw.baseUrls[0]!;
    f.key = (await createKey(f.base, f.gw.managementKey, {})).key;
    f.client = new OpenAI({ baseURL: `${f.base}/v1`, apiKey: f.key, maxRetries: 0 });
  });
  afterAll(async () => {
    await f.gw?.close();
    await f.mock?.close();
  });
  return f;
}

/** What a split-mode control plane and its data planes share when a test starts them as processes. */
export function splitProcessEnv(opts: { databaseUrl: string; natsPrefix: string; controlPlanePort: number }): Record<string, string> {
  return {
    DATABASE_URL: opts.databaseUrl,
    NATS_URL: process.env.NATS_URL!,
    SVC_NATS_PREFIX: opts.natsPrefix,
    SVC_KEY_HASH_SECRET: randomBytes(32).toString("hex"),
    CONTROLPLANE_PORT: String(opts.controlPlanePort),
    CONTROLPLANE_URL: `http://127.0.0.1:${opts.controlPlanePort}`,
  };
}
