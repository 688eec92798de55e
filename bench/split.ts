// Split mode as the image runs it: the control plane and a data plane as separate processes on Postgres and NATS,
// each `node dist/<bundle>` (or the npm scripts' `node --import tsx <file>` with --from source), node itself
// being the child so that signals and /proc readings reach the gateway.
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { spawnLogged, stopChild, waitForHttp, type Child } from "./children.ts";
import { gatewayCommand } from "./gateway-command.ts";
import { describeLog, gatewayEnv, newManagementKey, pidOf, type GatewayStack } from "./gateway.ts";
import { freePort } from "../test/harness/ports.ts";
import { SERVICES_CORE } from "./runs.ts";
import { freshResources, type ServiceUrls, type SplitResources } from "./services.ts";

/** What the control plane and its data planes share. */
export interface SplitSetup {
  root: string;
  workDir: string;
  mockOrigin: string;
  natsUrl: string;
  resources: SplitResources;
  keyHashSecret: string;
  mgmtKey: string;
}

export interface ServerProcess {
  child: Child;
  origin: string;
  pid: number;
  logFile: string;
}

export function newSplitSetup(opts: { root: string; workDir: string; mockOrigin: string; urls: ServiceUrls; resources: SplitResources }): SplitSetup {
  return {
    root: opts.root,
    workDir: opts.workDir,
    mockOrigin: opts.mockOrigin,
    natsUrl: opts.urls.natsUrl,
    resources: opts.resources,
    keyHashSecret: randomBytes(32).toString("hex"),
    mgmtKey: newManagementKey(),
  };
}

function sharedEnv(s: SplitSetup): Record<string, string> {
  return { NATS_URL: s.natsUrl, SVC_NATS_PREFIX: s.resources.natsPrefix, SVC_KEY_HASH_SECRET: s.keyHashSecret };
}

/** Starts the control plane and waits until its management API answers (database migrated, org bootstrapped). */
export async function startControlPlane(s: SplitSetup, name: string): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = path.join(s.workDir, `${name}-data`);
  mkdirSync(dataDir);
  const logFile = path.join(s.workDir, `${name}.log`);
  const env = gatewayEnv(s.mockOrigin, {
    ...sharedEnv(s),
    DATABASE_URL: s.resources.databaseUrl,
    CONTROLPLANE_PORT: String(port),
    SVC_DATA_DIR: dataDir,
    SVC_BOOTSTRAP_MGMT_KEY: s.mgmtKey,
  });
  // with Postgres and NATS, off the data plane's core: in production the control plane is another machine, and
  // its ledger work is not what the gateway adds to a call (its CPU is still reported, in its own column)
  const child = spawnLogged(name, await gatewayCommand(s.root, "controlplane/src/main.ts"), { core: SERVICES_CORE, cwd: s.root, env, logFile });
  const origin = `http://127.0.0.1:${port}`;
  await waitForHttp(child, `${origin}/v1/management/keys`, 60_000, describeLog(name, logFile), { headers: { authorization: `Bearer ${s.mgmtKey}` } });
  return { child, origin, pid: pidOf(child), logFile };
}

/** Spawns a data plane replica; the caller decides what to wait for (the snapshot phase times it). */
export async function spawnDataPlane(s: SplitSetup, name: string, controlPlaneOrigin: string, extraEnv: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = path.join(s.workDir, `${name}-data`);
  mkdirSync(dataDir);
  const logFile = path.join(s.workDir, `${name}.log`);
  const env = gatewayEnv(s.mockOrigin, { ...sharedEnv(s), PORT: String(port), CONTROLPLANE_URL: controlPlaneOrigin, SVC_DATA_DIR: dataDir, ...extraEnv });
  const child = spawnLogged(name, await gatewayCommand(s.root, "dataplane/src/main.ts"), { core: 0, cwd: s.root, env, logFile });
  return { child, origin: `http://127.0.0.1:${port}`, pid: pidOf(child), logFile };
}

/** The split stack of the throughput runs: one control plane, one data plane. */
export async function startSplitStack(opts: { root: string; workDir: string; mockOrigin: string; urls: ServiceUrls }): Promise<GatewayStack> {
  const resources = await freshResources(opts.urls);
  const setup = newSplitSetup({ ...opts, resources });
  const started: Child[] = [];
  const close = async (): Promise<void> => {
    for (const child of started.reverse()) await stopChild(child);
    await resources.release();
  };
  try {
    const cp = await startControlPlane(setup, "controlplane");
    started.push(cp.child);
    const dp = await spawnDataPlane(setup, "dataplane", cp.origin);
    started.push(dp.child);
    await waitForHttp(dp.child, `${dp.origin}/ready`, 60_000, describeLog("dataplane", dp.logFile));
    return { mode: "split", origin: dp.origin, mgmtKey: setup.mgmtKey, dataPlanePid: dp.pid, controlPlanePid: cp.pid, close };
  } catch (err) {
    await close();
    throw err;
  }
}
