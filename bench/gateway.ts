// The gateway under test in embedded mode (npm start's composition, run as the image runs it), what every gateway process of the bench is
// started with, and minting the inference key the load uses.
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { spawnLogged, stopChild, tail, waitForHttp, type Child } from "./children.ts";
import { RUNTIME_ENV } from "../deploy/runtime-env.ts";
import { gatewayCommand } from "./gateway-command.ts";
import { freePort } from "../test/harness/ports.ts";

export type Mode = "embedded" | "split";

/** A running gateway: the data plane the load goes to and the processes whose CPU and memory are reported. */
export interface GatewayStack {
  mode: Mode;
  origin: string;
  mgmtKey: string;
  dataPlanePid: number;
  /** Split mode; in embedded mode the control plane is a worker thread inside dataPlanePid. */
  controlPlanePid?: number;
  close(): Promise<void>;
}

/** Large enough that no run of the bench exhausts it: a refused request would look like throughput. */
const CREDIT = "1000000";

// Settings of the gateway that the bench's environment must not leak into the processes it starts.
const OWN_SETTINGS = /^(SVC_|DATABASE_URL$|NATS_URL$|PORT$|HOST$|CONTROLPLANE_|METRICS_PORT$|OPENAI_|ANTHROPIC_|GOOGLE_)/;

/**
 * The environment of every gateway process: the bench's own minus gateway settings, with the providers the
 * scenarios use pointed at the mock. Metering, credit reservations and usage events are always on in the
 * gateway; a bootstrap credit makes them do real work on every request.
 */
export function gatewayEnv(mockOrigin: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!OWN_SETTINGS.test(k)) env[k] = v;
  return {
    ...env,
    // as the image runs it
    ...RUNTIME_ENV,
    HOST: "127.0.0.1",
    SVC_BOOTSTRAP_CREDIT: CREDIT,
    SVC_STATUS_FEEDS: "off",
    OPENAI_API_KEY: "sk-bench",
    OPENAI_BASE_URL: `${mockOrigin}/v1`,
    ANTHROPIC_API_KEY: "sk-ant-bench",
    ANTHROPIC_BASE_URL: mockOrigin,
    GOOGLE_API_KEY: "goog-bench",
    GOOGLE_BASE_URL: `${mockOrigin}/v1beta`,
    ...extra,
  };
}

export function newManagementKey(): string {
  return `svc_mgmt_bench_${randomBytes(16).toString("hex")}`;
}

export function describeLog(name: string, logFile: string): () => string {
  return () => `--- ${name} output (${logFile}) ---\n${tail(logFile)}`;
}

export function pidOf(child: Child): number {
  if (child.proc.pid === undefined) throw new Error(`${child.name} has no pid (it did not start)`);
  return child.proc.pid;
}

export async function startEmbeddedStack(opts: { root: string; workDir: string; mockOrigin: string }): Promise<GatewayStack> {
  const port = await freePort();
  const mgmtKey = newManagementKey();
  const dataDir = path.join(opts.workDir, "embedded-data");
  mkdirSync(dataDir);
  const logFile = path.join(opts.workDir, "embedded.log");
  const env = gatewayEnv(opts.mockOrigin, { PORT: String(port), SVC_DATA_DIR: dataDir, SVC_BOOTSTRAP_MGMT_KEY: mgmtKey });
  const child = spawnLogged("embedded gateway", await gatewayCommand(opts.root, "dataplane/src/embedded-main.ts"), { core: 0, cwd: opts.root, env, logFile });
  const origin = `http://127.0.0.1:${port}`;
  await waitForHttp(child, `${origin}/ready`, 60_000, describeLog("embedded gateway", logFile));
  return { mode: "embedded", origin, mgmtKey, dataPlanePid: pidOf(child), close: () => stopChild(child) };
}

/** Mints an inference key through a gateway's (or control plane's) management API. */
export async function mintKey(origin: string, mgmtKey: string, name: string): Promise<{ id: string; key: string }> {
  const res = await fetch(`${origin}/v1/management/keys`, {
    method: "POST",
    headers: { authorization: `Bearer ${mgmtKey}`, "content-type": "application/json" },
    body: JSON.stringify({ name }),
  });
  const body = await res.text();
  const parsed = res.ok ? (JSON.parse(body) as { id?: unknown; key?: unknown }) : {};
  if (typeof parsed.key !== "string" || typeof parsed.id !== "string") throw new Error(`minting an inference key at ${origin} failed: ${res.status} ${body}`);
  return { id: parsed.id, key: parsed.key };
}
