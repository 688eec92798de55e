/**
 * `npm run cluster`: split mode on this machine, as in production but on loopback. One control plane and N data
 * planes (default 3) as separate processes, started exactly as `npm run controlplane` / `npm run dataplane` start
 * them, against a fresh Postgres database and their own NATS subject prefix, so several runs (and the test suite)
 * share one Postgres and one NATS without meeting.
 *
 *   DATABASE_URL   Postgres to create the run's database on (default postgres://postgres@127.0.0.1:5432/postgres)
 *   NATS_URL       NATS with JetStream (default nats://127.0.0.1:4222)
 *   <PROVIDER>_API_KEY, <PROVIDER>_BASE_URL, SVC_BOOTSTRAP_CREDIT, ...   passed on to the processes
 *
 * Flags: --replicas <n>, --keep (keep the database and the usage stream on exit). While it runs, type `add` to
 * start one more data plane or `stop <n>` to SIGTERM data plane n. Ctrl-C stops everything and cleans up.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { subjects } from "../proto/subjects.ts";
import { deleteUsageStream } from "../proto/transport-nats.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const LOG_LINES = 400;

export interface LocalClusterOptions {
  /** Data planes to start with (default 3). */
  replicas?: number;
  /** Added to every process's environment (on top of this process's own): provider keys and base URLs, … */
  env?: Record<string, string>;
  /** Postgres to create the run's database on; its database is only used to issue CREATE/DROP DATABASE. */
  adminDatabaseUrl?: string;
  natsUrl?: string;
  /** The bootstrap organization's management key (default: a random one). */
  managementKey?: string;
  /** Keep the database and the usage stream after close(). */
  keep?: boolean;
  /** Every line the processes print, prefixed with their name. */
  onLog?: (line: string) => void;
  /** How long close() lets the processes drain before SIGKILL (default 45 s, as on Kubernetes). */
  stopGraceMs?: number;
}

export interface LocalReplica {
  /** dp1, dp2, …: numbers are never reused within a run. */
  readonly name: string;
  readonly baseUrl: string;
  readonly metricsUrl: string;
  readonly pid: number | undefined;
  readonly running: boolean;
  /** Resolves with the exit code (null when killed by a signal) once the process is gone. */
  readonly exited: Promise<number | null>;
}

export interface LocalCluster {
  readonly controlPlaneUrl: string;
  readonly managementKey: string;
  /** The run's own database. */
  readonly databaseUrl: string;
  readonly natsUrl: string;
  readonly natsPrefix: string;
  /** What the operator CLI (`npx svc …`) needs to act on this cluster. */
  readonly cliEnv: Readonly<Record<string, string>>;
  /** Data planes started so far, stopped ones included (see `running`). */
  readonly replicas: readonly LocalReplica[];
  /** Starts one more data plane and resolves once it is ready (GET /ready is 200). */
  addReplica(): Promise<LocalReplica>;
  /** Signals a data plane (SIGTERM: graceful drain) and resolves with its exit code. */
  stopReplica(replica: LocalReplica, signal?: NodeJS.Signals): Promise<number | null>;
  /** The processes' recent output, for failure messages. */
  logs(): string;
  /** Stops every process, then drops the database and deletes the usage stream (unless `keep`). */
  close(): Promise<void>;
}

interface Child {
  readonly name: string;
  readonly process: ChildProcess;
  readonly exited: Promise<number | null>;
  /** Resolves with the URL the process prints when it listens. */
  readonly listening: Promise<string>;
  readonly running: () => boolean;
}

