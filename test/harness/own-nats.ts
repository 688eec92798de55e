import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, waitForPort } from "./ports.ts";

/**
 * A nats-server with JetStream of the test's own (own port, own store directory), so a fault test can kill and
 * restart the bus without touching the one other tests share. The store survives restarts, as a deployment's does.
 */
export interface OwnNats {
  readonly url: string;
  kill(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

const NATS_BIN = ["/usr/sbin/nats-server", "/usr/bin/nats-server", "/usr/local/bin/nats-server"].find((p) => existsSync(p));

export async function startOwnNats(): Promise<OwnNats> {
  if (!NATS_BIN) throw new Error("nats-server is not installed (apt-get install nats-server)");
  const store = mkdtempSync(join(tmpdir(), "svc-own-nats-"));
  const port = await freePort();
  let child: ChildProcess | undefined;
  let log = "";

  const start = async () => {
    const c = spawn(NATS_BIN, ["-a", "127.0.0.1", "-p", String(port), "-js", "-sd", store], { stdio: ["ignore", "pipe", "pipe"] });
    c.stdout!.on("data", (d: Buffer) => (log += d.toString()));
    c.stderr!.on("data", (d: Buffer) => (log += d.toString()));
    child = c;
    await waitForPort(port, 15_000).catch((err: unknown) => {
      throw new Error(`${String(err)}\n${log}`);
    });
  };

  const kill = async () => {
    const c = child;
    child = undefined;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const exited = new Promise((r) => c.once("exit", r));
    c.kill("SIGKILL");
    await exited;
  };

  await start();
  return {
    url: `nats://127.0.0.1:${port}`,
    kill,
    start,
    async close() {
      await kill();
      rmSync(store, { recursive: true, force: true });
    },
  };
}
