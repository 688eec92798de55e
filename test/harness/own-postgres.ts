import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { freePort } from "./ports.ts";

/**
 * A PostgreSQL server of the test's own (initdb into a temporary directory, its own port), so a fault test can
 * crash and restart it without touching the server other tests share. Runs as the `postgres` OS user when the
 * test runs as root (the server refuses root).
 */
export interface OwnPostgres {
  readonly url: string;
  readonly port: number;
  /** Immediate shutdown (SIGQUIT): what a crash leaves, recovered from the WAL on the next start. */
  crash(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

function binDir(): string {
  const base = "/usr/lib/postgresql";
  const versions = existsSync(base) ? readdirSync(base).filter((v) => existsSync(join(base, v, "bin", "initdb"))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error(`no PostgreSQL server binaries under ${base} (apt-get install postgresql)`);
  return join(base, newest, "bin");
}

function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
  return { uid, gid };
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = binDir();
  const user = runAs();
  const dir = mkdtempSync(join(tmpdir(), "svc-own-pg-"));
  if (user) chownSync(dir, user.uid, user.gid);
  const data = join(dir, "data");
  execFileSync(join(bin, "initdb"), ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"], { stdio: "pipe", ...user });
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let child: ChildProcess | undefined;
  let log = "";

  const start = async () => {
    const c = spawn(join(bin, "postgres"), ["-D", data, "-p", String(port), "-c", "listen_addresses=127.0.0.1", "-c", `unix_socket_directories=${dir}`, "-c", "max_connections=200"], {
      stdio: ["ignore", "pipe", "pipe"],
      ...user,
    });
    c.stdout!.on("data", (d: Buffer) => (log += d.toString()));
    c.stderr!.on("data", (d: Buffer) => (log += d.toString()));
    child = c;
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (c.exitCode !== null) throw new Error(`postgres exited at start:\n${log}`);
      const client = new pg.Client({ connectionString: url });
      client.on("error", () => undefined);
      try {
        await client.connect();
        await client.query("select 1");
        await client.end();
        return;
      } catch {
        await client.end().catch(() => undefined);
        if (Date.now() > deadline) throw new Error(`postgres did not accept connections in 30 s:\n${log}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  };

  const stop = async (signal: NodeJS.Signals) => {
    const c = child;
    child = undefined;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const exited = new Promise((r) => c.once("exit", r));
    c.kill(signal);
    await exited;
  };

  await start();
  return {
    url,
    port,
    crash: () => stop("SIGQUIT"),
    start,
    async close() {
      await stop("SIGQUIT");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