/** The file behind `npm run <script>` ("tsx <file>"), run as `node --import tsx <file>` so signals reach it. */
function scriptFile(script: "controlplane" | "dataplane"): string {
  const scripts = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
  const file = /^tsx (\S+)$/.exec(scripts[script] ?? "")?.[1];
  if (!file) throw new Error(`npm run ${script} is not "tsx <file>" any more; update deploy/local-cluster.ts`);
  return file;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Polls `check` until it passes; gives up early when the process it waits for has exited. */
async function waitFor(what: string, timeoutMs: number, child: Child, check: () => Promise<boolean>, logs: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (!child.running()) throw new Error(`${what}: ${child.name} exited\n${logs()}`);
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms\n${logs()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function startLocalCluster(opts: LocalClusterOptions = {}): Promise<LocalCluster> {
  const adminUrl = opts.adminDatabaseUrl ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const natsUrl = opts.natsUrl ?? process.env.NATS_URL ?? "nats://127.0.0.1:4222";
  const managementKey = opts.managementKey ?? `svc_mgmt_local_${randomBytes(16).toString("hex")}`;
  const natsPrefix = `cluster${randomBytes(5).toString("hex")}`;
  const dbName = `svc_cluster_${randomBytes(5).toString("hex")}`;
  const databaseUrl = (() => {
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    return u.toString();
  })();
  const root = mkdtempSync(join(tmpdir(), "svc-cluster-"));
  const lines: string[] = [];
  const children: Child[] = [];
  const replicas: (LocalReplica & { child: Child })[] = [];
  let nextReplica = 1;
  let closing: Promise<void> | undefined;

  const logs = () => lines.join("\n");
  const push = (line: string) => {
    lines.push(line);
    if (lines.length > LOG_LINES) lines.splice(0, lines.length - LOG_LINES);
    opts.onLog?.(line);
  };
  const spawnChild = (name: string, script: "controlplane" | "dataplane", env: Record<string, string>): Child => {
    const proc = spawn(process.execPath, ["--import", "tsx", scriptFile(script)], {
      cwd: ROOT,
      env: { ...process.env, ...opts.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
      // its own process group: a Ctrl-C in the terminal reaches this script only, which then stops the
      // processes in order (data planes first) instead of every process at once
      detached: true,
    });
    let resolveListening!: (url: string) => void;
    const listening = new Promise<string>((r) => (resolveListening = r));
    const keep = (chunk: Buffer) => {
      for (const l of chunk.toString().split("\n")) {
        if (!l) continue;
        push(`${name}: ${l}`);
        const url = /listening on (http:\/\/\S+)/.exec(l)?.[1];
        if (url) resolveListening(url);
      }
    };
    proc.stdout!.on("data", keep);
    proc.stderr!.on("data", keep);
    const exited = new Promise<number | null>((resolve) => {
      proc.once("exit", (code, signal) => {
        push(`${name}: exited (${signal ?? code})`);
        resolve(code);
      });
    });
    const child: Child = { name, process: proc, exited, listening, running: () => proc.exitCode === null && proc.signalCode === null };
    children.push(child);
    return child;
  };

  // the processes are in their own group, so nothing else stops them if this process dies without close()
  const killAll = () => {
    for (const c of children) if (c.running()) c.process.kill("SIGKILL");
  };
  process.once("exit", killAll);

  const keyHashSecret = randomBytes(32).toString("hex");
  const common = { NATS_URL: natsUrl, SVC_NATS_PREFIX: natsPrefix, SVC_KEY_HASH_SECRET: keyHashSecret, HOST: "127.0.0.1" };
  let controlPlaneUrl = "";

  const addReplica = async (): Promise<LocalReplica> => {
    if (closing) throw new Error("the cluster is closing");
    const name = `dp${nextReplica++}`;
    const dir = join(root, name);
    mkdirSync(dir);
    const metricsPort = await freePort();
    // PORT=0: the process picks a free port and prints it, so there is no window for another process to take it
    const child = spawnChild(name, "dataplane", { ...common, PORT: "0", METRICS_PORT: String(metricsPort), CONTROLPLANE_URL: controlPlaneUrl, SVC_DATA_DIR: dir });
    const baseUrl = await Promise.race([child.listening, child.exited.then(() => "")]);
    if (!baseUrl) throw new Error(`${name} exited before it listened\n${logs()}`);
    await waitFor(`${name} was not ready (GET /ready)`, 60_000, child, async () => (await fetch(`${baseUrl}/ready`)).status === 200, logs);
    const replica = {
      name,
      baseUrl,
      metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
      get pid() {
        return child.process.pid;
      },
      get running() {
        return child.running();
      },
      exited: child.exited,
      child,
    };
    replicas.push(replica);
    // in name order whatever order they became ready in
    replicas.sort((a, b) => Number(a.name.slice(2)) - Number(b.name.slice(2)));
    return replica;
  };

  const stopChild = async (child: Child, signal: NodeJS.Signals): Promise<number | null> => {
    if (child.running()) child.process.kill(signal);
    return child.exited;
  };

  const close = (): Promise<void> =>
    (closing ??= (async () => {
      const grace = opts.stopGraceMs ?? 45_000;
      // data planes first, so their last usage reaches the control plane while it still runs
      const stopAll = async (list: Child[]) => {
        await Promise.all(
          list.map(async (c) => {
            if (!c.running()) return;
            const timer = setTimeout(() => c.process.kill("SIGKILL"), grace);
            await stopChild(c, "SIGTERM");
            clearTimeout(timer);
          }),
        );
      };
      await stopAll(children.filter((c) => c.name !== "cp"));
      await stopAll(children.filter((c) => c.name === "cp"));
      if (!opts.keep) {
        await deleteUsageStream(natsUrl, subjects(natsPrefix)).catch(() => undefined);
        await adminQuery(adminUrl, `drop database if exists ${dbName} with (force)`).catch(() => undefined);
      }
      rmSync(root, { recursive: true, force: true });
      process.off("exit", killAll);
    })());

  try {
    await adminQuery(adminUrl, `create database ${dbName}`);
    mkdirSync(join(root, "cp"));
    const cp = spawnChild("cp", "controlplane", {
      ...common,
      DATABASE_URL: databaseUrl,
      CONTROLPLANE_PORT: "0",
      SVC_DATA_DIR: join(root, "cp"),
      SVC_BOOTSTRAP_MGMT_KEY: managementKey,
      SVC_BOOTSTRAP_CREDIT: opts.env?.SVC_BOOTSTRAP_CREDIT ?? process.env.SVC_BOOTSTRAP_CREDIT ?? "10",
    });
    controlPlaneUrl = await Promise.race([cp.listening, cp.exited.then(() => "")]);
    if (!controlPlaneUrl) throw new Error(`the control plane exited before it listened\n${logs()}`);
    await waitFor("the control plane did not answer GET /status", 60_000, cp, async () => (await fetch(`${controlPlaneUrl}/status`)).ok, logs);
    await Promise.all(Array.from({ length: opts.replicas ?? 3 }, () => addReplica()));
  } catch (err) {
    await close();
    throw err;
  }

  return {
    controlPlaneUrl,
    managementKey,
    databaseUrl,
    natsUrl,
    natsPrefix,
    cliEnv: { DATABASE_URL: databaseUrl, NATS_URL: natsUrl, SVC_NATS_PREFIX: natsPrefix, SVC_KEY_HASH_SECRET: keyHashSecret },
    replicas,
    addReplica,
    stopReplica: (replica, signal = "SIGTERM") => {
      const r = replicas.find((x) => x === replica || x.name === replica.name);
      if (!r) throw new Error(`unknown replica ${replica.name}`);
      return stopChild(r.child, signal);
    },
    logs,
    close,
  };
}

async function main(argv: string[]): Promise<void> {
  const flag = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const replicas = Number(flag("--replicas") ?? "3");
  if (!Number.isInteger(replicas) || replicas < 1) throw new Error("--replicas must be a positive whole number");
  const keep = argv.includes("--keep");
  console.log(`starting a control plane and ${replicas} data planes …`);
  const cluster = await startLocalCluster({ replicas, keep, onLog: (l) => console.log(l) });
  const show = () => {
    console.log("");
    console.log(`control plane    ${cluster.controlPlaneUrl}   (management API and /status; also relayed by every data plane)`);
    for (const r of cluster.replicas) {
      console.log(`data plane ${r.name.slice(2).padEnd(4)}  ${r.baseUrl}   metrics ${r.metricsUrl}${r.running ? "" : "   (stopped)"}`);
    }
    console.log(`management key   ${cluster.managementKey}`);
    console.log(`database         ${cluster.databaseUrl}${keep ? "" : "   (dropped on exit; --keep keeps it)"}`);
    console.log(`NATS             ${cluster.natsUrl}, subject prefix ${cluster.natsPrefix}`);
    console.log(`operator CLI     ${Object.entries(cluster.cliEnv).map(([k, v]) => `${k}=${v}`).join(" ")} npx svc org list`);
    console.log(`commands         add | stop <n> | list      Ctrl-C stops everything`);
  };
  show();
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the data planes (drain), then the control plane …`);
    cluster.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  if (process.stdin.isTTY) {
    const rl = createInterface({ input: process.stdin });
    rl.on("line", (line) => {
      const [cmd, arg] = line.trim().split(/\s+/);
      if (cmd === "add") {
        cluster.addReplica().then(show, (err: unknown) => console.error(String(err)));
      } else if (cmd === "stop") {
        const r = cluster.replicas.find((x) => x.name === `dp${arg}`);
        if (!r || !r.running) console.log(`no running data plane ${arg}`);
        else void cluster.stopReplica(r).then((code) => console.log(`${r.name} exited with ${code}`));
      } else if (cmd === "list") {
        show();
      } else if (cmd) {
        console.log("commands: add | stop <n> | list");
      }
    });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    console.error(`local cluster failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
